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
import { requestJson } from '../web/trace-entry.js'

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

interface OpenInvocation {
  readonly sessionId: string
  readonly traceId: string
  readonly root: TraceSpan
  /** Open `invoke_agent` spans per agent name, innermost last. */
  readonly agents: Map<string, TraceSpan[]>
  /** Finished `call_llm` spans waiting for the id of the event that carries their response, per agent. */
  readonly awaitingEvent: Map<string, TraceSpan>
  /** Open or finished `execute_tool` spans waiting for their function-response event, per call id. */
  readonly tools: Map<string, TraceSpan>
}

/** How many sessions keep their spans (the oldest are forgotten first). */
const keptSessions = 1000

const nowNs = () => Math.round((performance.timeOrigin + performance.now()) * 1e6)
const spanId = () => randomBytes(8).toString('hex')

/**
 * Records the spans of the runs of the ADK API server in ADK's trace vocabulary, as a plugin of each app's runner
 * (no OpenTelemetry provider is installed): one trace per invocation with an `invocation` span, an
 * `invoke_agent {name}` span per agent run, `call_llm` per model call (with the exact request and response as JSON,
 * `gcp.vertex.agent.llm_request` / `llm_response`) and `execute_tool {name}` per tool call. `call_llm` and
 * `execute_tool` spans carry `gcp.vertex.agent.event_id`, the event they produced, which is how adk-web finds the
 * trace of an event.
 */
export class TraceRecorder extends BasePlugin {
  readonly #bySession = new Map<string, TraceSpan[]>()
  readonly #byEvent = new Map<string, TraceSpan>()
  readonly #open = new Map<string, OpenInvocation>()
  /** The open `call_llm` span of a model call, by its callback context (the response's callback gets the same one). */
  readonly #calls = new WeakMap<Context, TraceSpan>()

  constructor() {
    super('adk_fluent_api_trace')
  }

  /** The spans of a session's runs, in the order they started. */
  spansOf(sessionId: string): readonly TraceSpan[] {
    return this.#bySession.get(sessionId) ?? []
  }

  /** The `call_llm` or `execute_tool` span that produced an event. */
  spanOfEvent(eventId: string): TraceSpan | undefined {
    return this.#byEvent.get(eventId)
  }

  /** Ends every span still open in an invocation (a run that failed or was aborted never reaches `afterRun`). */
  finish(invocationId: string): void {
    const open = this.#open.get(invocationId)
    if (!open) return
    this.#open.delete(invocationId)
    const end = nowNs()
    for (const span of this.spansOf(open.sessionId))
      if (span.trace_id === open.traceId && span.end_time === null) span.end_time = end
  }

  #start(
    open: Pick<OpenInvocation, 'sessionId' | 'traceId'>,
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
    this.#bySession.get(open.sessionId)?.push(span)
    return span
  }

  #agentSpan(open: OpenInvocation, name: string | undefined): TraceSpan | undefined {
    if (name === undefined) return undefined
    const stack = open.agents.get(name)
    return stack?.[stack.length - 1]
  }

  override onUserMessageCallback({ invocationContext }: { invocationContext: InvocationContext }): undefined {
    const sessionId = invocationContext.session.id
    let spans = this.#bySession.get(sessionId)
    if (!spans) {
      spans = []
      this.#bySession.set(sessionId, spans)
      if (this.#bySession.size > keptSessions) this.#forget(this.#bySession.keys().next().value as string)
    }
    const trace = { sessionId, traceId: randomBytes(16).toString('hex') }
    this.#open.set(invocationContext.invocationId, {
      ...trace,
      root: this.#start(trace, 'invocation', null, {}),
      agents: new Map(),
      awaitingEvent: new Map(),
      tools: new Map(),
    })
    return undefined
  }

  #forget(sessionId: string): void {
    for (const span of this.#bySession.get(sessionId) ?? []) {
      const eventId = span.attributes['gcp.vertex.agent.event_id']
      if (typeof eventId === 'string') this.#byEvent.delete(eventId)
    }
    this.#bySession.delete(sessionId)
  }

  override beforeAgentCallback({ agent, callbackContext }: { agent: BaseAgent; callbackContext: Context }): undefined {
    const open = this.#open.get(callbackContext.invocationId)
    if (!open) return undefined
    const parent = this.#agentSpan(open, agent.parentAgent?.name) ?? open.root
    const span = this.#start(open, `invoke_agent ${agent.name}`, parent, {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.description': agent.description,
      'gen_ai.agent.name': agent.name,
      'gen_ai.conversation.id': open.sessionId,
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
      'gcp.vertex.agent.session_id': open.sessionId,
      // The request as the dev UI's trace shows it: what the model received (model, contents, config).
      'gcp.vertex.agent.llm_request': JSON.stringify(requestJson(llmRequest)),
    })
    this.#calls.set(callbackContext, span)
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
    this.#endCall(callbackContext, llmResponse)
    return undefined
  }

  override onModelErrorCallback({ callbackContext, error }: { callbackContext: Context; error: Error }): undefined {
    this.#endCall(callbackContext, { errorCode: 'MODEL_FAILED', errorMessage: error.message })
    return undefined
  }

  #endCall(callbackContext: Context, response: LlmResponse): void {
    const span = this.#calls.get(callbackContext)
    const open = this.#open.get(callbackContext.invocationId)
    if (!span || !open) return
    this.#calls.delete(callbackContext)
    span.attributes['gcp.vertex.agent.llm_response'] = JSON.stringify(response)
    const usage = response.usageMetadata
    if (usage?.promptTokenCount !== undefined) span.attributes['gen_ai.usage.input_tokens'] = usage.promptTokenCount
    if (usage?.candidatesTokenCount !== undefined)
      span.attributes['gen_ai.usage.output_tokens'] = usage.candidatesTokenCount
    if (response.finishReason)
      span.attributes['gen_ai.response.finish_reasons'] = [String(response.finishReason).toLowerCase()]
    span.end_time = nowNs()
    open.awaitingEvent.set(callbackContext.agentName, span)
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
      if (span) this.#index(span, event.id)
    }
    const call = responses.length === 0 ? open.awaitingEvent.get(event.author) : undefined
    if (call) {
      open.awaitingEvent.delete(event.author)
      this.#index(call, event.id)
    }
    return undefined
  }

  #index(span: TraceSpan, eventId: string): void {
    span.attributes['gcp.vertex.agent.event_id'] = eventId
    this.#byEvent.set(eventId, span)
  }

  override afterRunCallback({ invocationContext }: { invocationContext: InvocationContext }): undefined {
    const open = this.#open.get(invocationContext.invocationId)
    if (open) open.root.end_time = nowNs()
    this.finish(invocationContext.invocationId)
    return undefined
  }
}
