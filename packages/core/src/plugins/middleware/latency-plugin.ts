import type { Context } from '../../agents/context.js'
import type { LlmRequest } from '../../models/llm-request.js'
import type { LlmResponse } from '../../models/llm-response.js'
import { BasePlugin } from '../base-plugin.js'
import { modelCallInfo } from './model-call-info.js'

/** One record of `M.latency`: a model call, how long it took and whether it failed. */
export interface LatencyRecord {
  readonly kind: 'model-latency'
  readonly agent: string
  readonly model: string
  readonly invocationId: string
  readonly ms: number
  readonly ok: boolean
}

/** Options of {@link LatencyPlugin}. */
export interface LatencyPluginOptions {
  /** Receives one record per model call; default a `console.info` logger. */
  readonly sink?: (record: LatencyRecord) => void
  /** The clock, in milliseconds; default `performance.now`. */
  readonly now?: () => number
}

/** `M.latency`: measures every model call (from just before the call to its complete answer or its error). */
export class LatencyPlugin extends BasePlugin {
  readonly #sink: (record: LatencyRecord) => void
  readonly #now: () => number
  readonly #started = new WeakMap<Context, { at: number; model: string | undefined }>()

  constructor(options: LatencyPluginOptions = {}, name = 'm_latency') {
    super(name)
    this.#sink = options.sink ?? ((record) => console.info(JSON.stringify(record)))
    this.#now = options.now ?? (() => performance.now())
  }

  override beforeModelCallback(params: { callbackContext: Context; llmRequest: LlmRequest }): undefined {
    this.#started.set(params.callbackContext, { at: this.#now(), model: params.llmRequest.model })
    return undefined
  }

  override afterModelCallback(params: { callbackContext: Context; llmResponse: LlmResponse }): undefined {
    if (!params.llmResponse.partial) this.#record(params.callbackContext, params.llmResponse.errorCode === undefined)
    return undefined
  }

  override onModelErrorCallback(params: { callbackContext: Context }): undefined {
    this.#record(params.callbackContext, false)
    return undefined
  }

  #record(context: Context, ok: boolean): void {
    const started = this.#started.get(context)
    if (!started) return
    this.#started.delete(context)
    const ms = this.#now() - started.at
    this.#sink({ kind: 'model-latency', ...modelCallInfo(context, started.model), ms, ok })
  }
}
