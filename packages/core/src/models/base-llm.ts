import type { LlmRequest } from './llm-request.js'
import type { LlmResponse } from './llm-response.js'
import { brandSymbol, hasBrand } from '../util/brand.js'

const llmBrand = brandSymbol('base-llm')

/**
 * A model. Subclasses implement {@link BaseLlm.generateContentAsync}, yielding one response, or with `stream`
 * partial chunks followed by one aggregated non-partial response. The request's contents may be the session's own
 * objects: an implementation must not modify them (copy what it changes, as `maybeAppendUserContent` callers do).
 */
export abstract class BaseLlm {
  readonly model: string

  constructor(options: { model: string }) {
    Object.defineProperty(this, llmBrand, { value: true })
    this.model = options.model
  }

  abstract generateContentAsync(
    request: LlmRequest,
    stream?: boolean,
    abortSignal?: AbortSignal,
  ): AsyncGenerator<LlmResponse, void, undefined>

  /**
   * ADK's `maybeAppendUserContent`: real model adapters call it before sending, so a request never ends on a
   * model turn and is never empty. Scripted test models do not.
   */
  protected maybeAppendUserContent(request: LlmRequest): void {
    if (request.contents.length === 0) {
      request.contents.push({
        role: 'user',
        parts: [{ text: 'Handle the requests as specified in the System Instruction.' }],
      })
    }
    const last = request.contents[request.contents.length - 1]
    if (last && last.role !== 'user') {
      request.contents.push({
        role: 'user',
        parts: [
          {
            text: 'Continue processing previous requests as instructed. Exit or provide a summary if no more outputs are needed.',
          },
        ],
      })
    }
  }
}

/** True for any {@link BaseLlm}, whichever module instance created it. */
export function isBaseLlm(value: unknown): value is BaseLlm {
  return hasBrand(value, llmBrand)
}
