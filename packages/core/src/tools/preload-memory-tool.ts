import type { Context } from '../agents/context.js'
import type { LlmRequest } from '../models/llm-request.js'
import { appendInstructions } from '../models/llm-request.js'
import { preloadedMemoryInstruction } from '../memory/memory-prompt.js'
import { BaseTool } from './base-tool.js'
import type { MemoryToolOptions } from './load-memory-tool.js'
import { memoryLimitOf } from './memory-tool-options.js'

/**
 * ADK's `preload_memory` tool: before each model call of the agent, searches the memory with the text of the user's
 * message and adds the memories found to the system instruction (`<PAST_CONVERSATIONS>`, a `Time:` and an
 * `author: text` line per memory, oldest first); nothing when none matches. The model never calls it (it declares no
 * function). The run needs the `Runner`'s `memoryService`; without one the call fails with a `ConfigError`.
 *
 * @example new LlmAgent({ name: 'assistant', tools: [new PreloadMemoryTool()] })
 */
export class PreloadMemoryTool extends BaseTool {
  readonly limit: number | undefined

  constructor(options: MemoryToolOptions = {}) {
    super({ name: 'preload_memory', description: 'preload_memory' })
    this.limit = memoryLimitOf('PreloadMemoryTool', options)
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
    if (query.trim().length === 0) return
    const { memories } = await toolContext.searchMemory(query, this.limit === undefined ? {} : { limit: this.limit })
    const instruction = preloadedMemoryInstruction(memories)
    if (instruction) appendInstructions(llmRequest, [instruction])
  }
}
