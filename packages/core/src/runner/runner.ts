import type { Content } from '../models/genai-types.js'
import type { BaseAgent } from '../agents/base-agent.js'
import { InvocationContext } from '../agents/invocation-context.js'
import type { RunConfig } from '../agents/run-config.js'
import type { InvocationHooks } from '../agents/invocation-hooks.js'
import type { Event } from '../events/event.js'
import { createEvent } from '../events/event.js'
import type { BaseSessionService } from '../sessions/base-session-service.js'
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js'
import type { BaseMemoryService } from '../memory/base-memory-service.js'
import { isTempKey } from '../sessions/state-prefix.js'
import { assertStateDelta, ownRecord } from '../sessions/reserved-state-key.js'
import type { BasePlugin } from '../plugins/base-plugin.js'
import { PluginManager } from '../plugins/plugin-manager.js'
import { ConfigError } from '../errors/config-error.js'
import { AbortError } from '../errors/runtime-errors.js'
import { SessionBusyError, SessionStoreError, sessionErrors } from '../errors/session-errors.js'
import { newInvocationId } from '../util/ids.js'
import { hasNoTracerProvider, loadOtelApi, loadedOtelApi } from '../telemetry/otel-api.js'
import { RunTracing } from '../telemetry/run-tracing.js'
import { findAgentToRun } from './find-agent-to-run.js'
import { acquireRunLease, type OnBusy, type RunLease } from './run-lease.js'
import { repairDanglingCalls } from './repair-dangling-calls.js'
import { loadSessionForRun } from './load-session-tail.js'
import { FRAMEWORK_FUNCTION_CALL_NAMES as reservedCalls } from '../pause/interrupt-names.js'
import { checkInputReplies } from '../pause/interrupt-answers.js'
import { checkConfirmationReplies } from '../pause/confirmation-binding.js'
import { InvocationProgress } from '../agents/invocation-progress.js'
import { isApp, type App } from '../apps/app.js'
import type { ResumabilityConfig } from '../apps/resumability-config.js'
import { describeValue } from '../util/describe-value.js'
import { answeredBranch, answeredNodeInvocation, answersCalls, resumeTarget } from './resume-target.js'
import { isWorkflow } from '../workflow/is-workflow.js'

export interface RunnerConfig {
  /** The application: its name, root agent, plugins and resumability (the options below override nothing of it). */
  app?: App
  /** Required without `app`. */
  appName?: string
  /** The root agent; required without `app`. */
  agent?: BaseAgent
  sessionService: BaseSessionService
  artifactService?: BaseArtifactService
  /** Long-term memory: what `context.searchMemory`, `LoadMemoryTool` and `PreloadMemoryTool` search. */
  memoryService?: BaseMemoryService
  /**
   * After each run that ends normally, add the run's events (the user's message and every stored reply) to
   * `memoryService`, so later sessions of the user can recall them. Default `false` (add sessions yourself with
   * `memoryService.addSessionToMemory(session)` or `context.addSessionToMemory()`).
   */
  memoryAutoSave?: boolean
  plugins?: readonly BasePlugin[]
  /**
   * When another run holds the session: `'reject'` (the default) throws `SessionBusyError` before anything is stored
   * or any model is called; `'wait'` queues the run until the session is free. Runs on one session never interleave.
   */
  onBusy?: OnBusy
  /**
   * Lifetime of a run's session lease (default 30 s), renewed every third of it while the run lasts and released
   * when it ends; a killed worker's lease expires after it. A service that keeps sessions in this process's memory
   * (`InMemorySessionService`) gives runs a lease without expiry instead, held until the run ends.
   */
  leaseTtlMs?: number
  /**
   * With `{ isResumable: true }` a run that pauses (a tool awaiting approval, a `RequestInput`, a long-running tool)
   * stops the agents that depend on it, and `runAsync({ userId, sessionId, invocationId, newMessage? })` resumes the
   * invocation from its stored events — in any process that reads the same session store — without running agents
   * or tool calls that completed again. An answer to a pause (a `functionResponse`) resumes its invocation by itself.
   * Taken from `app` when one is given.
   */
  resumabilityConfig?: ResumabilityConfig
}

