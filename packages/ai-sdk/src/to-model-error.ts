import { AbortError, AdkFluentError, ModelError } from '@adk-fluent/core'
import { parseRetryAfter } from '@adk-fluent/core/internal'

/** What an AI SDK `APICallError` says (read structurally: no runtime import of `@ai-sdk/provider`). */
export interface ApiCallFailure {
  readonly statusCode: number | undefined
  readonly message: string
  readonly isRetryable: boolean
  readonly responseHeaders: Readonly<Record<string, string>> | undefined
}

const apiCallErrorMarker = Symbol.for('vercel.ai.error.AI_APICallError')

/** Reads an AI SDK `APICallError` (HTTP or network failure of a provider call); `undefined` for other errors. */
export function readApiCallError(error: unknown): ApiCallFailure | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const marked = (error as Record<symbol, unknown>)[apiCallErrorMarker] === true
  if (!marked && (error as { name?: unknown }).name !== 'AI_APICallError') return undefined
  const fields = error as {
    statusCode?: unknown
    message?: unknown
    isRetryable?: unknown
    responseHeaders?: unknown
  }
  return {
    statusCode: typeof fields.statusCode === 'number' ? fields.statusCode : undefined,
    message: typeof fields.message === 'string' ? fields.message : '',
    isRetryable: fields.isRetryable === true,
    responseHeaders:
      typeof fields.responseHeaders === 'object' && fields.responseHeaders !== null
        ? (fields.responseHeaders as Record<string, string>)
        : undefined,
  }
}

/**
 * Turns whatever an AI SDK model threw (or reported in its stream) into the error the run ends with:
 *
 * - the call's abort signal fired → core's `AbortError`;
 * - an `APICallError` with an HTTP status → `ModelError` with that `status`, `errorCode` = the status as a string,
 *   and a message naming the model, the status and the provider's explanation (with a hint for 401/403/404);
 * - any other error (network failure, `UnsupportedFunctionalityError`, …) → `ModelError` with its message, and
 *   `errorCode` = its AI SDK name (`'AI_UnsupportedFunctionalityError'`).
 *
 * The cause is a copy that keeps the name, message, status, URL and response body but not the request body (an
 * `APICallError` carries the whole prompt there, and errors never carry prompts).
 */
export function toModelError(error: unknown, model: string, abortSignal?: AbortSignal, note?: string): AdkFluentError {
  if (abortSignal?.aborted) {
    return AdkFluentError.isInstance(error) && error.code === 'ABORTED'
      ? error
      : new AbortError('The model call was aborted.', { cause: abortSignal.reason })
  }
  if (AdkFluentError.isInstance(error)) return error
  const api = readApiCallError(error)
  const reason = error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error)
  let message: string
  const options: { status?: number; errorCode?: string; retryAfterMs?: number; cause: unknown } = {
    cause: safeCause(error),
  }
  const retryAfterMs = api ? retryAfterOf(api.responseHeaders) : undefined
  if (retryAfterMs !== undefined) options.retryAfterMs = retryAfterMs
  if (api?.statusCode !== undefined) {
    message = `Model call to "${model}" failed with HTTP ${api.statusCode}: ${asSentence(api.message)}${hintFor(api.statusCode)}`
    options.status = api.statusCode
    options.errorCode = String(api.statusCode)
  } else {
    message = `Model call to "${model}" failed: ${asSentence(reason || 'no details')}`
    const name = error instanceof Error ? error.name : undefined
    if (name && name.startsWith('AI_')) options.errorCode = name
  }
  return new ModelError(note ? `${message} ${note}` : message, options)
}

/** The wait a response asks for: OpenAI's `retry-after-ms`, else the standard `Retry-After` (seconds or a date). */
export function retryAfterOf(headers: Readonly<Record<string, string>> | undefined): number | undefined {
  if (!headers) return undefined
  const milliseconds = headers['retry-after-ms']
  if (milliseconds !== undefined && Number.isFinite(Number(milliseconds))) return Math.max(0, Number(milliseconds))
  return parseRetryAfter(headers['retry-after'])
}

function hintFor(status: number): string {
  if (status === 401 || status === 403) return ' Check the API key or credentials and their permissions.'
  if (status === 404) return ' Check the model id and the base URL.'
  return ''
}

function asSentence(text: string): string {
  const trimmed = text.trim()
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`
}

function safeCause(error: unknown): unknown {
  if (!(error instanceof Error)) return error
  const fields = error as { statusCode?: unknown; url?: unknown; responseBody?: unknown; isRetryable?: unknown }
  if (!('requestBodyValues' in error)) return error
  const copy = new Error(error.message) as Error & Record<string, unknown>
  copy.name = error.name
  for (const key of ['statusCode', 'url', 'responseBody', 'isRetryable'] as const) {
    if (fields[key] !== undefined) copy[key] = fields[key]
  }
  return copy
}
