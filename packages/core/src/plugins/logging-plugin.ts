import type { Content } from '../models/genai-types.js'
import type { BaseAgent } from '../agents/base-agent.js'
import type { Context } from '../agents/context.js'
import type { InvocationContext } from '../agents/invocation-context.js'
import type { Event } from '../events/event.js'
import type { LlmRequest } from '../models/llm-request.js'
import type { LlmResponse } from '../models/llm-response.js'
import type { BaseTool } from '../tools/base-tool.js'
import { BasePlugin } from './base-plugin.js'
import { modelErrorRecord, modelRequestRecord, modelResponseRecord, type LogRecord } from './log-record.js'

/** Options of {@link LoggingPlugin}. */
export interface LoggingPluginOptions {
  /** Receives each log line; defaults to `console.log`. */
  log?: (line: string) => void
  /** Texts and arguments longer than this are cut (with `…`); default 200 characters. */
  maxValueLength?: number
  /**
   * Structured instead of lines (`M.log`): receives one {@link LogRecord} per model request, response and error
   * (agent, model, sizes, function-call names, token usage; never prompt or answer text, error messages redacted),
   * and nothing is written to `log`.
   */
  sink?: (record: LogRecord) => void
}

type Fields = Record<string, string | number | boolean | undefined>

/**
 * ADK's logging plugin: one line per plugin hook (run start and end, user message, events, agent, model and tool
 * calls, errors), such as `[logging_plugin] before_model agent=root invocation=e-1 model=gemini-2.5-flash contents=1
 * tools=add`; with a `sink`, one structured {@link LogRecord} per model request, response and error instead (what
 * `M.log` makes). It never changes the run: every hook returns `undefined`.
 */
export class LoggingPlugin extends BasePlugin {
  readonly #log: (line: string) => void
  readonly #maxValueLength: number
  readonly #sink: ((record: LogRecord) => void) | undefined
  /** The model name of each call in flight (its request's), for the records of its answer. */
  readonly #models = new WeakMap<Context, string | undefined>()

  constructor(name = 'logging_plugin', options: LoggingPluginOptions = {}) {
    super(name)
    this.#log = options.log ?? ((line) => console.log(line))
    this.#maxValueLength = options.maxValueLength ?? 200
    this.#sink = options.sink
  }