export interface RunAsyncRequest {
  userId: string
  sessionId: string
  /** The user's message; may be left out only to resume an invocation (`invocationId`) of a resumable runner. */
  newMessage?: Content | undefined
  stateDelta?: Record<string, unknown>
  runConfig?: RunConfig
  abortSignal?: AbortSignal
  /**
   * A resumable runner resumes this invocation when the session holds it (from its last stored event). Otherwise the
   * id of the new invocation (default: a new random `e-<uuid>`); a durable engine derives it from its workflow id.
   */
  invocationId?: string
  /** An execution engine's hooks: model and tool calls as steps, event ids and timestamps (see {@link InvocationHooks}). */
  hooks?: InvocationHooks
}

/** Lease owners are unique per run, across processes: a random tag per process plus a counter. */
const processTag = Math.random().toString(36).slice(2, 10)
let ownerSequence = 0

/**
 * Runs an agent tree on a session: appends the user's message, picks the agent for the turn, and appends every
 * non-partial event the agents yield (state changes apply only then) before yielding it to the caller.
 */
export class Runner {
  readonly appName: string
  readonly agent: BaseAgent
  readonly sessionService: BaseSessionService
  readonly artifactService: BaseArtifactService | undefined
  readonly memoryService: BaseMemoryService | undefined
  readonly memoryAutoSave: boolean
  readonly pluginManager: PluginManager
  readonly onBusy: OnBusy
  readonly leaseTtlMs: number
  /** The resumability of every run (from `app`, else the option); `undefined`: runs are not resumable. */
  readonly resumabilityConfig: ResumabilityConfig | undefined

  constructor(config: RunnerConfig) {
    const app = config.app
    if (app !== undefined && !isApp(app)) {
      throw new ConfigError([
        {
          code: 'options_invalid',
          path: ['Runner', 'app'],
          message: `app must be an App (new App({ name, rootAgent })), got ${describeValue(app)}.`,
        },
      ])
    }
    const appName = app?.name ?? config.appName
    const agent = app?.rootAgent ?? config.agent
    if (agent === undefined || appName === undefined) {
      throw new ConfigError([
        {
          code: 'option_missing',
          path: ['Runner', agent === undefined ? 'agent' : 'appName'],
          message: `new Runner() needs ${agent === undefined ? 'an agent' : 'an appName'}: pass { appName, agent, sessionService } or { app, sessionService }.`,
        },
      ])
    }
    this.appName = appName
    this.agent = agent
    this.sessionService = config.sessionService
    this.artifactService = config.artifactService
    this.memoryService = config.memoryService
    this.memoryAutoSave = config.memoryAutoSave ?? false
    this.pluginManager = new PluginManager([...(app?.plugins ?? []), ...(config.plugins ?? [])])
    this.resumabilityConfig = app?.resumabilityConfig ?? config.resumabilityConfig
    this.onBusy = config.onBusy ?? 'reject'
    this.leaseTtlMs = config.leaseTtlMs ?? 30_000
    if (this.onBusy !== 'reject' && this.onBusy !== 'wait') {
      throw new ConfigError([
        {
          code: 'choice_invalid',
          path: ['Runner', 'onBusy'],
          message: `onBusy must be 'reject' or 'wait', got ${JSON.stringify(config.onBusy)}.`,
        },
      ])
    }
    if (this.memoryAutoSave && !this.memoryService) {
      throw new ConfigError([
        {
          code: 'service_missing',
          path: ['Runner', 'memoryAutoSave'],
          message: 'memoryAutoSave needs a memoryService to save to.',
          hint: 'Pass memoryService too (new Runner({ ..., memoryService, memoryAutoSave: true })).',
        },
      ])
    }
  }

