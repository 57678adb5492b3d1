import { ModelError } from '../errors/runtime-errors.js'
import { readApiError } from './read-api-error.js'

/** Describes the failed call for {@link toModelError}. */
export interface ModelCallDescription {
  /** The model's name, quoted in the message. */
  readonly model: string
  /** Values that must never appear in the error (API keys); each is replaced by `[redacted]`. */
  readonly secrets: readonly (string | undefined)[]
  /** A sentence appended to the message (for example why the call was not retried). */
  readonly note?: string
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
    const reason = error instanceof Error ? error.message : String(error)
    message = `Model call to "${call.model}" failed: ${asSentence(reason)}`
  }
  if (call.note) message = `${message} ${call.note}`
  const options: { status?: number; errorCode?: string; cause: unknown } = { cause: redactedCause(error, call.secrets) }
  if (api) {
    options.status = api.status
    options.errorCode = String(api.status)
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
