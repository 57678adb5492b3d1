import type { FunctionDeclaration } from '../models/genai-types.js'
import type { Context } from '../agents/context.js'
import { BaseTool } from './base-tool.js'

/**
 * ADK's `exit_loop` tool: the model calls it to end the enclosing `LoopAgent`. It escalates (the loop stops after
 * the current sub-agent) and skips summarization (the exiting agent does not call its model again).
 */
export class ExitLoopTool extends BaseTool {
  constructor() {
    super({
      name: 'exit_loop',
      description: 'Exits the loop.\n\nCall this function only when you are instructed to do so.',
    })
  }

  /** `{ name, description }`: the tool takes no arguments. */
  override getDeclaration(): FunctionDeclaration {
    return { name: this.name, description: this.description }
  }

  /** Sets `actions.escalate` and `actions.skipSummarization`; returns `''`. */
  override async runAsync({ toolContext }: { args: Record<string, unknown>; toolContext: Context }): Promise<string> {
    toolContext.actions.escalate = true
    toolContext.actions.skipSummarization = true
    return ''
  }
}

/** The shared `exit_loop` tool instance; add it to the tools of an agent inside a `LoopAgent`. */
export const exitLoop: ExitLoopTool = new ExitLoopTool()
