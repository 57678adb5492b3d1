import { BasePlugin, type Context, type LlmRequest, type LlmResponse } from '@adk-fluent/core'
import type { RunLog } from './run-log.js'
import { requestJson, tokenUsage, type RequestJson } from './trace-entry.js'

interface OpenCall {
  readonly log: RunLog
  readonly call: number
  readonly agent: string
  readonly request: LlmRequest
  readonly started: number
}

/** A JSON copy: what the model received, frozen at the time of the call. */
function snapshot(request: LlmRequest): RequestJson {
  return JSON.parse(JSON.stringify(requestJson(request))) as RequestJson
}

/**
 * Records every model call of the runs of the dev UI into the run log of its session: an `llm-start` row when the call
 * starts, an `llm-call` row with the exact request (the object the model received), the response or the error, the
 * time it took and the tokens it used. It changes nothing.
 */
export class TracePlugin extends BasePlugin {
  readonly #logs = new Map<string, RunLog>()
  readonly #open = new WeakMap<Context, OpenCall>()

  constructor() {
    super('adk_fluent_web_trace')
  }

  /** Routes the model calls of `log.sessionId` to `log` until {@link TracePlugin.detach}. */
  attach(log: RunLog): void {
    this.#logs.set(log.sessionId, log)
  }

  /** Stops routing the session's calls to its log. */
  detach(log: RunLog): void {
    if (this.#logs.get(log.sessionId) === log) this.#logs.delete(log.sessionId)
  }

  override beforeModelCallback({
    callbackContext,
    llmRequest,
  }: {
    callbackContext: Context
    llmRequest: LlmRequest
  }): undefined {
    const log = this.#logs.get(callbackContext.sessionId)
    if (!log) return undefined
    const call = log.nextCall()
    const agent = callbackContext.agentName
    this.#open.set(callbackContext, { log, call, agent, request: llmRequest, started: performance.now() })
    log.push({ kind: 'llm-start', call, agent })
    return undefined
  }

  override afterModelCallback({
    callbackContext,
    llmResponse,
  }: {
    callbackContext: Context
    llmResponse: LlmResponse
  }): undefined {
    const open = this.#open.get(callbackContext)
    if (!open || llmResponse.partial) return undefined
    this.#open.delete(callbackContext)
    this.#finish(
      open,
      llmResponse,
      llmResponse.errorCode === undefined ? undefined : `${llmResponse.errorCode}: ${llmResponse.errorMessage ?? ''}`,
    )
    return undefined
  }

  override onModelErrorCallback({ callbackContext, error }: { callbackContext: Context; error: Error }): undefined {
    const open = this.#open.get(callbackContext)
    if (!open) return undefined
    this.#open.delete(callbackContext)
    this.#finish(open, undefined, error.message)
    return undefined
  }

  #finish(open: OpenCall, response: LlmResponse | undefined, error: string | undefined): void {
    open.log.push({
      kind: 'llm-call',
      call: open.call,
      agent: open.agent,
      request: snapshot(open.request),
      response: response === undefined ? undefined : (JSON.parse(JSON.stringify(response)) as LlmResponse),
      error,
      durationMs: Math.round((performance.now() - open.started) * 10) / 10,
      usage: response === undefined ? undefined : tokenUsage(response),
    })
  }
}
