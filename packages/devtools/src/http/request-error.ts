import { AdkFluentError, registerErrorCode } from '@adk-fluent/core'
import { sessionErrors } from '@adk-fluent/core/internal'

/** The HTTP status of each kind of refused request. */
const statuses = {
  HTTP_BAD_REQUEST: 400,
  HTTP_FORBIDDEN: 403,
  HTTP_NOT_FOUND: 404,
  HTTP_METHOD_NOT_ALLOWED: 405,
  HTTP_CONFLICT: 409,
  HTTP_BODY_TOO_LARGE: 413,
  HTTP_UNSUPPORTED_MEDIA_TYPE: 415,
  HTTP_UNPROCESSABLE: 422,
  HTTP_TOO_MANY: 429,
} as const

/** Stable codes of the requests the dev UI's server and the ADK API server refuse, one per HTTP status. */
export type HttpRequestErrorCode = keyof typeof statuses

declare module '@adk-fluent/core' {
  interface ErrorCodes {
    HTTP_BAD_REQUEST: true
    HTTP_FORBIDDEN: true
    HTTP_NOT_FOUND: true
    HTTP_METHOD_NOT_ALLOWED: true
    HTTP_CONFLICT: true
    HTTP_BODY_TOO_LARGE: true
    HTTP_UNSUPPORTED_MEDIA_TYPE: true
    HTTP_UNPROCESSABLE: true
    HTTP_TOO_MANY: true
  }
}

for (const code of Object.keys(statuses))
  registerErrorCode(code, {
    endsTheRun: false,
    description: `A request to a devtools server was refused (HTTP ${statuses[code as HttpRequestErrorCode]}).`,
  })

/**
 * A request a devtools server (`adk-fluent web`, `adk-fluent api-server`) refuses: a stable code, the HTTP status it
 * is answered with, and a message naming the field, app, session or path at fault. Answered as `{ "error": message }`.
 */
export class HttpRequestError extends AdkFluentError {
  declare readonly code: HttpRequestErrorCode
  readonly status: number

  constructor(code: HttpRequestErrorCode, message: string) {
    super(code, message)
    this.status = statuses[code]
  }
}

/** A 404 for a session the store does not have, in the one wording core's session errors use. */
export function sessionNotFound(sessionId: string): HttpRequestError {
  return new HttpRequestError('HTTP_NOT_FOUND', sessionErrors.notFound(sessionId).message)
}
