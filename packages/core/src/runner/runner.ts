import type { Content } from '@google/genai'
import type { BaseAgent } from '../agents/base-agent.js'
import { InvocationContext } from '../agents/invocation-context.js'
import type { RunConfig } from '../agents/run-config.js'
import type { InvocationHooks } from '../agents/invocation-hooks.js'
import type { Event } from '../events/event.js'
import { createEvent } from '../events/event.js'
import type { BaseSessionService } from '../sessions/base-session-service.js'
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js'
import { isTempKey } from '../sessions/state-prefix.js'
import { assertStateDelta, ownRecord } from '../sessions/reserved-state-key.js'
import type { BasePlugin } from '../plugins/base-plugin.js'
import { PluginManager } from '../plugins/plugin-manager.js'
import { ConfigError } from '../errors/config-error.js'
import { AbortError, SessionNotFoundError } from '../errors/runtime-errors.js'
import { newInvocationId } from '../util/ids.js'
import { hasNoTracerProvider, loadOtelApi, loadedOtelApi } from '../telemetry/otel-api.js'
import { RunTracing } from '../telemetry/run-tracing.js'
import { findAgentToRun } from './find-agent-to-run.js'
import { REQUEST_CONFIRMATION_FUNCTION_CALL_NAME, REQUEST_CREDENTIAL_FUNCTION_CALL_NAME, REQUEST_INPUT_FUNCTION_CALL_NAME } from '../flows/contents/event-filter.js'

export interface RunnerConfig {
  appName: string
  agent: BaseAgent
  sessionService: BaseSessionService
  artifactService?: BaseArtifactService
  plugins?: readonly BasePlugin[]
}

export interface RunAsyncRequest {
  userId: string
  sessionId: string
  newMessage: Content
  stateDelta?: Record<string, unknown>
  runConfig?: RunConfig
  abortSignal?: AbortSignal
  /** The invocation's id (default: a new random `e-<uuid>`); a durable engine derives it from its workflow id. */
  invocationId?: string
  /** An execution engine's hooks: model and tool calls as steps, event ids and timestamps (see {@link InvocationHooks}). */
  hooks?: InvocationHooks
}

const reservedCalls = new Set([
  REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
  REQUEST_CREDENTIAL_FUNCTION_CALL_NAME,
  REQUEST_INPUT_FUNCTION_CALL_NAME,
])

/**
 * Runs an agent tree on a session: appends the user's message, picks the agent for the turn, and appends every
 * non-partial event the agents yield (state changes apply only then) before yielding it to the caller.
 */
export class Runner {
  readonly appName: string
  readonly agent: BaseAgent
  readonly sessionService: BaseSessionService
  readonly artifactService: BaseArtifactService | undefined
  readonly pluginManager: PluginManager

  constructor(config: RunnerConfig) {
    this.appName = config.appName
    this.agent = config.agent
    this.sessionService = config.sessionService
    this.artifactService = config.artifactService
    this.pluginManager = new PluginManager(config.plugins ?? [])
  }

  /** One invocation: yields every event (partial ones too) after it was persisted. */
  async *runAsync(request: RunAsyncRequest): AsyncGenerator<Event, void, undefined> {
    const { userId, sessionId, stateDelta, runConfig, abortSignal } = request
    const session = await this.sessionService.getSession({ appName: this.appName, userId, sessionId })
    if (!session) throw new SessionNotFoundError(`Session not found: ${sessionId}`)
    let newMessage: Content = request.newMessage.role ? request.newMessage : { ...request.newMessage, role: 'user' }
    for (const part of newMessage.parts ?? []) {
      if (part.functionCall?.name && reservedCalls.has(part.functionCall.name)) {
        throw new ConfigError(
          `A client message may not contain a '${part.functionCall.name}' function call: only the runtime creates those.`,
        )
      }
    }
    // OpenTelemetry: loaded once (the first run waits for it); without it, or with tracing off, no span is made.
    let otel = runConfig?.tracing?.enabled === false ? null : loadedOtelApi()
    if (otel === undefined) otel = await loadOtelApi()
    if (otel && hasNoTracerProvider(otel)) otel = null
    const ctx = new InvocationContext({
      invocationId: request.invocationId ?? newInvocationId(),
      agent: this.agent,
      session,
      sessionService: this.sessionService,
      artifactService: this.artifactService,
      pluginManager: this.pluginManager,
      userContent: newMessage,
      runConfig,
      abortSignal,
      hooks: request.hooks,
      tracing: otel ? new RunTracing(otel, runConfig?.tracing) : undefined,
    })
    const stamp = request.hooks?.stampEvent
    const plugins = this.pluginManager.plugins.length > 0
    if (plugins) {
      const replaced = await this.pluginManager.run('onUserMessageCallback', { invocationContext: ctx, userMessage: newMessage })
      if (replaced) newMessage = replaced
    }
    if (!newMessage.parts || newMessage.parts.length === 0) throw new ConfigError('No parts in the newMessage.')
    const userEvent = createEvent({ invocationId: ctx.invocationId, author: 'user', content: newMessage })
    if (stateDelta) {
      assertStateDelta(stateDelta, 'runAsync({ stateDelta })')
      userEvent.actions.stateDelta = ownRecord(stateDelta)
    }
    stamp?.call(request.hooks, userEvent)
    await this.#append(ctx, userEvent)
    const agent = findAgentToRun(session, this.agent)
    ctx.agent = agent
    if (plugins) {
      const early = await this.pluginManager.run('beforeRunCallback', { invocationContext: ctx })
      if (early) {
        const event = createEvent({ invocationId: ctx.invocationId, author: 'model', content: early })
        stamp?.call(request.hooks, event)
        await this.#append(ctx, event)
        yield event
        return
      }
    }
    for await (const produced of agent.runAsync(ctx)) {
      let event = produced
      if (plugins) {
        const replaced = await this.pluginManager.run('onEventCallback', { invocationContext: ctx, event })
        if (replaced) {
          event = {
            ...replaced,
            id: produced.id,
            invocationId: produced.invocationId,
            timestamp: produced.timestamp,
            author: replaced.author || produced.author,
          }
          if (replaced.branch === undefined && produced.branch !== undefined) event.branch = produced.branch
        }
      }
      stamp?.call(request.hooks, event)
      if (!event.partial) await this.#append(ctx, event)
      yield event
    }
    if (plugins) await this.pluginManager.run('afterRunCallback', { invocationContext: ctx })
  }

  async #append(ctx: InvocationContext, event: Event): Promise<void> {
    if (ctx.abortSignal?.aborted) {
      throw new AbortError('The run was aborted.', { agentName: ctx.agent.name, invocationId: ctx.invocationId })
    }
    const delta = event.actions.stateDelta
    assertStateDelta(delta, `the state delta of an event by "${event.author}"`)
    for (const key of Object.keys(delta)) if (isTempKey(key)) ctx.tempState[key] = delta[key]
    await this.sessionService.appendEvent({ session: ctx.session, event })
  }
}
