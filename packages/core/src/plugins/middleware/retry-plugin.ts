import type { Context } from '../../agents/context.js'
import type { LlmAgent } from '../../agents/llm-agent.js'
import { ConfigError } from '../../errors/config-error.js'
import { ModelError } from '../../errors/runtime-errors.js'
import { endsTheRun } from '../../errors/adk-fluent-error.js'
import { resolveModel } from '../../flows/resolve-model.js'
import type { LlmRequest } from '../../models/llm-request.js'
import type { LlmResponse } from '../../models/llm-response.js'
import { isRetryableStatus, sleepFor } from '../../models/retry.js'
import { BasePlugin } from '../base-plugin.js'

/** The longest wait between attempts: the longest a timer can wait (a doubled backoff stops growing there). */
const MAX_WAIT_MS = 2_147_483_647

/** Options of {@link RetryPlugin} (`M.retry`). */
export interface RetryPluginOptions {
  /** Model calls in total, the first one included (`1` never retries). */
  readonly attempts: number
  /** Wait before the first retry, doubled for each later one (never past about 24.8 days); default 500 ms. */
  readonly backoffMs?: number
  /** Waits between attempts; replace it in tests. */
  readonly sleep?: (delayMs: number, abortSignal?: AbortSignal) => Promise<void>
}

/**
 * `M.retry`: when a model call fails with a retryable error (a `ModelError` with HTTP 429 or 5xx), calls the model
 * again with the same request, up to `attempts` calls in all, waiting `backoffMs`, then twice that, … between them.
 * Other errors (a bad request, a guard, an abort) are not retried. Each retry counts as a model call of the run.
 * A model adapter's own retries (`new Gemini({ retry })`) happen inside each of these calls: give the adapter
 * `retry: { maxAttempts: 1 }` when this middleware is the retry policy, so retries do not multiply.
 */
export class RetryPlugin extends BasePlugin {
  readonly attempts: number
  readonly backoffMs: number
  readonly #sleep: (delayMs: number, abortSignal?: AbortSignal) => Promise<void>

  constructor(options: RetryPluginOptions, name = 'm_retry') {
    super(name)
    if (!Number.isInteger(options.attempts) || options.attempts < 1) {
      throw new ConfigError(
        `M.retry({ attempts }) must be a whole number of at least 1 (every call, the first included), got ${String(options.attempts)}.`,
      )
    }
    const backoffMs = options.backoffMs ?? 500
    if (!(backoffMs >= 0 && backoffMs <= MAX_WAIT_MS))
      throw new ConfigError(
        `M.retry({ backoffMs }) must be zero or more and at most ${MAX_WAIT_MS} ms (about 24.8 days), got ${String(backoffMs)}.`,
      )
    this.attempts = options.attempts
    this.backoffMs = backoffMs
    this.#sleep = options.sleep ?? sleepFor
  }

  override async onModelErrorCallback(params: {
    callbackContext: Context
    llmRequest: LlmRequest
    error: Error
  }): Promise<LlmResponse | undefined> {
    const ctx = params.callbackContext.invocationContext
    const agent = ctx.agent as LlmAgent
    let error: unknown = params.error
    for (let attempt = 2; attempt <= this.attempts && isRetryable(error); attempt++) {
      await this.#sleep(Math.min(this.backoffMs * 2 ** (attempt - 2), MAX_WAIT_MS), ctx.abortSignal)
      if (ctx.abortSignal?.aborted) return undefined
      ctx.incrementLlmCallCount()
      ctx.usage.addModelCall(agent.name)
      try {
        const model = resolveModel(agent, ctx)
        const call = async (): Promise<LlmResponse[]> => {
          const all: LlmResponse[] = []
          for await (const response of model.generateContentAsync(params.llmRequest, false, ctx.abortSignal)) {
            all.push(response)
          }
          return all
        }
        // A durable run's hook records each retry as a model call of its own (replayed, never repeated).
        const hook = ctx.hooks?.runModelCall
        const responses = hook
          ? await hook.call(ctx.hooks, { agentName: agent.name, branch: ctx.branch }, call)
          : await call()
        const last = responses.filter((response) => !response.partial).at(-1)
        if (last?.usageMetadata) ctx.usage.addTokens(agent.name, last.usageMetadata)
        return last ?? {}
      } catch (caught) {
        if (endsTheRun(caught)) throw caught
        error = caught
      }
    }
    // The last failure (if a retry failed) replaces the first in the error event.
    if (error === params.error) return undefined
    const failure = error instanceof Error ? error : new Error(String(error))
    const status = ModelError.isInstance(failure) ? (failure as ModelError).status : undefined
    return { errorCode: status !== undefined ? String(status) : 'UNKNOWN_ERROR', errorMessage: failure.message }
  }
}

/** Worth another call: a model error with HTTP 429 or 5xx. */
function isRetryable(error: unknown): boolean {
  return ModelError.isInstance(error) && isRetryableStatus((error as ModelError).status)
}
