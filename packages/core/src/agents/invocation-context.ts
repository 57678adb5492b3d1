import type { Content } from '../models/genai-types.js'
import type { BaseAgent } from './base-agent.js'
import type { RunConfig } from './run-config.js'
import type { InvocationHooks } from './invocation-hooks.js'
import type { Session } from '../sessions/session.js'
import type { Event } from '../events/event.js'
import type { BaseSessionService } from '../sessions/base-session-service.js'
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js'
import type { BaseMemoryService } from '../memory/base-memory-service.js'
import { PluginManager } from '../plugins/plugin-manager.js'
import { AbortError } from '../errors/runtime-errors.js'
import { MaxTurnsError } from '../errors/runtime-errors.js'
import { RunUsage } from '../usage/run-usage.js'
import type { BaseLlm } from '../models/base-llm.js'
import type { RunTracing } from '../telemetry/run-tracing.js'
import type { OtelContext } from '../telemetry/otel-api.js'
import { LLMRegistry } from '../models/llm-registry.js'
import { nullRecord } from '../util/null-record.js'

/** Counters shared by every context copy of one invocation. */
interface InvocationCounters {
  llmCalls: number
  transfers: number
  usage: RunUsage
  /** `runConfig.model`, resolved on first use. */
  model?: BaseLlm
  /** Set when a usage limit stopped the run: no agent starts or continues after it. */
  stopped: boolean
}

export interface InvocationContextParams {
  invocationId: string
  agent: BaseAgent
  session: Session
  sessionService: BaseSessionService
  artifactService?: BaseArtifactService | undefined
  /** The run's long-term memory (`context.searchMemory`, the memory tools). */
  memoryService?: BaseMemoryService | undefined
  pluginManager?: PluginManager
  branch?: string | undefined
  userContent?: Content | undefined
  runConfig?: RunConfig | undefined
  abortSignal?: AbortSignal | undefined
  /** The run's OpenTelemetry spans; `undefined` when nothing records them. */
  tracing?: RunTracing | undefined
  /** The OpenTelemetry context of the current span (an agent's or a tool call's). */
  traceContext?: OtelContext | undefined
  /** `temp:` values written during this invocation (shared by every copy). */
  tempState?: Record<string, unknown>
  /** An execution engine's hooks (durable runs); `undefined` runs models and tools directly. */
  hooks?: InvocationHooks | undefined
  /** The history one agent reads instead of its own `includeContents` (an LlmAgent run as a workflow node). */
  contentsOverride?: ContentsOverride | undefined
}

/** See {@link InvocationContextParams.contentsOverride}. */
export interface ContentsOverride {
  readonly agent: BaseAgent
  readonly includeContents: 'default' | 'none' | 'isolated'
}

/**
 * Everything one invocation (one `runAsync` call) shares. Each agent runs on its own shallow copy
 * ({@link InvocationContext.clone}): `endInvocation` and `branch` are per copy; the session, services, `temp:` state
 * and call counters are shared.
 */
export class InvocationContext {
  readonly invocationId: string
  agent: BaseAgent
  readonly session: Session
  readonly sessionService: BaseSessionService
  readonly artifactService: BaseArtifactService | undefined
  readonly memoryService: BaseMemoryService | undefined
  readonly pluginManager: PluginManager
  branch: string | undefined
  readonly userContent: Content | undefined
  readonly runConfig: RunConfig
  readonly abortSignal: AbortSignal | undefined
  /** The run's OpenTelemetry spans (per copy: `undefined` below an agent whose span nothing records). */
  tracing: RunTracing | undefined
  /** The OpenTelemetry context new spans of this copy are children of. */
  traceContext: OtelContext | undefined
  readonly tempState: Record<string, unknown>
  /** An execution engine's hooks (shared by every copy); see {@link InvocationHooks}. */
  readonly hooks: InvocationHooks | undefined
  /** See {@link InvocationContextParams.contentsOverride}. */
  readonly contentsOverride: ContentsOverride | undefined
  endInvocation = false
  /**
   * The error event (see `isErrorEvent`) of an agent run on this copy: set by `BaseAgent.runAsync` when the agent it
   * runs yields one, its own or a descendant's. A workflow agent reads it after each sub-agent and stops (the
   * invocation ends, as in ADK when a model call raises); a custom agent that runs sub-agents may read it too.
   */
  failure: Event | undefined = undefined
  readonly #counters: InvocationCounters

