import { randomBytes } from 'node:crypto'
import {
  BasePlugin,
  getFunctionResponses,
  type BaseAgent,
  type BaseTool,
  type Context,
  type Event,
  type InvocationContext,
  type LlmRequest,
  type LlmResponse,
} from '@adk-fluent/core'
import { requestJson } from './model-call.js'

/** One finished (or open) span, in the JSON of ADK's `/debug/trace/session/{id}` route. */
export interface TraceSpan {
  readonly name: string
  readonly span_id: string
  readonly trace_id: string
  readonly start_time: number
  end_time: number | null
  readonly attributes: Record<string, unknown>
  readonly parent_span_id: string | null
}

/** A model call as it starts: its number within the run (1, 2, …) and the agent that makes it. */
export interface ModelCallStart {
  readonly call: number
  readonly agent: string
}

/** A model call once it ended. */
export interface ModelCallEnd extends ModelCallStart {
  /** The request as JSON text (model, contents, config: see `requestJson`), as the model received it (after every callback). */
  readonly request: string
  /** The response, `undefined` when the call threw. */
  readonly response: LlmResponse | undefined
  /** The response as JSON text, `undefined` when the call threw. */
  readonly responseJson: string | undefined
  /** Why the call failed (`"<errorCode>: <errorMessage>"` for an error response, the thrown error's message). */
  readonly error: string | undefined
  /** Milliseconds, to a tenth. */
  readonly durationMs: number
}

/** Follows the model calls of one run as they happen (see {@link TraceRecorder.follow}). */
export interface ModelCallListener {
  started(call: ModelCallStart): void
  finished(call: ModelCallEnd): void
}

/** Options of a {@link TraceRecorder}. */
export interface TraceRecorderOptions {
  /**
   * How many sessions keep their spans for the trace routes (the oldest are forgotten first); default 1000. 0 keeps
   * none: a server that shows its runs through {@link TraceRecorder.follow} only.
   */
  readonly keptSessions?: number
}

/** Whose session a trace belongs to: spans are kept and found per app, user and session, never by session id alone. */
export interface TraceOwner {
  readonly appName: string
  readonly userId: string
  readonly sessionId: string
}

/** The spans of one session. */
export interface SessionTrace {
  readonly owner: TraceOwner
  readonly spans: readonly TraceSpan[]
}

interface KeptSession {
  readonly owner: TraceOwner
  readonly spans: TraceSpan[]
}

const keyOf = (owner: TraceOwner) => JSON.stringify([owner.appName, owner.userId, owner.sessionId])

interface OpenCall {
  readonly span: TraceSpan
  readonly call: number
  readonly request: LlmRequest
  readonly started: number
}

interface OpenInvocation {
  readonly owner: TraceOwner
  /** The key of its session's spans (see `keyOf`). */
  readonly key: string
  readonly listener: ModelCallListener | undefined
  /** Model calls so far. */
  calls: number
  readonly traceId: string
  readonly root: TraceSpan
  /** Open `invoke_agent` spans per agent name, innermost last. */
  readonly agents: Map<string, TraceSpan[]>
  /** Finished `call_llm` spans waiting for the id of the event that carries their response, per agent. */
  readonly awaitingEvent: Map<string, TraceSpan>
  /** Open or finished `execute_tool` spans waiting for their function-response event, per call id. */
  readonly tools: Map<string, TraceSpan>
}

const nowNs = () => Math.round((performance.timeOrigin + performance.now()) * 1e6)
const spanId = () => randomBytes(8).toString('hex')

/**
 * The one trace of the devtools servers: a plugin of their runners that records each run in ADK's trace vocabulary
 * (no OpenTelemetry provider needed) — one trace per invocation with an `invocation` span, an `invoke_agent {name}`
 * span per agent run, `call_llm` per model call (with the exact request and response as JSON,
 * `gcp.vertex.agent.llm_request` / `llm_response`, set when the call ends) and `execute_tool {name}` per tool call. `call_llm` and
 * `execute_tool` spans carry `gcp.vertex.agent.event_id`, the event they produced, which is how adk-web finds the
 * trace of an event (the ADK API server's trace routes). The dev UI follows a run's model calls as they start and end
 * ({@link follow}) for its live trace. Each request and response is turned into JSON once, for both.
 */
export class TraceRecorder extends BasePlugin {
  readonly #keptSessions: number
  readonly #bySession = new Map<string, KeptSession>()
  readonly #byEvent = new Map<string, { readonly owner: TraceOwner; readonly span: TraceSpan }>()
  readonly #open = new Map<string, OpenInvocation>()
  readonly #followers = new Map<string, ModelCallListener>()
  /** The open `call_llm` span of a model call, by its callback context (the response's callback gets the same one). */
  readonly #calls = new WeakMap<Context, OpenCall>()

  constructor(options: TraceRecorderOptions = {}) {
    super('adk_fluent_trace')
    this.#keptSessions = options.keptSessions ?? 1000
  }

