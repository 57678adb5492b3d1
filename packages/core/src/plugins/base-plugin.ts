import type { Content } from '../models/genai-types.js'
import type { BaseAgent } from '../agents/base-agent.js'
import type { Context } from '../agents/context.js'
import type { InvocationContext } from '../agents/invocation-context.js'
import type { Event } from '../events/event.js'
import type { LlmRequest } from '../models/llm-request.js'
import type { LlmResponse } from '../models/llm-response.js'
import type { BaseTool } from '../tools/base-tool.js'

type Maybe<T> = T | undefined | Promise<T | undefined>

/**
 * A plugin observes or changes a whole run. Every hook defaults to `undefined` (no effect); the first plugin that
 * returns a value wins, and agent callbacks are then skipped for that hook.
 */
export abstract class BasePlugin {
  readonly name: string

  constructor(name: string) {
    this.name = name
  }

  /** A returned `Content` replaces the user's message. */
  onUserMessageCallback(_params: { invocationContext: InvocationContext; userMessage: Content }): Maybe<Content> {
    return undefined
  }
  /** A returned `Content` ends the run at once with an event authored `'model'`. */
  beforeRunCallback(_params: { invocationContext: InvocationContext }): Maybe<Content> {
    return undefined
  }
  /** A returned event replaces the yielded and persisted one (its id, invocation id and timestamp are kept). */
  onEventCallback(_params: { invocationContext: InvocationContext; event: Event }): Maybe<Event> {
    return undefined
  }
  afterRunCallback(_params: { invocationContext: InvocationContext }): Maybe<void> {
    return undefined
  }
  /** A returned `Content` skips the agent (like an agent's own before-agent callback). */
  beforeAgentCallback(_params: { agent: BaseAgent; callbackContext: Context }): Maybe<Content> {
    return undefined
  }
  afterAgentCallback(_params: { agent: BaseAgent; callbackContext: Context }): Maybe<Content> {
    return undefined
  }
  /** A returned response is used instead of calling the model. */
  beforeModelCallback(_params: { callbackContext: Context; llmRequest: LlmRequest }): Maybe<LlmResponse> {
    return undefined
  }
  /** A returned response replaces the model's. */
  afterModelCallback(_params: { callbackContext: Context; llmResponse: LlmResponse }): Maybe<LlmResponse> {
    return undefined
  }
  /** A returned response is used instead of the error. */
  onModelErrorCallback(_params: {
    callbackContext: Context
    llmRequest: LlmRequest
    error: Error
  }): Maybe<LlmResponse> {
    return undefined
  }
  /** A returned object is used as the tool's result; the tool does not run. */
  beforeToolCallback(_params: {
    tool: BaseTool
    toolArgs: Record<string, unknown>
    toolContext: Context
  }): Maybe<Record<string, unknown>> {
    return undefined
  }
  /** A returned object replaces the tool's result. */
  afterToolCallback(_params: {
    tool: BaseTool
    toolArgs: Record<string, unknown>
    toolContext: Context
    result: Record<string, unknown>
  }): Maybe<Record<string, unknown>> {
    return undefined
  }
  /** A returned object is used as the result of a tool that threw. */
  onToolErrorCallback(_params: {
    tool: BaseTool
    toolArgs: Record<string, unknown>
    toolContext: Context
    error: Error
  }): Maybe<Record<string, unknown>> {
    return undefined
  }
}

/** Names of the plugin hooks. */
export type PluginHook = {
  [K in keyof BasePlugin]: BasePlugin[K] extends (...args: never[]) => unknown ? K : never
}[keyof BasePlugin]
