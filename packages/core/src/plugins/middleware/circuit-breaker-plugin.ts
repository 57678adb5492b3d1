import type { Context } from '../../agents/context.js'
import { ConfigError } from '../../errors/config-error.js'
import { CircuitOpenError } from '../../errors/guard-errors.js'
import type { LlmRequest } from '../../models/llm-request.js'
import type { LlmResponse } from '../../models/llm-response.js'
import { BasePlugin } from '../base-plugin.js'

/** Options of {@link CircuitBreakerPlugin} (`M.circuitBreaker`). */
export interface CircuitBreakerPluginOptions {
  /** Consecutive failed model calls that open the breaker. */
  readonly failures: number
  /** How long the breaker stays open before it lets one trial call through (half-open). */
  readonly resetMs: number
  /** The clock, in milliseconds; replace it in tests. */
  readonly now?: () => number
}

/** `'closed'` (calls go through), `'open'` (calls fail fast) or `'half-open'` (one trial call is in flight). */
export type CircuitState = 'closed' | 'open' | 'half-open'

/**
 * `M.circuitBreaker`: after `failures` consecutive failed model calls (an error thrown by the model, or an error
 * response), every model call fails fast with a {@link CircuitOpenError} (code `CIRCUIT_OPEN`) without calling the
 * model. After `resetMs` one trial call goes through (half-open): success closes the breaker, failure opens it again
 * for another `resetMs`. One instance holds one breaker, shared by every agent and run it is attached to.
 */
export class CircuitBreakerPlugin extends BasePlugin {
  readonly failures: number
  readonly resetMs: number
  readonly #now: () => number
  #consecutive = 0
  #openedAt: number | undefined
  #trial: Context | undefined
  #trialStartedAt = 0

  constructor(options: CircuitBreakerPluginOptions, name = 'm_circuit_breaker') {
    super(name)
    if (!Number.isInteger(options.failures) || options.failures < 1) {
      throw new ConfigError([
        {
          code: 'number_invalid',
          path: ['CircuitBreakerPlugin', 'failures'],
          message: `must be a whole number of at least 1, got ${String(options.failures)}.`,
          hint: 'Pass the consecutive failures that open the breaker, for example failures: 5.',
        },
      ])
    }
    if (!(options.resetMs >= 0)) {
      throw new ConfigError([
        {
          code: 'number_invalid',
          path: ['CircuitBreakerPlugin', 'resetMs'],
          message: `must be zero or more milliseconds, got ${String(options.resetMs)}.`,
          hint: 'Pass how long the breaker stays open, for example resetMs: 30000.',
        },
      ])
    }
    this.failures = options.failures
    this.resetMs = options.resetMs
    this.#now = options.now ?? Date.now
  }

  /** The breaker's state now. */
  get state(): CircuitState {
    if (this.#openedAt === undefined) return 'closed'
    if (this.#trial) return 'half-open'
    return this.#now() - this.#openedAt >= this.resetMs ? 'half-open' : 'open'
  }

  override beforeModelCallback(params: { callbackContext: Context; llmRequest: LlmRequest }): undefined {
    if (this.#openedAt === undefined) return undefined
    const waited = this.#now() - this.#openedAt
    // One trial call at a time; a trial that never reported back (blocked before the call) lapses after resetMs.
    const trialLapsed = this.#trial !== undefined && this.#now() - this.#trialStartedAt >= this.resetMs
    if (waited >= this.resetMs && (!this.#trial || trialLapsed)) {
      this.#trial = params.callbackContext
      this.#trialStartedAt = this.#now()
      return undefined
    }
    const agent = params.callbackContext.invocationContext.agent.name
    throw new CircuitOpenError(
      `Model call of agent "${agent}" refused: the circuit breaker is open after ${this.failures} consecutive model failures. It lets a trial call through ${this.resetMs} ms after it opened.`,
      { agentName: agent, retryInMs: Math.max(0, this.resetMs - waited) },
    )
  }

  override afterModelCallback(params: { callbackContext: Context; llmResponse: LlmResponse }): undefined {
    if (params.llmResponse.partial) return undefined
    if (params.llmResponse.errorCode !== undefined) this.#failed(params.callbackContext)
    else this.#succeeded(params.callbackContext)
    return undefined
  }

  override onModelErrorCallback(params: { callbackContext: Context; error: Error }): undefined {
    this.#failed(params.callbackContext)
    return undefined
  }

  #succeeded(context: Context): void {
    if (this.#trial && this.#trial !== context) return
    this.#consecutive = 0
    this.#openedAt = undefined
    this.#trial = undefined
  }

  #failed(context: Context): void {
    if (this.#trial === context) {
      this.#trial = undefined
      this.#openedAt = this.#now()
      return
    }
    if (this.#openedAt !== undefined) return
    this.#consecutive++
    if (this.#consecutive >= this.failures) this.#openedAt = this.#now()
  }
}
