import { decideRetry, type ResolvedRetryOptions, type RetryDecision } from '@adk-fluent/core/internal'
import { readApiCallError, retryAfterOf } from './to-model-error.js'

/**
 * Whether to retry a failed provider call: only `APICallError`s the provider marks retryable (HTTP 408, 409, 429,
 * 5xx and network failures), then core's one retry rule (`decideRetry`): at most `maxAttempts` in all, waiting what
 * `Retry-After` asks (when it is not longer than `maxDelayMs`) or the exponential backoff with jitter.
 */
export function retryDecision(error: unknown, attempt: number, retry: ResolvedRetryOptions): RetryDecision {
  const api = readApiCallError(error)
  if (!api?.isRetryable) return { retry: false }
  return decideRetry(attempt, retryAfterOf(api.responseHeaders), retry)
}
