export { CircuitBreakerPlugin, type CircuitBreakerPluginOptions, type CircuitState } from './circuit-breaker-plugin.js'
export { CostPlugin, type CostPluginOptions, type ModelPrice } from './cost-plugin.js'
export { LatencyPlugin, type LatencyPluginOptions, type LatencyRecord } from './latency-plugin.js'
export { RetryPlugin, type RetryPluginOptions } from './retry-plugin.js'
