import type { Content } from '../models/genai-types.js'
import type { LlmRequest } from '../models/llm-request.js'
import type { LlmResponse } from '../models/llm-response.js'
import { tokenCounts } from '../usage/run-usage.js'
import {
  SPAN_KIND_CLIENT,
  SPAN_KIND_INTERNAL,
  SPAN_STATUS_ERROR,
  type OtelApi,
  type OtelAttributeValue,
  type OtelContext,
  type OtelSpan,
  type OtelTracer,
} from './otel-api.js'

/** Tracing options of a run (`runConfig.tracing`). */
export interface TracingOptions {
  /** `false` turns tracing off for the run even when a tracer provider is registered. */
  readonly enabled?: boolean
  /**
   * Record prompts, completions, tool arguments and results on the spans (`gen_ai.input.messages`,
   * `gen_ai.output.messages`, `gen_ai.tool.call.arguments`, `gen_ai.tool.call.result`). Off by default; the
   * `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true` environment variable turns it on too.
   */
  readonly captureContent?: boolean
  /** The OpenTelemetry context the run's spans are children of (default: the active context). */
  readonly parent?: object
}

/** A started span and the context its children start in. */
export interface TraceSpan {
  readonly span: OtelSpan
  readonly context: OtelContext
}

function envCaptureContent(): boolean {
  const value =
    typeof process === 'undefined' ? undefined : process.env['OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT']
  return value?.toLowerCase() === 'true'
}

/**
 * The spans of one run, with the OpenTelemetry GenAI semantic conventions: `invoke_agent {agent}` per agent run,
 * `chat {model}` per model call and `execute_tool {tool}` per tool call, each a child of the span of the agent that
 * made it (the run's first span is a child of the application's active span).
 */
export class RunTracing {
  readonly api: OtelApi
  readonly tracer: OtelTracer
  readonly captureContent: boolean
  readonly root: OtelContext

  constructor(api: OtelApi, options: TracingOptions = {}) {
    this.api = api
    this.tracer = api.trace.getTracer('@adk-fluent/core')
    this.captureContent = options.captureContent ?? envCaptureContent()
    this.root = options.parent ?? api.context.active()
  }

