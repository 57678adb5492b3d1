import { z } from 'zod'
import type { Context } from '../agents/context.js'
import type { LlmRequest } from '../models/llm-request.js'
import { appendInstructions } from '../models/llm-request.js'
import type { SearchMemoryResponse } from '../memory/memory-entry.js'
import { LOAD_MEMORY_INSTRUCTION } from '../memory/memory-prompt.js'
import { FunctionTool } from './function-tool.js'
import { memoryLimitOf } from './memory-tool-options.js'

const parameters = z.object({ query: z.string().describe('The query to load the memory for.') })

/** Options of {@link LoadMemoryTool} and `PreloadMemoryTool`. */
export interface MemoryToolOptions {
  /** At most this many memories per search, the newest that match (default 50; `Infinity`: all). */
  limit?: number
}

/**
 * ADK's `load_memory` tool: the model calls `load_memory({ query })` and gets `{ memories: MemoryEntry[] }`, the
 * memories of this user that share a word with the query; the agent's system instruction says it has memory. The
 * run's memory service is the `Runner`'s `memoryService`; without one, the call is answered with an error saying so.
 *
 * @example new LlmAgent({ name: 'assistant', tools: [new LoadMemoryTool()] })
 */
export class LoadMemoryTool extends FunctionTool<typeof parameters, SearchMemoryResponse> {
  readonly limit: number | undefined

  constructor(options: MemoryToolOptions = {}) {
    const limit = memoryLimitOf('LoadMemoryTool', options)
    super({
      name: 'load_memory',
      description: 'Loads the memory for the current user.',
      parameters,
      execute: ({ query }, context) => context.searchMemory(query, limit === undefined ? {} : { limit }),
    })
    this.limit = limit
  }

  /** Declares `load_memory` and tells the model it has memory (ADK's sentence, in the system instruction). */
  override async processLlmRequest(request: { toolContext: Context; llmRequest: LlmRequest }): Promise<void> {
    await super.processLlmRequest(request)
    appendInstructions(request.llmRequest, [LOAD_MEMORY_INSTRUCTION])
  }
}
