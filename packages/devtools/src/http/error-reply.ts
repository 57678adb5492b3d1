import { AdkFluentError } from '@adk-fluent/core'
import { Reply } from './reply.js'
import { HttpRequestError } from './request-error.js'
import { withoutSecrets } from './secrets.js'

/** Statuses of core's codes that are the client's doing: a missing session, a busy one, an existing id, a bad state. */
const statusOfCode: Readonly<Record<string, number>> = {
  SESSION_NOT_FOUND: 404,
  SESSION_BUSY: 409,
  SESSION_EXISTS: 400,
  STATE_KEY_INVALID: 400,
  STATE_VALUE_INVALID: 400,
  INTERRUPT_ANSWER_INVALID: 400,
  // A forged or tampered approval (IntentMismatchError): refused, the tool did not run.
  INTENT_MISMATCH: 403,
}

const stackLine = /^\s*at .+$/gm
const localPath = /(?:file:\/\/)?(?:[A-Za-z]:[\\/]|\\\\|\/)(?:[^\s'"`:;,()<>[\]{}]+[\\/])+[^\s'"`:;,()<>[\]{}]*/g

/** A `ConfigError` about the run request itself (`runAsync`'s message or invocationId): the client's doing, a 400. */
function isRequestIssue(error: AdkFluentError): boolean {
  const issues = (error as { issues?: readonly { path?: readonly unknown[] }[] }).issues
  return (
    error.code === 'CONFIG_INVALID' &&
    Array.isArray(issues) &&
    issues.length > 0 &&
    issues.every((issue) => issue.path?.[0] === 'runAsync')
  )
}

/**
 * The message of an unexpected failure as a client may see it: without stack lines, with every local file path
 * replaced by `<path>` (a server's answer never tells where it is installed or what it read) and without secrets
 * (see `withoutSecrets`: the values of secret environment variables, a URI's password, API keys).
 */
export function publicMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return withoutSecrets(message.replace(stackLine, '')).replace(localPath, '<path>').trim()
}

/**
 * How a failure is answered, as `{ error }`: an {@link HttpRequestError} with its status and message; core's errors
 * that are the client's doing (a missing session 404, a busy one 409, an existing id, an invalid state key or value or an
 * answer to a pause that does not fit it or a run request runAsync refuses 400, a confirmation that does not bind to its call 403) with their message; anything else a 500 `"<prefix>: <public message>"` (see {@link publicMessage}).
 */
export function errorReply(error: unknown, prefix: string): Reply {
  if (HttpRequestError.isInstance(error)) return Reply.error(error.status, error.message)
  const status = AdkFluentError.isInstance(error)
    ? (statusOfCode[error.code] ?? (isRequestIssue(error) ? 400 : undefined))
    : undefined
  if (status !== undefined) return Reply.error(status, error instanceof Error ? error.message : String(error))
  return Reply.error(500, `${prefix}: ${publicMessage(error)}`)
}
