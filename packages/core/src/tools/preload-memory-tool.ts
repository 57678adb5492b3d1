import type { Context } from '../agents/context.js'
import type { LlmRequest } from '../models/llm-request.js'
import { appendInstructions } from '../models/llm-request.js'
import { preloadedMemoryInstruction } from '../memory/memory-prompt.js'
import { BaseTool } from './base-tool.js'
import type { MemoryToolOptions } from './load-memory-tool.js'
import { memoryLimitOf } from './memory-tool-options.js'
import { ConfigError } from '../errors/config-error.js'
import { describeValue } from '../util/describe-value.js'

/** Options of {@link PreloadMemoryTool}. */
export interface PreloadMemoryToolOptions extends MemoryToolOptions {
  /**
   * Receives a warning when the memory search fails (the model call goes on without memories); default
   * `console.warn`.
   */
  onWarning?: (message: string) => void
}

/**
 * ADK's `preload_memory` tool: before each model call of the agent, searches the memory with the text of the user's
 * message and adds the memories found to the system instruction (`<PAST_CONVERSATIONS>`, a `Time:` and an
 * `author: text` line per memory, oldest first); nothing when none matches. The model never calls it (it declares no
 * function). It searches the `Runner`'s `memoryService`; as in ADK, a run without one gets no memories, and a search
 * that fails is reported to `onWarning` while the model call goes on without memories.
 *
 * @example new LlmAgent({ name: 'assistant', tools: [new PreloadMemoryTool()] })
 */
export class PreloadMemoryTool extends BaseTool {
  readonly limit: number | undefined
  readonly #onWarning: (message: string) => void

  constructor(options: PreloadMemoryToolOptions = {}) {
    super({ name: 'preload_memory', description: 'preload_memory' })
    this.limit = memoryLimitOf('PreloadMemoryTool', options)
    const onWarning = options.onWarning
    if (onWarning !== undefined && typeof onWarning !== 'function') {
      throw new ConfigError([
        {
          code: 'function_invalid',
          path: ['PreloadMemoryTool', 'onWarning'],
          message: `onWarning must be a function, got ${describeValue(onWarning)}.`,
          hint: 'Pass new PreloadMemoryTool({ onWarning: (message) => logger.warn(message) }).',
        },
      ])
    }
    this.#onWarning = onWarning ?? ((message) => console.warn(message))
  }

  /** Never called: the tool declares no function. */
  override async runAsync(): Promise<unknown> {
    return { error: 'preload_memory is not a function; memories are added to the system instruction.' }
  }

  /** Adds the memories that match the user's message to the system instruction. */
  override async processLlmRequest({
    toolContext,
    llmRequest,
  }: {
    toolContext: Context
    llmRequest: LlmRequest
  }): Promise<void> {
    const query = (toolContext.userContent?.parts ?? [])
      .map((part) => (part.thought === true ? undefined : part.text))
      .filter((text): text is string => typeof text === 'string' && text.length > 0)
      .join(' ')
    if (query.trim().length === 0 || !toolContext.invocationContext.memoryService) return
    let memories: Awaited<ReturnType<Context['searchMemory']>>['memories']
    try {
      ;({ memories } = await toolContext.searchMemory(query, this.limit === undefined ? {} : { limit: this.limit }))
    } catch (error) {
      // An abort ends the run as everywhere else; a failing memory store only costs this call its memories.
      if (toolContext.invocationContext.abortSignal?.aborted) throw error
      this.#onWarning(
        `Failed to preload memory for query: ${query} (agent "${toolContext.agentName}": ${error instanceof Error ? error.message : String(error)}); the model call goes on without memories.`,
      )
      return
    }
    const instruction = preloadedMemoryInstruction(memories)
    if (instruction) appendInstructions(llmRequest, [instruction])
  }
}
