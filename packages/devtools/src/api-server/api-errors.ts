import { AdkFluentError } from '@adk-fluent/core'
import { ApiRequestError } from './api-request-error.js'

/** Codes of the client's own mistakes: an existing session id (ADK answers 400), a state key or value not storable. */
const badRequestCodes: ReadonlySet<string> = new Set(['SESSION_EXISTS', 'STATE_KEY_INVALID', 'STATE_VALUE_INVALID'])

/**
 * How a failure is answered, in ADK's error shape `{ error }`: a refused request keeps its status; a missing session
 * is 404, a busy one 409 (the run's lease rule), an existing one or an invalid state key or value 400; anything else
 * is a 500 whose message starts with `prefix` (ADK's "Failed to run agent: …").
 */
export function errorReply(error: unknown, prefix: string): { status: number; body: Record<string, unknown> } {
  if (ApiRequestError.isInstance(error)) return { status: error.status, body: { error: error.message } }
  const message = error instanceof Error ? error.message : String(error)
  if (AdkFluentError.isInstance(error)) {
    const status =
      error.code === 'SESSION_NOT_FOUND'
        ? 404
        : error.code === 'SESSION_BUSY'
          ? 409
          : badRequestCodes.has(error.code)
            ? 400
            : 500
    return { status, body: { error: status === 500 ? `${prefix}: ${message}` : message } }
  }
  return { status: 500, body: { error: `${prefix}: ${message}` } }
}