  /**
   * One invocation: yields every event (partial ones too) after it was persisted. The run holds its session (see
   * {@link RunnerConfig.onBusy}) from before the user message is stored until it ends. If the session store fails
   * mid-run, the run ends with an event carrying `errorCode: 'SESSION_STORE_FAILED'` (not stored). A resumable runner
   * resumes a stored invocation (see {@link RunnerConfig.resumabilityConfig}) instead of starting one.
   */
  async *runAsync(request: RunAsyncRequest): AsyncGenerator<Event, void, undefined> {
    const { userId, sessionId, abortSignal } = request
    const given = request.newMessage
    let newMessage: Content | undefined = given === undefined || given.role ? given : { ...given, role: 'user' }
    for (const part of newMessage?.parts ?? []) {
      if (part.functionCall?.name && reservedCalls.has(part.functionCall.name)) {
        throw new ConfigError([
          {
            code: 'message_invalid',
            path: ['runAsync', 'newMessage'],
            message: `A client message may not contain a '${part.functionCall.name}' function call: only the runtime creates those.`,
            hint: 'Answer a confirmation with a functionResponse part of that name instead.',
          },
        ])
      }
    }
    const resumable = this.resumabilityConfig?.isResumable === true
    if (!newMessage) {
      if (request.invocationId === undefined || !resumable) {
        throw new ConfigError([
          {
            code: 'resume_invalid',
            path: ['runAsync', 'newMessage'],
            message:
              request.invocationId === undefined
                ? 'runAsync needs a newMessage, or the invocationId of an invocation to resume.'
                : `Resuming invocation "${request.invocationId}" without a newMessage needs a resumable runner.`,
            hint: 'Create the runner (or its App) with resumabilityConfig: { isResumable: true }.',
          },
        ])
      }
    }
    const ownerId = request.invocationId ?? newInvocationId()
    const acquired = acquireRunLease({
      service: this.sessionService,
      appName: this.appName,
      userId,
      sessionId,
      owner: `${ownerId}:${processTag}${(ownerSequence = (ownerSequence + 1) % 1e9)}`,
      ttlMs: this.leaseTtlMs,
      onBusy: this.onBusy,
      abortSignal,
    })
    const hold = acquired instanceof Promise ? await acquired : acquired
    let invocationId = ownerId
    try {
      const { stateDelta, runConfig } = request
      const at = { appName: this.appName, userId, sessionId }
      // A resumable run that answers a pause or resumes reads the whole session: the invocation may begin before
      // the tail a new turn reads.
      const whole = resumable && (request.invocationId !== undefined || answersCalls(newMessage))
      const session = whole
        ? await this.sessionService.getSession(at)
        : await loadSessionForRun(this.sessionService, at, this.agent.historyTurns())
      if (!session) throw sessionErrors.notFound(sessionId)
      const resume = resumable ? resumeTarget(session.events, newMessage, request.invocationId) : undefined
      if (!newMessage && !resume) {
        throw new ConfigError([
          {
            code: 'resume_invalid',
            path: ['runAsync', 'invocationId'],
            message: `Session "${sessionId}" holds no invocation "${request.invocationId}" to resume.`,
            hint: 'Pass the invocationId of one of its events, or a newMessage to start a new invocation.',
          },
        ])
      }
      invocationId =
        resume?.invocationId ??
        (!resumable && request.invocationId === undefined && isWorkflow(this.agent)
          ? answeredNodeInvocation(session.events, newMessage)
          : undefined) ??
        ownerId
      // An answer to a request for input is checked before anything is stored: a wrong one changes nothing.
      if (newMessage) {
        checkInputReplies(session.events, newMessage)
        // A forged or tampered approval is refused before it is stored (IntentMismatchError, fail closed).
        checkConfirmationReplies(session.events, newMessage)
      }
      // OpenTelemetry: loaded once (the first run waits for it); without it, or with tracing off, no span is made.
      let otel = runConfig?.tracing?.enabled === false ? null : loadedOtelApi()
      if (otel === undefined) otel = await loadOtelApi()
      if (otel && hasNoTracerProvider(otel)) otel = null
      const ctx = new InvocationContext({
        invocationId,
        agent: this.agent,
        session,
        sessionService: this.sessionService,
        artifactService: this.artifactService,
        memoryService: this.memoryService,
        pluginManager: this.pluginManager,
        userContent: newMessage ?? resume?.userContent,
        runConfig,
        abortSignal,
        hooks: request.hooks,
        tracing: otel ? new RunTracing(otel, runConfig?.tracing) : undefined,
        progress: resumable
          ? resume
            ? InvocationProgress.fromEvents(this.agent, session.events, resume.invocationId)
            : InvocationProgress.fresh()
          : undefined,
      })
      const stamp = request.hooks?.stampEvent
      const plugins = this.pluginManager.plugins.length > 0
      if (newMessage) {
        if (plugins) {
          const replaced = await this.pluginManager.run(
            'onUserMessageCallback',
            { invocationContext: ctx, userMessage: newMessage },
            ctx,
          )
          if (replaced) newMessage = replaced
        }
        if (!newMessage.parts || newMessage.parts.length === 0) {
          throw new ConfigError([
            {
              code: 'message_invalid',
              path: ['runAsync', 'newMessage'],
              message: 'No parts in the newMessage.',
              hint: "Send a message with at least one part, such as { role: 'user', parts: [{ text: 'Hi' }] }.",
            },
          ])
        }
        const repair = resume ? undefined : repairDanglingCalls(session.events, newMessage, reservedCalls)
        if (repair) {
          request.hooks?.stampEvent?.call(request.hooks, repair)
          await this.#append(ctx, hold, repair)
        }
        const userEvent = createEvent({ invocationId: ctx.invocationId, author: 'user', content: newMessage })
        const branch = resumable ? answeredBranch(session.events, newMessage) : undefined
        if (branch !== undefined) userEvent.branch = branch
        if (stateDelta) {
          assertStateDelta(stateDelta, 'runAsync({ stateDelta })')
          userEvent.actions.stateDelta = ownRecord(stateDelta)
        }
        stamp?.call(request.hooks, userEvent)
        await this.#append(ctx, hold, userEvent)
      }
      const agent = resume ? resume.agent(this.agent) : findAgentToRun(session, this.agent)
      ctx.agent = agent
      if (plugins) {
        const early = await this.pluginManager.run('beforeRunCallback', { invocationContext: ctx }, ctx)
        if (early) {
          const event = createEvent({ invocationId: ctx.invocationId, author: 'model', content: early })
          stamp?.call(request.hooks, event)
          await this.#append(ctx, hold, event)
          yield event
          return
        }
      }
      for await (const produced of agent.runAsync(ctx)) {
        let event = produced
        if (plugins) {
          const replaced = await this.pluginManager.run('onEventCallback', { invocationContext: ctx, event }, ctx)
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
        if (!event.partial) await this.#append(ctx, hold, event)
        yield event
      }
      if (this.memoryAutoSave) await saveRunToMemory(this.memoryService, ctx)
      if (plugins) await this.pluginManager.run('afterRunCallback', { invocationContext: ctx }, ctx)
    } catch (error) {
      if (!SessionStoreError.isInstance(error) || (error as SessionStoreError).code !== 'SESSION_STORE_FAILED')
        throw error
      const failed = createEvent({ invocationId, author: this.agent.name })
      failed.errorCode = 'SESSION_STORE_FAILED'
      failed.errorMessage = `The session store failed; the run stopped and stored nothing more. ${(error as Error).message}`
      yield failed
    } finally {
      const released = hold.release()
      if (released) await released.catch(() => undefined)
    }
  }

  /** Checks and stores one event (no await of its own: the store's promise is returned). */
  #append(ctx: InvocationContext, hold: RunLease, event: Event): Promise<Event> {
    if (ctx.abortSignal?.aborted) {
      throw new AbortError('The run was aborted.', { agentName: ctx.agent.name, invocationId: ctx.invocationId })
    }
    if (hold.lost()) {
      throw new SessionBusyError(
        `This run lost its hold on session "${ctx.session.id}" (its lease expired and another run took it).`,
        {
          invocationId: ctx.invocationId,
        },
      )
    }
    const delta = event.actions.stateDelta
    assertStateDelta(delta, `the state delta of an event by "${event.author}"`)
    for (const key in delta) if (isTempKey(key) && Object.hasOwn(delta, key)) ctx.tempState[key] = delta[key]
    return this.sessionService.appendEvent({ session: ctx.session, event, lease: hold.lease })
  }
}

/** Adds the events this run stored (those of its invocation) to the memory service. */
function saveRunToMemory(service: BaseMemoryService | undefined, ctx: InvocationContext): Promise<void> {
  const { session } = ctx
  const events = session.events.filter((event) => event.invocationId === ctx.invocationId)
  if (!service || events.length === 0) return Promise.resolve()
  return service.addSessionToMemory({ ...session, events })
}
