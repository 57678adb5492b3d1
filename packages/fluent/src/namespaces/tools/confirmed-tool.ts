import { type BaseTool, type Context } from '@adk-fluent/core'
import { confirmationGate } from '@adk-fluent/core/internal'
import { ForwardingTool } from './forwarding-tool.js'

/**
 * `T.confirm(tool)`: every call waits for the user's approval (core's tool-confirmation protocol, the same gate as
 * `FunctionTool`'s `requireConfirmation`) before the inner tool runs; a rejected call answers
 * `{ error: 'This tool call is rejected.' }` and the inner tool never runs.
 * @internal
 */
export class ConfirmedTool extends ForwardingTool {
  readonly hint: string | undefined

  constructor(inner: BaseTool, hint?: string) {
    super(inner)
    this.hint = hint
  }

  override async runAsync(request: { args: Record<string, unknown>; toolContext: Context }): Promise<unknown> {
    return confirmationGate(this.name, request.toolContext, this.hint) ?? this.inner.runAsync(request)
  }
}
