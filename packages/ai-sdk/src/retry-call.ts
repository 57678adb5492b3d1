import { backoffDelayMs, parseRetryAfter, type ResolvedRetryOptions } from '@adk-fluent/core/internal'
import { readApiCallError } from './to-model-error.js'

/** Why the call is not retried (a sentence for the error), or the wait before the next attempt. */
export type RetryDecision =
  | { readonly retry: false; readonly note?: string }
  | { readonly retry: true; readonly delayMs: number }

/**
 * Whether to retry a failed provider call: only `APICallError`s the provider marks retryable (HTTP 408, 409, 429,
 * 5xx and network failures), at most `maxAttempts` in all, waiting what `Retry-After` asks (when it is not longer
 * than `maxDelayMs`) or core's exponential backoff with jitter.
 */
export function retryDecision(error: unknown, attempt: number, retry: ResolvedRetryOptions): RetryDecision {
  const api = readApiCallError(error)
  if (!api?.isRetryable) return { retry: false }
  if (attempt >= retry.maxAttempts) {
    return retry.maxAttempts > 1
      ? { retry: false, note: `Gave up after ${retry.maxAttempts} attempts.` }
      : { retry: false }
  }
  const requested = retryAfterMs(api.responseHeaders)
  if (requested !== undefined && requested > retry.maxDelayMs) {
    const seconds = Math.ceil(requested / 1000)
    const note = `The server asked to retry after ${seconds} s, longer than retry.maxDelayMs (${retry.maxDelayMs} ms), so the call was not retried.`
    return { retry: false, note }
  }
  return { retry: true, delayMs: requested ?? backoffDelayMs(attempt - 1, retry) }
}

/** The wait a response asks for: OpenAI's `retry-after-ms`, else the standard `Retry-After` (seconds or a date). */
function retryAfterMs(headers: Readonly<Record<string, string>> | undefined): number | undefined {
  if (!headers) return undefined
  const milliseconds = headers['retry-after-ms']
  if (milliseconds !== undefined && Number.isFinite(Number(milliseconds))) return Math.max(0, Number(milliseconds))
  return parseRetryAfter(headers['retry-after'])
}
