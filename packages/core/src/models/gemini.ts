import { BaseLlm } from './base-llm.js'
import type { LlmRequest } from './llm-request.js'
import type { LlmResponse } from './llm-response.js'
import { ModelError } from '../errors/runtime-errors.js'

export interface GeminiOptions {
  model: string
  apiKey?: string
  vertexai?: boolean
  project?: string
  location?: string
  httpOptions?: Record<string, unknown>
}

/** Gemini on `@google/genai` (being written: see issue 4). */
export class Gemini extends BaseLlm {
  constructor(options: GeminiOptions) {
    super({ model: options.model })
  }

  // eslint-disable-next-line require-yield
  async *generateContentAsync(_request: LlmRequest): AsyncGenerator<LlmResponse, void, undefined> {
    throw new ModelError(`Gemini adapter for "${this.model}" is not available in this build yet.`)
  }
}
