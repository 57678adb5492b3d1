import { ConfigError, type RetryOptions } from '@adk-fluent/core'
import { readApiCallError } from './to-model-error.js'

/** {@link RetryOptions} with every field filled in. */
export type ResolvedRetry = Required<RetryOptions>

/** The defaults, as core's Gemini adapter: 4 attempts, 1 s initial delay doubling up to 60 s. */
export function resolveRetry(options: RetryOptions | undefined): ResolvedRetry {
  const resolved = { maxAttempts: 4, initialDelayMs: 1_000, maxDelayMs: 60_000, sleep: sleepFor, ...options }
  if (!Number.isInteger(resolved.maxAttempts) || resolved.maxAttempts < 1) {
    throw new ConfigError(
      `aiSdk(): retry.maxAttempts must be a whole number of at least 1, got ${String(resolved.maxAttempts)}.`,
    )
  }
  if (!(resolved.initialDelayMs >= 0) || !(resolved.maxDelayMs >= 0)) {
    throw new ConfigError('aiSdk(): retry.initialDelayMs and retry.maxDelayMs must be zero or more milliseconds.')
  }
  return resolved
}

/** Why the call is not retried (a sentence for the error), or the wait before the next attempt. */
export type RetryDecision =
  | { readonly retry: false; readonly note?: string }
  | { readonly retry: true; readonly delayMs: number }

/**
 * Whether to retry a failed provider call: only `APICallError`s the provider marks retryable (HTTP 408, 409, 429,
 * 5xx and network failures), at most `maxAttempts` in all, waiting what `Retry-After` asks (when it is not longer
 * than `maxDelayMs`) or an exponential backoff with jitter.
 */
export function retryDecision(error: unknown, attempt: number, retry: ResolvedRetry): RetryDecision {
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
  const backoff = Math.min(retry.maxDelayMs, retry.initialDelayMs * 2 ** (attempt - 1))
  return { retry: true, delayMs: requested ?? Math.round(backoff * (0.5 + Math.random() / 2)) }
}

/** Waits, cut short when the signal fires (the caller then sees the abort). */
export async function waitBeforeRetry(delayMs: number, retry: ResolvedRetry, abortSignal?: AbortSignal): Promise<void> {
  if (abortSignal?.aborted) return
  let stop: () => void = () => undefined
  const aborted = new Promise<void>((resolve) => {
    stop = resolve
    abortSignal?.addEventListener('abort', stop, { once: true })
  })
  try {
    await Promise.race([retry.sleep(delayMs, abortSignal), aborted])
  } finally {
    abortSignal?.removeEventListener('abort', stop)
  }
}

function retryAfterMs(headers: Readonly<Record<string, string>> | undefined): number | undefined {
  if (!headers) return undefined
  const milliseconds = headers['retry-after-ms']
  if (milliseconds !== undefined && Number.isFinite(Number(milliseconds))) return Math.max(0, Number(milliseconds))
  const value = headers['retry-after']
  if (value === undefined) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}

function sleepFor(delayMs: number, abortSignal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, delayMs)
    function done(): void {
      clearTimeout(timer)
      abortSignal?.removeEventListener('abort', done)
      resolve()
    }
    abortSignal?.addEventListener('abort', done, { once: true })
  })
}