  #start(
    name: string,
    kind: number,
    attributes: Record<string, OtelAttributeValue>,
    parent: OtelContext | undefined,
  ): TraceSpan | undefined {
    const span = this.tracer.startSpan(name, { kind, attributes }, parent ?? this.root)
    if (!span.isRecording()) {
      span.end()
      return undefined
    }
    return { span, context: this.api.trace.setSpan(parent ?? this.root, span) }
  }

  /** `invoke_agent {name}`; `undefined` when nothing records it (no tracer provider, or not sampled). */
  startAgent(
    agent: { name: string; description: string },
    facts: { invocationId: string; sessionId: string; branch: string | undefined },
    parent: OtelContext | undefined,
  ): TraceSpan | undefined {
    const attributes: Record<string, OtelAttributeValue> = {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': agent.name,
      'gen_ai.conversation.id': facts.sessionId,
      'adk.invocation_id': facts.invocationId,
    }
    if (agent.description) attributes['gen_ai.agent.description'] = agent.description
    if (facts.branch !== undefined) attributes['adk.branch'] = facts.branch
    return this.#start(`invoke_agent ${agent.name}`, SPAN_KIND_INTERNAL, attributes, parent)
  }

  /** `chat {model}` for one model call. */
  startModelCall(
    agentName: string,
    model: string,
    request: LlmRequest,
    parent: OtelContext | undefined,
  ): TraceSpan | undefined {
    const attributes: Record<string, OtelAttributeValue> = {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': model,
      'gen_ai.agent.name': agentName,
    }
    if (model.startsWith('gemini')) attributes['gen_ai.provider.name'] = 'gcp.gemini'
    const config = request.config
    if (typeof config.temperature === 'number') attributes['gen_ai.request.temperature'] = config.temperature
    if (typeof config.maxOutputTokens === 'number') attributes['gen_ai.request.max_tokens'] = config.maxOutputTokens
    if (typeof config.topP === 'number') attributes['gen_ai.request.top_p'] = config.topP
    const traced = this.#start(`chat ${model}`, SPAN_KIND_CLIENT, attributes, parent)
    if (traced && this.captureContent) {
      if (typeof config.systemInstruction === 'string' && config.systemInstruction) {
        traced.span.setAttribute(
          'gen_ai.system_instructions',
          JSON.stringify([{ type: 'text', content: config.systemInstruction }]),
        )
      }
      traced.span.setAttribute('gen_ai.input.messages', JSON.stringify(request.contents.map(toMessage)))
    }
    return traced
  }

  /** Records a non-partial response of a model call on its span. */
  recordModelResponse(traced: TraceSpan, response: LlmResponse): void {
    const { span } = traced
    if (response.usageMetadata) {
      const { input, output } = tokenCounts(response.usageMetadata)
      span.setAttribute('gen_ai.usage.input_tokens', input)
      span.setAttribute('gen_ai.usage.output_tokens', output)
    }
    if (response.finishReason)
      span.setAttribute('gen_ai.response.finish_reasons', [String(response.finishReason).toLowerCase()])
    if (response.modelVersion) span.setAttribute('gen_ai.response.model', response.modelVersion)
    if (response.errorCode !== undefined) {
      span.setAttribute('error.type', response.errorCode)
      span.setStatus({ code: SPAN_STATUS_ERROR, message: response.errorMessage ?? response.errorCode })
    }
    if (this.captureContent && response.content)
      span.setAttribute('gen_ai.output.messages', JSON.stringify([toMessage(response.content)]))
  }

  /** `execute_tool {name}` for one tool call. */
  startToolCall(
    agentName: string,
    tool: { name: string; description?: string } | undefined,
    call: { name?: string | undefined; id?: string | undefined; args?: Record<string, unknown> | undefined },
    parent: OtelContext | undefined,
  ): TraceSpan | undefined {
    const name = tool?.name ?? call.name ?? ''
    const attributes: Record<string, OtelAttributeValue> = {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': name,
      'gen_ai.tool.type': 'function',
      'gen_ai.agent.name': agentName,
    }
    if (call.id) attributes['gen_ai.tool.call.id'] = call.id
    if (tool?.description) attributes['gen_ai.tool.description'] = tool.description
    const traced = this.#start(`execute_tool ${name}`, SPAN_KIND_INTERNAL, attributes, parent)
    if (traced && this.captureContent)
      traced.span.setAttribute('gen_ai.tool.call.arguments', JSON.stringify(call.args ?? {}))
    return traced
  }

  /** Records a tool's result (an `{ error }` result marks the span as failed). */
  recordToolResult(traced: TraceSpan, result: Record<string, unknown> | undefined): void {
    const error = result?.['error']
    if (typeof error === 'string') {
      traced.span.setAttribute('error.type', 'tool_error')
      traced.span.setStatus({ code: SPAN_STATUS_ERROR, message: error })
    }
    if (this.captureContent && result !== undefined)
      traced.span.setAttribute('gen_ai.tool.call.result', JSON.stringify(result))
  }

  /** Marks an agent's span as failed by one of its error events (a model call that failed, a limit it hit). */
  recordErrorEvent(traced: TraceSpan, event: { errorCode?: string; errorMessage?: string }): void {
    if (event.errorCode === undefined) return
    traced.span.setAttribute('error.type', event.errorCode)
    traced.span.setStatus({ code: SPAN_STATUS_ERROR, message: event.errorMessage ?? event.errorCode })
  }

  /** Marks a span as failed by an exception (aborts included). */
  recordError(traced: TraceSpan, error: unknown): void {
    const failure = error instanceof Error ? error : new Error(String(error))
    traced.span.recordException(failure)
    traced.span.setAttribute(
      'error.type',
      (failure as { code?: unknown }).code ? String((failure as { code?: unknown }).code) : failure.name,
    )
    traced.span.setStatus({ code: SPAN_STATUS_ERROR, message: failure.message })
  }
}

function toMessage(content: Content): { role: string; parts: unknown[] } {
  const parts = (content.parts ?? []).map((part) => {
    if (typeof part.text === 'string') return { type: part.thought ? 'reasoning' : 'text', content: part.text }
    if (part.functionCall)
      return {
        type: 'tool_call',
        id: part.functionCall.id,
        name: part.functionCall.name,
        arguments: part.functionCall.args,
      }
    if (part.functionResponse)
      return { type: 'tool_call_response', id: part.functionResponse.id, response: part.functionResponse.response }
    return { type: 'other' }
  })
  return { role: content.role === 'model' ? 'assistant' : (content.role ?? 'user'), parts }
}
