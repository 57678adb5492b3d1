import { ModelError } from '../errors/runtime-errors.js'
import { readApiError } from './read-api-error.js'

/** Describes the failed call for {@link toModelError}. */
export interface ModelCallDescription {
  /** The model's name, quoted in the message. */
  readonly model: string
  /** Values that must never appear in the error (API keys); each is replaced by `[redacted]`. */
  readonly secrets: readonly (string | undefined)[]
  /** A sentence appended to the message (for example why the call was not retried). */
  readonly note?: string | undefined
  /** The wait the server asked for (`Retry-After`), kept on the error for a retry around the call. */
  readonly retryAfterMs?: number | undefined
  /** The URL the call went to, named when the server could not be reached. */
  readonly url?: string
}

/** What a network failure's system code means, in words. */
const networkReasons: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused: is the server running?',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ECONNRESET: 'connection reset by the server',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_SOCKET: 'the connection closed unexpectedly',
}

/** The system code of a failed `fetch` (Node's `TypeError: fetch failed` carries it on its cause), if any. */
function networkCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && code in networkReasons) return code
    const errors = (current as { errors?: unknown }).errors
    if (Array.isArray(errors)) {
      const inner = errors.map(networkCode).find((found) => found !== undefined)
      if (inner) return inner
    }
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * Turns whatever a model client threw into a {@link ModelError} with the HTTP `status` (when there is one),
 * `errorCode` = the status as a string, and a message that names the model, the status and the server's
 * explanation — with every secret and any `key=` query parameter removed, from the message and from the cause.
 */
export function toModelError(error: unknown, call: ModelCallDescription): ModelError {
  const api = readApiError(error)
  let message: string
  if (api) {
    const name = api.statusName ? ` ${api.statusName}` : ''
    const explanation = `${asSentence(api.message)}${hintFor(api.status)}`
    message = `Model call to "${call.model}" failed with HTTP ${api.status}${name}: ${explanation}`
  } else {
    const network = networkCode(error)
    const reason = error instanceof Error ? error.message : String(error)
    message = network
      ? `Model call to "${call.model}" failed: cannot reach ${call.url ? withoutUserInfo(call.url) : 'the server'} (${networkReasons[network]}, ${network}).`
      : `Model call to "${call.model}" failed: ${asSentence(reason)}`
  }
  if (call.note) message = `${message} ${call.note}`
  const options: { status?: number; errorCode?: string; retryAfterMs?: number; cause: unknown } = {
    cause: redactedCause(error, call.secrets),
  }
  if (call.retryAfterMs !== undefined) options.retryAfterMs = call.retryAfterMs
  if (api) {
    options.status = api.status
    options.errorCode = String(api.status)
  } else {
    const network = networkCode(error)
    if (network) options.errorCode = network
  }
  return new ModelError(redactSecrets(message, call.secrets), options)
}

/** Replaces every occurrence of the secrets, and the value of any `key=` query parameter, by `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text
  for (const secret of secrets) {
    if (secret && secret.length >= 4) result = result.split(secret).join('[redacted]')
  }
  return result.replace(/([?&]key=)[^&\s"']+/g, '$1[redacted]')
}

/** A URL without the `user:password@` it may carry. */
function withoutUserInfo(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1')
}

function hintFor(status: number): string {
  if (status === 401 || status === 403) return ' Check the API key or credentials and their permissions.'
  if (status === 404) return ' Check the model name and the API version.'
  return ''
}

function asSentence(text: string): string {
  const trimmed = text.trim()
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`
}

function redactedCause(error: unknown, secrets: readonly (string | undefined)[]): unknown {
  if (!(error instanceof Error)) return error
  const message = redactSecrets(error.message, secrets)
  if (message === error.message) return error
  const copy = new Error(message)
  copy.name = error.name
  return copy
}
