import type { Event } from '../../events/event.js'

/** Function names of framework events that are never sent to a model. */
export const REQUEST_CONFIRMATION_FUNCTION_CALL_NAME = 'adk_request_confirmation'
export const REQUEST_CREDENTIAL_FUNCTION_CALL_NAME = 'adk_request_credential'
export const REQUEST_INPUT_FUNCTION_CALL_NAME = 'adk_request_input'

const frameworkNames = new Set([
  REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
  REQUEST_CREDENTIAL_FUNCTION_CALL_NAME,
  REQUEST_INPUT_FUNCTION_CALL_NAME,
])

/** True when `eventBranch` is the current branch or one of its ancestors (or either is unset). */
export function isBranchVisible(currentBranch: string | undefined, eventBranch: string | undefined): boolean {
  if (!currentBranch || !eventBranch) return true
  return currentBranch === eventBranch || currentBranch.startsWith(`${eventBranch}.`)
}

/**
 * True when an event may appear in a model's history: it has content with a role and parts, its first part is not
 * an empty text, it is on a visible branch, and it is not a framework (auth / confirmation / input) event.
 */
export function isEventVisible(event: Event, branch: string | undefined): boolean {
  const content = event.content
  if (!content || !content.role) return false
  const parts = content.parts
  if (!parts || parts.length === 0) return false
  if (parts[0]?.text === '') return false
  if (!isBranchVisible(branch, event.branch)) return false
  for (const part of parts) {
    const name = part.functionCall?.name ?? part.functionResponse?.name
    if (name !== undefined && frameworkNames.has(name)) return false
  }
  return true
}
