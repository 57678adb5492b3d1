import { ConfigError } from '../errors/config-error.js'
import { AbortError } from '../errors/runtime-errors.js'

/**
 * How a model adapter retries failed calls (HTTP 429 and 5xx). Every field is optional; see
 * {@link defaultRetryOptions} for the defaults.
 *
 * @example
 * ```ts
 * new Gemini({ model: 'gemini-2.5-flash', retry: { maxAttempts: 6, maxDelayMs: 30_000 } })
 * ```
 */
export interface RetryOptions {
  /** Attempts in total, the first one included. `1` disables retries. */
  readonly maxAttempts?: number
  /** Delay before the first retry; each later retry doubles it (before jitter). */
  readonly initialDelayMs?: number
  /**
   * Upper bound of one wait. A server that asks (through `Retry-After`) for a longer wait than this is not retried:
   * the call fails at once with the server's answer.
   */
  readonly maxDelayMs?: number
  /**
   * Waits between attempts. Replace it in tests to make retries instant or to record the delays. The wait is
   * also cut short when the call's abort signal fires, whether or not this function honours the signal.
   */
  readonly sleep?: (delayMs: number, abortSignal?: AbortSignal) => Promise<void>
}

/** {@link RetryOptions} with every field filled in. */
export type ResolvedRetryOptions = Required<RetryOptions>

/** The defaults: 4 attempts, 1 s initial delay doubling up to 60 s, real timers. */
export const defaultRetryOptions: ResolvedRetryOptions = Object.freeze({
  maxAttempts: 4,
  initialDelayMs: 1_000,
  maxDelayMs: 60_000,
  sleep: sleepFor,
})

/** The longest wait a timer can make (2^31 - 1 ms, about 24.8 days): a longer delay would fire at once. */
export const LONGEST_WAIT_MS = 2_147_483_647

type RetryField = 'maxAttempts' | 'initialDelayMs' | 'maxDelayMs'

/**
 * Fills in the defaults; throws a {@link ConfigError} for impossible limits (a delay no timer can wait included).
 * `owner` names the options in the message (`retry` for a model adapter's `retry` option, `RetryPlugin` for the
 * middleware's); `names` the fields, where the caller took them from an alias (`M.retry({ attempts })`).
 */
export function resolveRetryOptions(
  options: RetryOptions | undefined,
  owner = 'retry',
  names: Partial<Record<RetryField, string>> = {},
): ResolvedRetryOptions {
  const resolved = { ...defaultRetryOptions, ...options }
  if (!Number.isInteger(resolved.maxAttempts) || resolved.maxAttempts < 1) {
    const name = names.maxAttempts ?? 'maxAttempts'
    throw new ConfigError([
      {
        code: 'number_invalid',
        path: [owner, name],
        message: `${name} must be a whole number of at least 1 (attempts in total, the first included), got ${String(resolved.maxAttempts)}.`,
        hint: 'Pass 1 to make one attempt and never retry.',
      },
    ])
  }
  for (const field of ['initialDelayMs', 'maxDelayMs'] as const) {
    if (resolved[field] >= 0 && resolved[field] <= LONGEST_WAIT_MS) continue
    const name = names[field] ?? field
    throw new ConfigError([
      {
        code: 'number_invalid',
        path: [owner, name],
        message: `${name} must be zero or more and at most ${LONGEST_WAIT_MS} ms (about 24.8 days, the longest a timer waits), got ${String(resolved[field])}.`,
        hint: `Leave it out for the default (${defaultRetryOptions[field]} ms).`,
      },
    ])
  }
  return resolved
}

/** True for HTTP statuses worth retrying: 429 (rate limited) and every 5xx. */
export function isRetryableStatus(status: number | undefined): boolean {
  return status === 429 || (status !== undefined && status >= 500 && status <= 599)
}

/**
 * The exponential backoff delay before retry number `retryIndex` (0 for the first retry): `initialDelayMs * 2^index`,
 * capped at `maxDelayMs`, then scaled by a random factor in [0.5, 1) ("equal jitter") so clients that failed together
 * do not retry together.
 */
export function backoffDelayMs(
  retryIndex: number,
  options: Pick<ResolvedRetryOptions, 'initialDelayMs' | 'maxDelayMs'>,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** retryIndex)
  return Math.round(exponential * (0.5 + random() / 2))
}

/** Whether to make another attempt after a retryable failure: the wait before it, or why not (a sentence). */
export type RetryDecision =
  | { readonly retry: false; readonly note?: string }
  | { readonly retry: true; readonly delayMs: number }

/**
 * The one retry rule of every model call (the adapters' own retries and `RetryPlugin`'s): after attempt number
 * `attempt` (1 for the first) failed with a retryable error, retry while attempts are left, waiting what the server
 * asked for (`retryAfterMs`, from its `Retry-After`) or the exponential backoff with jitter; a server that asks for
 * a longer wait than `maxDelayMs` is not retried.
 */
export function decideRetry(
  attempt: number,
  retryAfterMs: number | undefined,
  options: Pick<ResolvedRetryOptions, 'maxAttempts' | 'initialDelayMs' | 'maxDelayMs'>,
): RetryDecision {
  if (attempt >= options.maxAttempts) {
    return options.maxAttempts > 1
      ? { retry: false, note: `Gave up after ${options.maxAttempts} attempts.` }
      : { retry: false }
  }
  if (retryAfterMs !== undefined && retryAfterMs > options.maxDelayMs) {
    const seconds = Math.ceil(retryAfterMs / 1000)
    const note = `The server asked to retry after ${seconds} s, longer than retry.maxDelayMs (${options.maxDelayMs} ms), so the call was not retried.`
    return { retry: false, note }
  }
  return { retry: true, delayMs: retryAfterMs ?? backoffDelayMs(attempt - 1, options) }
}

/**
 * Parses an HTTP `Retry-After` header: whole seconds (`"120"`) or an HTTP date. Returns milliseconds from `now`
 * (never negative), or `undefined` when the header is missing or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined
  const text = value.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000)
  const date = Date.parse(text)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now)
}

/**
 * Waits `delayMs` with `sleep`, rejecting with an {@link AbortError} as soon as `abortSignal` fires (also when it
 * had fired already).
 */
export async function waitBeforeRetry(
  delayMs: number,
  sleep: ResolvedRetryOptions['sleep'],
  abortSignal: AbortSignal | undefined,
): Promise<void> {
  if (!abortSignal) return sleep(delayMs)
  throwIfAborted(abortSignal)
  let onAbort: (() => void) | undefined
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(abortErrorFor(abortSignal))
    abortSignal.addEventListener('abort', onAbort, { once: true })
  })
  try {
    await Promise.race([sleep(delayMs, abortSignal), aborted])
    throwIfAborted(abortSignal)
  } finally {
    if (onAbort) abortSignal.removeEventListener('abort', onAbort)
  }
}

/** Throws an {@link AbortError} when the signal has fired. */
export function throwIfAborted(abortSignal: AbortSignal | undefined): void {
  if (abortSignal?.aborted) throw abortErrorFor(abortSignal)
}

/** The {@link AbortError} for a fired signal, with the signal's reason as its cause. */
export function abortErrorFor(abortSignal: AbortSignal): AbortError {
  return new AbortError('The model call was aborted.', { cause: abortSignal.reason })
}

export function sleepFor(delayMs: number, abortSignal?: AbortSignal): Promise<void> {
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