  /**
   * Tells `listener` about every model call of the run `invocationId` (pass that id to `runAsync`), from its start,
   * until the returned function is called.
   */
  follow(invocationId: string, listener: ModelCallListener): () => void {
    this.#followers.set(invocationId, listener)
    return () => {
      if (this.#followers.get(invocationId) === listener) this.#followers.delete(invocationId)
    }
  }

  /** The spans of a session's runs, in the order they started. */
  spansOf(owner: TraceOwner): readonly TraceSpan[] {
    return this.#bySession.get(keyOf(owner))?.spans ?? []
  }

  /** The traces of every kept session with this id (one per app and user that has a session so named). */
  sessionTraces(sessionId: string): readonly SessionTrace[] {
    return [...this.#bySession.values()].filter((kept) => kept.owner.sessionId === sessionId)
  }

  /** The `call_llm` or `execute_tool` span that produced an event, and whose session it belongs to. */
  spanOfEvent(eventId: string): { readonly owner: TraceOwner; readonly span: TraceSpan } | undefined {
    return this.#byEvent.get(eventId)
  }

  /** Ends every span still open in an invocation (a run that failed or was aborted never reaches `afterRun`). */
  finish(invocationId: string): void {
    const open = this.#open.get(invocationId)
    if (!open) return
    this.#open.delete(invocationId)
    const end = nowNs()
    for (const span of this.#bySession.get(open.key)?.spans ?? [])
      if (span.trace_id === open.traceId && span.end_time === null) span.end_time = end
  }

  #start(
    open: Pick<OpenInvocation, 'key' | 'traceId'>,
    name: string,
    parent: TraceSpan | null,
    attributes: Record<string, unknown>,
  ): TraceSpan {
    const span: TraceSpan = {
      name,
      span_id: spanId(),
      trace_id: open.traceId,
      start_time: nowNs(),
      end_time: null,
      attributes,
      parent_span_id: parent?.span_id ?? null,
    }
    this.#bySession.get(open.key)?.spans.push(span)
    return span
  }

  #agentSpan(open: OpenInvocation, name: string | undefined): TraceSpan | undefined {
    if (name === undefined) return undefined
    const stack = open.agents.get(name)
    return stack?.[stack.length - 1]
  }

  override onUserMessageCallback({ invocationContext }: { invocationContext: InvocationContext }): undefined {
    const { session } = invocationContext
    const owner = { appName: session.appName, userId: session.userId, sessionId: session.id }
    const key = keyOf(owner)
    if (this.#keptSessions > 0 && !this.#bySession.has(key)) {
      this.#bySession.set(key, { owner, spans: [] })
      if (this.#bySession.size > this.#keptSessions) this.#forget(this.#bySession.keys().next().value as string)
    }
    const trace = { owner, key, traceId: randomBytes(16).toString('hex') }
    this.#open.set(invocationContext.invocationId, {
      ...trace,
      listener: this.#followers.get(invocationContext.invocationId),
      calls: 0,
      root: this.#start(trace, 'invocation', null, {}),
      agents: new Map(),
      awaitingEvent: new Map(),
      tools: new Map(),
    })
    return undefined
  }

