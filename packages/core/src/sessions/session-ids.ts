import { ConfigError } from '../errors/config-error.js'
import { isWellFormedText } from './storable-state.js'

/** The ids naming a session (or, without `sessionId`, an app's or a user's sessions). */
export interface SessionIds {
  readonly appName: string
  readonly userId?: string | undefined
  readonly sessionId?: string | undefined
}

/**
 * The one rule for the ids of every session service: app names, user ids and session ids are strings of well-formed
 * UTF-16. A lone surrogate (`"acct\uD800"`) becomes U+FFFD in a database's UTF-8 text, so two such ids would name
 * one row there: one user's session would be read under another's id. `undefined` when the ids are fine, else what
 * is wrong with the first bad one.
 */
export function sessionIdsIssue(ids: SessionIds): string | undefined {
  for (const field of ['appName', 'userId', 'sessionId'] as const) {
    const id: unknown = ids[field]
    if (id === undefined && field !== 'appName') continue
    if (typeof id !== 'string') return `${field} must be a string, got ${id === null ? 'null' : typeof id}.`
    if (!isWellFormedText(id)) {
      return `${field} ${JSON.stringify(id)} is not well-formed UTF-16 (it has a lone surrogate); stores keep ids as UTF-8 text, where it would name the same session as other ids. Use well-formed text.`
    }
  }
  return undefined
}

/**
 * Throws a {@link ConfigError} when {@link sessionIdsIssue} finds a problem. Session services call it before a write
 * (`createSession`, `appendEvent`); reads with such ids find nothing, since no such session can be stored.
 */
export function assertSessionIds(ids: SessionIds, where: string): void {
  const issue = sessionIdsIssue(ids)
  if (issue !== undefined) throw new ConfigError([{ code: 'session_ids_invalid', path: [where], message: issue }])
}
