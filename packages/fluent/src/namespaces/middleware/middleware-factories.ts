import {
  CircuitBreakerPlugin,
  CostPlugin,
  LatencyPlugin,
  LoggingPlugin,
  RetryPlugin,
  type CircuitBreakerPluginOptions,
  type CostPluginOptions,
  type LatencyPluginOptions,
  type LogRecord,
  type RetryPluginOptions,
} from '@adk-fluent/core'

/**
 * Calls the model again after a retryable failure (HTTP 429 or 5xx), `maxAttempts` calls in all (the first included,
 * default 4), with the model adapters' options and rule: the server's `Retry-After`, else `initialDelayMs` (default
 * 1 s) doubling with jitter, up to `maxDelayMs` (default 60 s). Each attempt is a model call of the run: counted
 * against `usageLimits`, traced, cancelled by the run's abort signal. (`attempts` and `backoffMs` are deprecated
 * aliases of `maxAttempts` and `initialDelayMs`.)
 * @example Pipeline('flow').then(a).then(b).use(M.retry({ maxAttempts: 3, initialDelayMs: 200 }))
 */
export function retry(options: RetryPluginOptions = {}): RetryPlugin {
  return new RetryPlugin(options)
}

/**
 * One structured record per model request, response and error to `sink` (no prompt text; secrets redacted); by
 * default each record is a JSON line through `console.info`. Core's `LoggingPlugin` with a `sink`.
 */
export function log(options: { readonly sink?: (record: LogRecord) => void } = {}): LoggingPlugin {
  return new LoggingPlugin('m_log', { sink: options.sink ?? ((record) => console.info(JSON.stringify(record))) })
}

/** One `{ kind: 'model-latency', agent, model, ms, ok }` record per model call to `sink`. */
export function latency(options: LatencyPluginOptions = {}): LatencyPlugin {
  return new LatencyPlugin(options)
}

/** Prices each model call (`prices[model] = { input, output }` per million tokens) into the run's `usage.cost`. */
export function cost(options: CostPluginOptions): CostPlugin {
  return new CostPlugin(options)
}

/**
 * Opens after `failures` consecutive model failures: calls then fail fast with code `CIRCUIT_OPEN` without calling
 * the model, until one trial call goes through after `resetMs` (half-open). One breaker per call of this factory,
 * shared by every agent and run it is attached to.
 */
export function circuitBreaker(options: CircuitBreakerPluginOptions): CircuitBreakerPlugin {
  return new CircuitBreakerPlugin(options)
}