  constructor(params: InvocationContextParams, counters?: InvocationCounters) {
    this.invocationId = params.invocationId
    this.agent = params.agent
    this.session = params.session
    this.sessionService = params.sessionService
    this.artifactService = params.artifactService
    this.memoryService = params.memoryService
    this.pluginManager = params.pluginManager ?? new PluginManager()
    this.branch = params.branch
    this.userContent = params.userContent
    this.runConfig = params.runConfig ?? {}
    this.abortSignal = params.abortSignal
    this.tracing = params.tracing
    this.traceContext = params.traceContext
    this.tempState = params.tempState ?? nullRecord()
    this.hooks = params.hooks
    this.contentsOverride = params.contentsOverride
    this.#counters = counters ?? {
      llmCalls: 0,
      transfers: 0,
      usage: this.runConfig.usage ?? new RunUsage(),
      stopped: false,
    }
  }

  /** The run's usage so far (shared by every copy; `runConfig.usage` when given). */
  get usage(): RunUsage {
    return this.#counters.usage
  }

  /** The run's model for agents without one (`runConfig.model`, a name resolved once); `undefined` when not set. */
  get runModel(): BaseLlm | undefined {
    const configured = this.runConfig.model
    if (configured === undefined) return undefined
    this.#counters.model ??= typeof configured === 'string' ? LLMRegistry.newLlm(configured) : configured
    return this.#counters.model
  }

  /** True once a usage limit stopped the run. */
  get stopped(): boolean {
    return this.#counters.stopped
  }

  /** Stops the whole run (every agent of the invocation) after the current event. */
  stopRun(): void {
    this.#counters.stopped = true
  }

  get appName(): string {
    return this.session.appName
  }

  get userId(): string {
    return this.session.userId
  }

  /**
   * A shallow copy for another agent, branch, session view, `temp:` store or abort signal of the same invocation.
   * Call counters (`maxLlmCalls`, transfers) stay shared with the original.
   */
  clone(
    overrides: {
      agent?: BaseAgent
      branch?: string | undefined
      session?: Session
      tempState?: Record<string, unknown>
      abortSignal?: AbortSignal | undefined
      traceContext?: OtelContext
      contentsOverride?: ContentsOverride
      hooks?: InvocationHooks | undefined
    } = {},
  ): InvocationContext {
    return new InvocationContext(
      {
        invocationId: this.invocationId,
        agent: overrides.agent ?? this.agent,
        session: overrides.session ?? this.session,
        sessionService: this.sessionService,
        artifactService: this.artifactService,
        memoryService: this.memoryService,
        pluginManager: this.pluginManager,
        branch: 'branch' in overrides ? overrides.branch : this.branch,
        userContent: this.userContent,
        runConfig: this.runConfig,
        abortSignal: 'abortSignal' in overrides ? overrides.abortSignal : this.abortSignal,
        tempState: overrides.tempState ?? this.tempState,
        hooks: 'hooks' in overrides ? overrides.hooks : this.hooks,
        tracing: this.tracing,
        traceContext: overrides.traceContext ?? this.traceContext,
        contentsOverride: overrides.contentsOverride ?? this.contentsOverride,
      },
      this.#counters,
    )
  }

  /**
   * Runs one side effect of a custom agent (a call to another service, a payment) as a step of the invocation. In a
   * durable run (`@adk-fluent/dbos`) the step is checkpointed like a model or tool call: its result is recorded and a
   * re-execution of the run gets the recorded result (or the recorded error) instead of calling again. Elsewhere it
   * just calls. The result must be a JSON value. Steps of one agent are told apart by `name` and their order.
   * @example
   * const answer = await ctx.runStep('quote', () => pricing.quote(sku))
   */
  runStep<T>(name: string, call: () => Promise<T>): Promise<T> {
    const hook = this.hooks?.runStep
    if (!hook) return call()
    return hook.call(this.hooks, { agentName: this.agent.name, branch: this.branch, name }, call) as Promise<T>
  }

  /** Reads a state key as the invocation sees it: `temp:` values first, then the session state. */
  readState(key: string): unknown {
    if (Object.prototype.hasOwnProperty.call(this.tempState, key)) return this.tempState[key]
    return Object.prototype.hasOwnProperty.call(this.session.state, key) ? this.session.state[key] : undefined
  }

  /** Counts a model call; throws {@link MaxTurnsError} past `runConfig.maxLlmCalls` (default 500). */
  incrementLlmCallCount(): void {
    this.#counters.llmCalls++
    const limit = this.runConfig.maxLlmCalls ?? 500
    if (limit > 0 && this.#counters.llmCalls > limit) {
      throw new MaxTurnsError(`Max number of llm calls limit of ${limit} exceeded`, {
        agentName: this.agent.name,
        invocationId: this.invocationId,
      })
    }
  }

  /** Counts an agent transfer; throws {@link MaxTurnsError} past `runConfig.maxTransfers` (default 10). */
  incrementTransferCount(target: string): void {
    this.#counters.transfers++
    const limit = this.runConfig.maxTransfers ?? 10
    if (limit > 0 && this.#counters.transfers > limit) {
      throw new MaxTurnsError(
        `Transfer to "${target}" refused: more than ${limit} agent transfers in one invocation (agents keep handing the question back and forth). Give the agents clearer descriptions, or raise runConfig.maxTransfers.`,
        { agentName: this.agent.name, invocationId: this.invocationId },
      )
    }
  }

  /** Throws {@link AbortError} when the run's abort signal fired. */
  throwIfAborted(): void {
    if (this.abortSignal?.aborted) {
      throw new AbortError('The run was aborted.', { agentName: this.agent.name, invocationId: this.invocationId })
    }
  }
}
