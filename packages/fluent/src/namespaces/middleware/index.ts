export { circuitBreaker, cost, latency, log, retry } from './middleware-factories.js'
