import type { Event } from '../../events/event.js'
import { FRAMEWORK_FUNCTION_CALL_NAMES as frameworkNames } from '../../pause/interrupt-names.js'

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