  override onUserMessageCallback(params: { invocationContext: InvocationContext; userMessage: Content }): undefined {
    if (this.#sink) return undefined
    this.#write('user_message', {
      ...invocationFields(params.invocationContext),
      content: this.#content(params.userMessage),
    })
    return undefined
  }

  override beforeRunCallback(params: { invocationContext: InvocationContext }): undefined {
    if (this.#sink) return undefined
    const context = params.invocationContext
    this.#write('before_run', { ...invocationFields(context), session: context.session.id, user: context.userId })
    return undefined
  }

  override onEventCallback(params: { invocationContext: InvocationContext; event: Event }): undefined {
    if (this.#sink) return undefined
    const { event } = params
    this.#write('event', {
      invocation: event.invocationId,
      id: event.id,
      author: event.author,
      branch: event.branch,
      partial: event.partial || undefined,
      content: this.#content(event.content),
      stateDelta: keysOf(event.actions.stateDelta),
      transferToAgent: event.actions.transferToAgent,
      escalate: event.actions.escalate || undefined,
      error: event.errorCode ?? event.errorMessage,
    })
    return undefined
  }

  override afterRunCallback(params: { invocationContext: InvocationContext }): undefined {
    if (this.#sink) return undefined
    this.#write('after_run', invocationFields(params.invocationContext))
    return undefined
  }

  override beforeAgentCallback(params: { agent: BaseAgent; callbackContext: Context }): undefined {
    if (this.#sink) return undefined
    this.#write('before_agent', contextFields(params.callbackContext))
    return undefined
  }

  override afterAgentCallback(params: { agent: BaseAgent; callbackContext: Context }): undefined {
    if (this.#sink) return undefined
    this.#write('after_agent', contextFields(params.callbackContext))
    return undefined
  }

  override beforeModelCallback(params: { callbackContext: Context; llmRequest: LlmRequest }): undefined {
    const { llmRequest } = params
    if (this.#sink) {
      this.#models.set(params.callbackContext, llmRequest.model)
      this.#sink(modelRequestRecord(params.callbackContext, llmRequest))
      return undefined
    }
    this.#write('before_model', {
      ...contextFields(params.callbackContext),
      model: llmRequest.model,
      contents: llmRequest.contents.length,
      tools: keysOf(llmRequest.toolsDict),
    })
    return undefined
  }

  override afterModelCallback(params: { callbackContext: Context; llmResponse: LlmResponse }): undefined {
    const { llmResponse } = params
    if (this.#sink) {
      const context = params.callbackContext
      if (!llmResponse.partial) this.#sink(modelResponseRecord(context, this.#models.get(context), llmResponse))
      return undefined
    }
    this.#write('after_model', {
      ...contextFields(params.callbackContext),
      partial: llmResponse.partial || undefined,
      content: this.#content(llmResponse.content),
      error: llmResponse.errorCode ?? llmResponse.errorMessage,
      tokens: llmResponse.usageMetadata?.totalTokenCount,
    })
    return undefined
  }

  override onModelErrorCallback(params: { callbackContext: Context; llmRequest: LlmRequest; error: Error }): undefined {
    if (this.#sink) {
      const context = params.callbackContext
      this.#sink(modelErrorRecord(context, this.#models.get(context), params.error))
      return undefined
    }
    this.#write('model_error', { ...contextFields(params.callbackContext), error: this.#cut(params.error.message) })
    return undefined
  }

  override beforeToolCallback(params: {
    tool: BaseTool
    toolArgs: Record<string, unknown>
    toolContext: Context
  }): undefined {
    if (this.#sink) return undefined
    this.#write('before_tool', {
      ...contextFields(params.toolContext),
      tool: params.tool.name,
      callId: params.toolContext.functionCallId,
      args: this.#cut(JSON.stringify(params.toolArgs)),
    })
    return undefined
  }

  override afterToolCallback(params: {
    tool: BaseTool
    toolArgs: Record<string, unknown>
    toolContext: Context
    result: Record<string, unknown>
  }): undefined {
    if (this.#sink) return undefined
    this.#write('after_tool', {
      ...contextFields(params.toolContext),
      tool: params.tool.name,
      callId: params.toolContext.functionCallId,
      result: this.#cut(JSON.stringify(params.result) ?? String(params.result)),
    })
    return undefined
  }

  override onToolErrorCallback(params: {
    tool: BaseTool
    toolArgs: Record<string, unknown>
    toolContext: Context
    error: Error
  }): undefined {
    if (this.#sink) return undefined
    this.#write('tool_error', {
      ...contextFields(params.toolContext),
      tool: params.tool.name,
      callId: params.toolContext.functionCallId,
      error: this.#cut(params.error.message),
    })
    return undefined
  }

  #write(hook: string, fields: Fields): void {
    const rendered = Object.entries(fields)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => `${key}=${String(value)}`)
    this.#log([`[${this.name}]`, hook, ...rendered].join(' '))
  }

  /** Text, function calls and responses of a content, on one line. */
  #content(content: Content | undefined): string | undefined {
    if (!content?.parts) return undefined
    const pieces: string[] = []
    for (const part of content.parts) {
      if (part.text !== undefined) pieces.push(part.thought ? `(thought) ${part.text}` : part.text)
      else if (part.functionCall)
        pieces.push(`call ${part.functionCall.name ?? ''}(${JSON.stringify(part.functionCall.args ?? {})})`)
      else if (part.functionResponse)
        pieces.push(
          `response ${part.functionResponse.name ?? ''}(${JSON.stringify(part.functionResponse.response ?? {})})`,
        )
      else pieces.push('(non-text part)')
    }
    return JSON.stringify(this.#cut(pieces.join(' | ')))
  }

  #cut(text: string): string {
    return text.length > this.#maxValueLength ? `${text.slice(0, this.#maxValueLength)}…` : text
  }
}

function invocationFields(context: InvocationContext): Fields {
  return { invocation: context.invocationId, agent: context.agent.name }
}

function contextFields(context: Context): Fields {
  return { invocation: context.invocationId, agent: context.agentName, branch: context.invocationContext.branch }
}

function keysOf(record: Record<string, unknown>): string | undefined {
  const keys = Object.keys(record)
  return keys.length > 0 ? keys.join(',') : undefined
}
