const marker = Symbol.for('adk-fluent.devtools.api-request-error')

/** Stable codes of the requests the ADK API server refuses. */
export type ApiRequestErrorCode =
  | 'API_BAD_REQUEST'
  | 'API_NOT_FOUND'
  | 'API_METHOD_NOT_ALLOWED'
  | 'API_BODY_TOO_LARGE'
  | 'API_SESSION_EXISTS'

/**
 * A request the ADK API server refuses: the HTTP status, a stable code and a message naming the field, app or
 * session at fault. Answered as ADK's error shape `{ "error": message }`.
 */
export class ApiRequestError extends Error {
  readonly status: number
  readonly code: ApiRequestErrorCode

  constructor(status: number, code: ApiRequestErrorCode, message: string) {
    super(message)
    Object.defineProperty(this, marker, { value: true })
    this.name = 'ApiRequestError'
    this.status = status
    this.code = code
  }

  /** True for any {@link ApiRequestError}, whichever copy of the module made it. */
  static isInstance(error: unknown): error is ApiRequestError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[marker] === true
  }
}
