import type { Context } from '../agents/context.js'

/** The hint of the confirmation request a tool that needs approval sends (ADK's sentence). */
export function confirmationHint(toolName: string): string {
  return `Please approve or reject the tool call ${toolName}() by responding with a FunctionResponse with an expected ToolConfirmation payload.`
}

/**
 * ADK's confirmation gate of a tool call that needs approval: `undefined` when the call may run (the user approved
 * it); otherwise the result the tool gives instead of running — on the first pass it asks for the confirmation (the
 * run then pauses with an `adk_request_confirmation` call), once refused it says the call was rejected.
 */
export function confirmationGate(
  toolName: string,
  toolContext: Context,
  hint?: string,
): Record<string, unknown> | undefined {
  const confirmation = toolContext.toolConfirmation
  if (!confirmation) {
    toolContext.requestConfirmation({ hint: hint ?? confirmationHint(toolName) })
    toolContext.actions.skipSummarization = true
    return { error: 'This tool call requires confirmation, please approve or reject.' }
  }
  if (!confirmation.confirmed) return { error: 'This tool call is rejected.' }
  return undefined
}
