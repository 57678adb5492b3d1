import { ConfigError } from '../../errors/config-error.js'
import { ModelError } from '../../errors/runtime-errors.js'
import {
  decideRetry,
  isRetryableStatus,
  resolveRetryOptions,
  type ResolvedRetryOptions,
  type RetryOptions,
} from '../../models/retry.js'
import { BasePlugin } from '../base-plugin.js'

const retryPluginMarker = Symbol.for('adk-fluent.plugin.RetryPlugin')

/**
 * Options of {@link RetryPlugin}: the model adapters' {@link RetryOptions} (`maxAttempts`, `initialDelayMs`,
 * `maxDelayMs`, `sleep`; the same defaults).
 */
export interface RetryPluginOptions extends RetryOptions {
  /** @deprecated The name of `maxAttempts` before 0.4; give one of the two. */
  readonly attempts?: number
  /** @deprecated The name of `initialDelayMs` before 0.4; give one of the two. */
  readonly backoffMs?: number
}

/**
 * `M.retry`: when a model call fails with a retryable error (a `ModelError` with HTTP 429 or 5xx, before any of its
 * response was yielded), the runtime calls the model again with the same request, up to `maxAttempts` calls in all.
 * Each attempt is a model call of the run like any other: it is counted (`maxLlmCalls`, `usageLimits`, the run's
 * usage), traced (a `chat` span of its own), recorded by a durable run, and cancelled by the run's abort signal,
 * also while it waits. The wait follows the model adapters' rule (`decideRetry`): the server's `Retry-After` when it
 * sent one (a longer one than `maxDelayMs` is not retried), else exponential backoff with jitter. Other errors (a bad
 * request, a guard, an abort) are not retried. Model callbacks see the whole call once; plugins placed before this
 * one see every failed attempt (and may answer for it), those after it only the failure it gives up on. A model
 * adapter's own retries (`new Gemini({ retry })`) happen inside each attempt: give the adapter
 * `retry: { maxAttempts: 1 }` when this plugin is the retry policy, so retries do not multiply.
 */
export class RetryPlugin extends BasePlugin {
  /** The resolved options: every field filled in. */
  readonly options: ResolvedRetryOptions

  constructor(options: RetryPluginOptions = {}, name = 'm_retry') {
    super(name)
    Object.defineProperty(this, retryPluginMarker, { value: true })
    const { attempts, backoffMs, ...current } = options
    this.options = resolveRetryOptions(
      {
        ...current,
        ...alias('maxAttempts', current.maxAttempts, 'attempts', attempts),
        ...alias('initialDelayMs', current.initialDelayMs, 'backoffMs', backoffMs),
      },
      'RetryPlugin',
      // A mistake in an alias is worded with the name the caller wrote.
      {
        ...(attempts === undefined ? {} : { maxAttempts: 'attempts' }),
        ...(backoffMs === undefined ? {} : { initialDelayMs: 'backoffMs' }),
      },
    )
  }

  /**
   * How long to wait before calling the model again after attempt number `attempt` (1 for the first) failed with
   * `error`; `undefined` when the call is not retried. Called by the model-call path (`callLlm`).
   */
  retryDelayMs(error: unknown, attempt: number): number | undefined {
    if (!ModelError.isInstance(error) || !isRetryableStatus(error.status)) return undefined
    const decision = decideRetry(attempt, error.retryAfterMs, this.options)
    return decision.retry ? decision.delayMs : undefined
  }
}

/** Where a retry plugin stands among the plugins of a model call. @internal */
export interface RetryPlacement {
  readonly plugin: RetryPlugin
  /** Its index: the plugins before it see every failed attempt, those after it only the failure it gives up on. */
  readonly index: number
}

/**
 * The first retry plugin among `plugins` (a runner's before the agents', the outermost agent's first) and its place,
 * if any; recognised by a `Symbol.for` marker, so a plugin made by another copy of core counts too. @internal
 */
export function retryPlacement(plugins: readonly BasePlugin[]): RetryPlacement | undefined {
  const index = plugins.findIndex(
    (plugin) => (plugin as unknown as Record<symbol, unknown>)[retryPluginMarker] === true,
  )
  return index < 0 ? undefined : { plugin: plugins[index] as RetryPlugin, index }
}

/** `{ [name]: value }` from the current name or its deprecated alias; both given and different is a mistake. */
function alias<K extends string>(
  name: K,
  value: number | undefined,
  oldName: string,
  oldValue: number | undefined,
): Partial<Record<K, number>> {
  if (oldValue === undefined) return value === undefined ? {} : ({ [name]: value } as Record<K, number>)
  if (value !== undefined && value !== oldValue) {
    throw new ConfigError([
      {
        code: 'options_conflict',
        path: ['RetryPlugin', oldName],
        message: `RetryPlugin got ${name}: ${String(value)} and its deprecated alias ${oldName}: ${String(oldValue)}.`,
        hint: `Give ${name} only.`,
      },
    ])
  }
  return { [name]: oldValue } as Record<K, number>
}
