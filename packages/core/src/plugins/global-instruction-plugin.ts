import type { ReadonlyContext } from '../agents/readonly-context.js'
import type { Context } from '../agents/context.js'
import type { LlmRequest } from '../models/llm-request.js'
import { injectSessionState } from '../instructions/inject-session-state.js'
import { BasePlugin } from './base-plugin.js'

/**
 * Puts one instruction in front of every agent's system instruction, for the whole app. A string is a template:
 * its `{key}` templates are filled from state at each call; a function is called with the context and used as
 * returned. An empty result changes nothing.
 *
 * @example
 * new InMemoryRunner({ agent, plugins: [new GlobalInstructionPlugin('Always answer in {language}.')] })
 */
export class GlobalInstructionPlugin extends BasePlugin {
  readonly globalInstruction: string | ((context: ReadonlyContext) => string | Promise<string>)

  constructor(
    globalInstruction: string | ((context: ReadonlyContext) => string | Promise<string>),
    name = 'global_instruction',
  ) {
    super(name)
    this.globalInstruction = globalInstruction
  }

  /** Prepends the instruction: `"<global>\n\n<existing>"`, or just `<global>`; never short-circuits. */
  override async beforeModelCallback({
    callbackContext,
    llmRequest,
  }: {
    callbackContext: Context
    llmRequest: LlmRequest
  }): Promise<undefined> {
    const instruction =
      typeof this.globalInstruction === 'string'
        ? await injectSessionState(this.globalInstruction, callbackContext)
        : await this.globalInstruction(callbackContext)
    if (!instruction) return undefined
    const existing = llmRequest.config.systemInstruction
    llmRequest.config.systemInstruction = existing ? `${instruction}\n\n${existing}` : instruction
    return undefined
  }
}
