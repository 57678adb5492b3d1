import { ConfigError } from '../errors/config-error.js'
import { describeValue } from '../util/describe-value.js'

/** An error class usable in {@link RetryConfig.exceptions}. */
export type ErrorClass = new (...args: never[]) => Error

/**
 * How a workflow node is retried when it throws (ADK 2.0 `RetryConfig`). Delays are in seconds. Unset fields take
 * ADK's defaults: 5 attempts, 1 s initial delay, 60 s maximum, backoff factor 2, jitter 1.
 */
export interface RetryConfig {
  /** Attempts including the first; 0 or 1 means no retry. Default 5. */
  maxAttempts?: number
  /** Delay before the first retry, in seconds. Default 1. */
  initialDelay?: number
  /** Longest delay between attempts, in seconds. Default 60. */
  maxDelay?: number
  /** Factor the delay grows by after each attempt. Default 2. */
  backoffFactor?: number
  /** Random spread of each delay, as a fraction of it (0 removes randomness). Default 1. */
  jitter?: number
  /** Errors worth a retry, by class or class name (`['TypeError']`, `[TypeError]`); unset retries every error. */
  exceptions?: Array<string | ErrorClass> | null
}

/** A {@link RetryConfig} whose `exceptions` are class names, checked once when the node is built. */
export interface PreparedRetryConfig {
  readonly maxAttempts?: number
  readonly initialDelay?: number
  readonly maxDelay?: number
  readonly backoffFactor?: number
  readonly jitter?: number
  /** Error class names; `undefined` retries every error. */
  readonly exceptions?: readonly string[]
}

const DEFAULT_MAX_ATTEMPTS = 5
const DEFAULT_INITIAL_DELAY = 1
const DEFAULT_MAX_DELAY = 60
const DEFAULT_BACKOFF_FACTOR = 2
const DEFAULT_JITTER = 1

/** The `exceptions` of a retry config as class names; `undefined` means every error. */
export function normalizeRetryExceptions(exceptions?: Array<string | ErrorClass> | null): string[] | undefined {
  if (exceptions === undefined || exceptions === null) return undefined
  return exceptions.map((entry, index) => {
    if (typeof entry === 'string' && entry.length > 0) return entry
    if (typeof entry === 'function' && entry.name) return entry.name
    throw new ConfigError([
      {
        code: 'list_invalid',
        path: ['retryConfig', 'exceptions', index],
        message: `an entry is neither an error class nor a class name (got ${describeValue(entry)}).`,
        hint: "List error classes or their names, for example exceptions: [TypeError, 'TimeoutError'].",
      },
    ])
  })
}

/** Checks a retry config once, when a node accepts it, so the retry path never fails on it. */
export function prepareRetryConfig(config: RetryConfig): PreparedRetryConfig {
  const exceptions = normalizeRetryExceptions(config.exceptions)
  const prepared: { -readonly [K in keyof PreparedRetryConfig]: PreparedRetryConfig[K] } = {}
  if (config.maxAttempts !== undefined) prepared.maxAttempts = config.maxAttempts
  if (config.initialDelay !== undefined) prepared.initialDelay = config.initialDelay
  if (config.maxDelay !== undefined) prepared.maxDelay = config.maxDelay
  if (config.backoffFactor !== undefined) prepared.backoffFactor = config.backoffFactor
  if (config.jitter !== undefined) prepared.jitter = config.jitter
  if (exceptions !== undefined) prepared.exceptions = Object.freeze(exceptions)
  return Object.freeze(prepared)
}

/** Every name a thrown value answers to: its class name and an assigned `name` (a subclass that never sets it says `Error`). */
export function errorNames(error: unknown): string[] {
  if (error instanceof Error) {
    const names = [error.constructor?.name, error.name].filter((name): name is string => !!name)
    return [...new Set(names)]
  }
  if (typeof error === 'object' && error !== null) return [error.constructor?.name ?? 'Object']
  return [typeof error]
}

/** The most specific name of a thrown value, for reports. */
export function errorName(error: unknown): string {
  const [className, assigned] = errorNames(error)
  return className === 'Error' && assigned ? assigned : (className ?? 'Error')
}

/** True when a node that threw `error` on attempt `attemptCount` (1-based) is tried again. */
export function shouldRetryNode(error: unknown, retryConfig: PreparedRetryConfig, attemptCount: number): boolean {
  if (attemptCount >= (retryConfig.maxAttempts ?? DEFAULT_MAX_ATTEMPTS)) return false
  const exceptions = retryConfig.exceptions
  return exceptions === undefined || errorNames(error).some((name) => exceptions.includes(name))
}

/** Seconds to wait before the attempt after `attemptCount` (1-based): exponential backoff with jitter, capped. */
export function getRetryDelaySeconds(
  retryConfig: PreparedRetryConfig,
  attemptCount: number,
  random: () => number = Math.random,
): number {
  const initial = retryConfig.initialDelay ?? DEFAULT_INITIAL_DELAY
  const max = retryConfig.maxDelay ?? DEFAULT_MAX_DELAY
  const jitter = retryConfig.jitter ?? DEFAULT_JITTER
  let delay = initial * Math.pow(retryConfig.backoffFactor ?? DEFAULT_BACKOFF_FACTOR, Math.max(0, attemptCount - 1))
  if (jitter > 0) {
    delay = Math.min(delay, max / (1 + jitter))
    const spread = jitter * delay
    delay = Math.max(0, delay - spread + random() * 2 * spread)
  }
  return Math.min(delay, max)
}
