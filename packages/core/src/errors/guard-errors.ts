import { AdkFluentError, type AdkFluentErrorOptions } from './adk-fluent-error.js'

/**
 * A guard (`G.pii`, `G.length`, `G.regex`, `G.judge`) blocked a model call or its answer: code `GUARD_VIOLATION`.
 * `guard` names the guard; the message never repeats the offending text. It ends the run (never an error event).
 */
export class GuardViolationError extends AdkFluentError {
  readonly guard: string
  constructor(guard: string, message: string, options: AdkFluentErrorOptions = {}) {
    super('GUARD_VIOLATION', message, options)
    this.guard = guard
  }
}

/**
 * A circuit breaker (`M.circuitBreaker`) is open after consecutive model failures: the call failed fast, without
 * calling the model. Code `CIRCUIT_OPEN`; `retryInMs` is the wait until the breaker lets one trial call through.
 */
export class CircuitOpenError extends AdkFluentError {
  readonly retryInMs: number
  constructor(message: string, options: AdkFluentErrorOptions & { retryInMs?: number } = {}) {
    const { retryInMs = 0, ...rest } = options
    super('CIRCUIT_OPEN', message, rest)
    this.retryInMs = retryInMs
  }
}
