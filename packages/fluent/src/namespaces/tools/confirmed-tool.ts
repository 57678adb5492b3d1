import { type BaseTool, type Context } from '@adk-fluent/core'
import { confirmationHint } from '@adk-fluent/core/internal'
import { ForwardingTool } from './forwarding-tool.js'

/**
 * `T.confirm(tool)`: every call waits for the user's approval (core's tool-confirmation protocol) before the inner
 * tool runs; a rejected call answers `{ error: 'This tool call is rejected.' }`.
 * @internal
 */
export class ConfirmedTool extends ForwardingTool {
  readonly hint: string | undefined

  constructor(inner: BaseTool, hint?: string) {
    super(inner)
    this.hint = hint
  }

  override async runAsync(request: { args: Record<string, unknown>; toolContext: Context }): Promise<unknown> {
    const { toolContext } = request
    const confirmation = toolContext.toolConfirmation
    if (!confirmation) {
      toolContext.requestConfirmation({ hint: this.hint ?? confirmationHint(this.name) })
      toolContext.actions.skipSummarization = true
      return { error: 'This tool call requires confirmation, please approve or reject.' }
    }
    if (!confirmation.confirmed) return { error: 'This tool call is rejected.' }
    return this.inner.runAsync(request)
  }
}