  #forget(key: string): void {
    for (const span of this.#bySession.get(key)?.spans ?? []) {
      const eventId = span.attributes['gcp.vertex.agent.event_id']
      if (typeof eventId === 'string') this.#byEvent.delete(eventId)
    }
    this.#bySession.delete(key)
  }

  override beforeAgentCallback({ agent, callbackContext }: { agent: BaseAgent; callbackContext: Context }): undefined {
    const open = this.#open.get(callbackContext.invocationId)
    if (!open) return undefined
    const parent = this.#agentSpan(open, agent.parentAgent?.name) ?? open.root
    const span = this.#start(open, `invoke_agent ${agent.name}`, parent, {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.description': agent.description,
      'gen_ai.agent.name': agent.name,
      'gen_ai.conversation.id': open.owner.sessionId,
    })
    const stack = open.agents.get(agent.name) ?? []
    stack.push(span)
    open.agents.set(agent.name, stack)
    return undefined
  }

  override afterAgentCallback({ agent, callbackContext }: { agent: BaseAgent; callbackContext: Context }): undefined {
    const open = this.#open.get(callbackContext.invocationId)
    const span = open?.agents.get(agent.name)?.pop()
    if (span) span.end_time = nowNs()
    return undefined
  }

  override beforeModelCallback({
    callbackContext,
    llmRequest,
  }: {
    callbackContext: Context
    llmRequest: LlmRequest
  }): undefined {
    const open = this.#open.get(callbackContext.invocationId)
    if (!open) return undefined
    const agent = callbackContext.agentName
    const span = this.#start(open, 'call_llm', this.#agentSpan(open, agent) ?? open.root, {
      'gen_ai.system': 'gcp.vertex.agent',
      'gen_ai.request.model': llmRequest.model ?? '',
      'gen_ai.agent.name': agent,
      'gcp.vertex.agent.invocation_id': callbackContext.invocationId,
      'gcp.vertex.agent.session_id': open.owner.sessionId,
    })
    const call = ++open.calls
    this.#calls.set(callbackContext, { span, call, request: llmRequest, started: performance.now() })
    open.listener?.started({ call, agent })
    return undefined
  }

  override afterModelCallback({
    callbackContext,
    llmResponse,
  }: {
    callbackContext: Context
    llmResponse: LlmResponse
  }): undefined {
    if (llmResponse.partial) return undefined
    const error =
      llmResponse.errorCode === undefined ? undefined : `${llmResponse.errorCode}: ${llmResponse.errorMessage ?? ''}`
    this.#endCall(callbackContext, llmResponse, error)
    return undefined
  }

  override onModelErrorCallback({ callbackContext, error }: { callbackContext: Context; error: Error }): undefined {
    this.#endCall(callbackContext, undefined, error.message)
    return undefined
  }

  #endCall(callbackContext: Context, response: LlmResponse | undefined, error: string | undefined): void {
    const opened = this.#calls.get(callbackContext)
    const open = this.#open.get(callbackContext.invocationId)
    if (!opened || !open) return
    this.#calls.delete(callbackContext)
    const { span } = opened
    // The request as the model received it: taken when the call ends, after every callback that changed it.
    const request = JSON.stringify(requestJson(opened.request))
    span.attributes['gcp.vertex.agent.llm_request'] = request
    const responseJson = response === undefined ? undefined : JSON.stringify(response)
    span.attributes['gcp.vertex.agent.llm_response'] =
      responseJson ?? JSON.stringify({ errorCode: 'MODEL_FAILED', errorMessage: error })
    const usage = response?.usageMetadata
    if (usage?.promptTokenCount !== undefined) span.attributes['gen_ai.usage.input_tokens'] = usage.promptTokenCount
    if (usage?.candidatesTokenCount !== undefined)
      span.attributes['gen_ai.usage.output_tokens'] = usage.candidatesTokenCount
    if (response?.finishReason)
      span.attributes['gen_ai.response.finish_reasons'] = [String(response.finishReason).toLowerCase()]
    span.end_time = nowNs()
    open.awaitingEvent.set(callbackContext.agentName, span)
    open.listener?.finished({
      call: opened.call,
      agent: callbackContext.agentName,
      request,
      response,
      responseJson,
      error,
      durationMs: Math.round((performance.now() - opened.started) * 10) / 10,
    })
  }

  override beforeToolCallback({
    tool,
    toolArgs,
    toolContext,
  }: {
    tool: BaseTool
    toolArgs: Record<string, unknown>
    toolContext: Context
  }): undefined {
    const open = this.#open.get(toolContext.invocationId)
    if (!open || !toolContext.functionCallId) return undefined
    const span = this.#start(
      open,
      `execute_tool ${tool.name}`,
      this.#agentSpan(open, toolContext.agentName) ?? open.root,
      {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': tool.name,
        'gen_ai.tool.description': tool.description,
        'gen_ai.tool.call.id': toolContext.functionCallId,
        'gcp.vertex.agent.llm_request': '{}',
        'gcp.vertex.agent.llm_response': '{}',
        'gcp.vertex.agent.tool_call_args': JSON.stringify(toolArgs),
      },
    )
    open.tools.set(toolContext.functionCallId, span)
    return undefined
  }

  override afterToolCallback({
    toolContext,
    result,
  }: {
    toolContext: Context
    result: Record<string, unknown>
  }): undefined {
    const span = toolContext.functionCallId
      ? this.#open.get(toolContext.invocationId)?.tools.get(toolContext.functionCallId)
      : undefined
    if (span) {
      span.attributes['gcp.vertex.agent.tool_response'] = JSON.stringify(result)
      span.end_time = nowNs()
    }
    return undefined
  }

  override onEventCallback({ invocationContext, event }: { invocationContext: InvocationContext; event: Event }) {
    const open = this.#open.get(invocationContext.invocationId)
    if (!open || event.partial) return undefined
    const responses = getFunctionResponses(event)
    for (const response of responses) {
      const span = response.id === undefined ? undefined : open.tools.get(response.id)
      if (span) this.#index(open, span, event.id)
    }
    const call = responses.length === 0 ? open.awaitingEvent.get(event.author) : undefined
    if (call) {
      open.awaitingEvent.delete(event.author)
      this.#index(open, call, event.id)
    }
    return undefined
  }

  #index(open: OpenInvocation, span: TraceSpan, eventId: string): void {
    span.attributes['gcp.vertex.agent.event_id'] = eventId
    // Found by event id while its session's spans are kept (forgetting a session forgets its events).
    if (this.#bySession.has(open.key)) this.#byEvent.set(eventId, { owner: open.owner, span })
  }

  override afterRunCallback({ invocationContext }: { invocationContext: InvocationContext }): undefined {
    const open = this.#open.get(invocationContext.invocationId)
    if (open) open.root.end_time = nowNs()
    this.finish(invocationContext.invocationId)
    return undefined
  }
}
