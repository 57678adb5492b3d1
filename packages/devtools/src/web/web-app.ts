import { randomUUID } from 'node:crypto'
import { basename, extname } from 'node:path'
import {
  InMemoryMemoryService,
  InMemorySessionService,
  Runner,
  StreamingMode,
  type BaseAgent,
  type BaseMemoryService,
  type BaseSessionService,
  type LlmResponse,
  type MemoryEntry,
  type Session,
} from '@adk-fluent/core'
import { memoryRecords } from '@adk-fluent/core/internal'
import type { ScriptEntry } from '@adk-fluent/core/testing'
import type { FlowBuilder } from '@adk-fluent/fluent'
import { graphVisits, lowerNode } from '@adk-fluent/fluent/internal'
import { chooseRunModel, type RunModelChoice } from '../cli/choose-run-model.js'
import { answerEveryModelWith } from '../cli/offline-models.js'
import { HttpRequestError, sessionNotFound } from '../http/request-error.js'
import { withoutSecrets } from '../http/secrets.js'
import { tokenUsage, type RequestJson } from '../trace/model-call.js'
import { TraceRecorder, type ModelCallListener } from '../trace/trace-recorder.js'
import { buildTree, type BuildProblem } from './build-report.js'
import { eventEntries, applyStateDelta } from './event-entries.js'
import { previewRequests, type PreviewInput, type PreviewResult } from './preview-requests.js'
import { RunLog } from './run-log.js'
import { defaultWebLimits, type WebLimits } from './web-limits.js'

/** What the dev UI serves: the builder of a module, and where its sessions live. */
export interface WebAppOptions {
  /** Absent when the module has none: the page then says why (`noBuilder`) and has nothing to draw or run. */
  readonly builder: FlowBuilder<unknown> | undefined
  /** Why the module gives no builder (the loader's message, naming the file); used when `builder` is absent. */
  readonly noBuilder?: string
  /** The loaded module (its `mockScript` export runs the agents offline). */
  readonly module: Readonly<Record<string, unknown>>
  /** The module's path as given, for messages. */
  readonly file: string
  readonly env: Readonly<Record<string, string | undefined>>
  /** Default: a fresh `InMemorySessionService`. */
  readonly sessionService?: BaseSessionService
  /** The user the sessions belong to; default `'user'`. */
  readonly userId?: string
  /** The runs' long-term memory (what `T.loadMemory()` / `T.preloadMemory()` search). Default: a fresh in-memory one. */
  readonly memoryService?: BaseMemoryService
  /** Sessions, events per session and run logs kept (see `WebLimits` for the defaults). */
  readonly limits?: Partial<WebLimits>
}

/** How the models of the runs are chosen (`own`: the agents' `BaseLlm`s; `mock-script`: a fresh script per turn). */
export type WebModels = RunModelChoice['kind']

/**
 * The dev UI's runtime: builds the agent tree, keeps the sessions in the session service and the trace of every run
 * started here, and runs one turn at a time per session. Offline (`mock-script`) each turn gets its own
 * `ScriptedLlm` over the module's `mockScript`, so every turn replays the script from its start.
 */
export class WebApp {
  readonly appName: string
  readonly userId: string
  readonly sessionService: BaseSessionService
  readonly memoryService: BaseMemoryService
  readonly models: WebModels | undefined
  /**
   * Why there is no tree to run: a `ConfigError` at `build()` (every issue, placed on the graph), another error while
   * building, or no builder in the module. Runs are refused then; the graph, anatomy and per-agent previews still work.
   */
  readonly buildProblem: BuildProblem | undefined
  /** Why chat is off (naming the file), or `undefined` when it is on. */
  readonly chatOff: string | undefined
  readonly #options: WebAppOptions
  readonly #limits: WebLimits
  /** The trace of every turn; the dev UI keeps it in its run logs, so the recorder keeps no spans of its own. */
  readonly #trace = new TraceRecorder({ keptSessions: 0 })
  readonly #runs = new Map<string, RunLog>()
  readonly #sessionRuns = new Map<string, RunLog[]>()
  #shared: BaseAgent | undefined

  constructor(options: WebAppOptions) {
    this.#options = options
    this.#limits = { ...defaultWebLimits, ...options.limits }
    this.appName = options.builder?.node.name ?? basename(options.file, extname(options.file))
    this.userId = options.userId ?? 'user'
    this.sessionService = options.sessionService ?? new InMemorySessionService()
    this.memoryService = options.memoryService ?? new InMemoryMemoryService()
    const { agent: built, problem } = options.builder
      ? buildTree(options.builder, options.file)
      : {
          agent: undefined,
          problem: {
            kind: 'no-builder' as const,
            file: options.file,
            message: options.noBuilder ?? `${options.file} exports no fluent builder.`,
            issues: [],
          },
        }
    this.buildProblem = problem
    this.chatOff = problem && chatOffReason(problem)
    this.models = built ? chooseRunModel(built, options.module, options.env, options.file).kind : undefined
    if (built && this.models !== 'mock-script') this.#shared = built
  }

  /** The text of {@link buildProblem} (`undefined` when the tree builds). */
  get buildError(): string | undefined {
    return this.buildProblem?.message
  }

  get builder(): FlowBuilder<unknown> | undefined {
    return this.#options.builder
  }

  /**
   * The pipeline preview of one turn (see {@link previewRequests}). When the tree does not build, the whole turn
   * cannot run: the LLM agent `agent` runs alone on the given state instead (`alone` names it), and when even that
   * agent cannot be built or run, `error` says why for it.
   */
  async preview(input: PreviewInput, agent: string | undefined): Promise<PreviewResult & { alone?: string }> {
    const builder = this.#options.builder
    if (!this.buildProblem) return previewRequests((builder as FlowBuilder<unknown>).build(), input)
    if (!builder) throw new HttpRequestError('HTTP_UNPROCESSABLE', this.buildProblem.message)
    if (agent === undefined)
      return {
        calls: [],
        error: `The agent tree of ${this.#options.file} does not build, so the whole turn cannot be previewed: pick an agent to preview it alone.`,
      }
    const visit = graphVisits(builder.node).find((item) => item.node.kind === 'agent' && item.node.name === agent)
    if (!visit) throw new HttpRequestError('HTTP_NOT_FOUND', `No LLM agent named "${agent}".`)
    let alone: BaseAgent
    try {
      alone = lowerNode(visit.node)
    } catch (error) {
      return { calls: [], error: `"${agent}" cannot be built on its own: ${messageOf(error)}`, alone: agent }
    }
    const result = await previewRequests(alone, input)
    return {
      ...result,
      ...(result.error === undefined ? {} : { error: `"${agent}" alone cannot run: ${result.error}` }),
      alone: agent,
    }
  }

  /**
   * `text` as the page may show it: without the values of the environment's secret variables (its `env` and the
   * process's), URI passwords or API keys (see `withoutSecrets`). Paths stay: they name the user's own files.
   */
  withoutSecrets(text: string): string {
    return withoutSecrets(withoutSecrets(text, this.#options.env))
  }

  /** The sessions of the user, newest first. */
  async listSessions(): Promise<Session[]> {
    const { sessions } = await this.sessionService.listSessions({ appName: this.appName, userId: this.userId })
    return [...sessions].sort((a, b) => b.lastUpdateTime - a.lastUpdateTime)
  }

  /**
   * A new session, with `state` as its initial state (and `sessionId` as its id when given); a 429 when the user
   * already has as many sessions as the limits allow.
   */
  async createSession(state: Record<string, unknown> = {}, sessionId?: string): Promise<Session> {
    const count = (await this.sessionService.listSessions({ appName: this.appName, userId: this.userId })).sessions
      .length
    if (count >= this.#limits.sessions)
      throw new HttpRequestError(
        'HTTP_TOO_MANY',
        `There are ${count} sessions, the most this dev server keeps: delete some from the store before creating another.`,
      )
    return this.sessionService.createSession({
      appName: this.appName,
      userId: this.userId,
      state,
      ...(sessionId === undefined ? {} : { sessionId }),
    })
  }

  /** A stored session (`undefined` when there is none). */
  async getSession(sessionId: string): Promise<Session | undefined> {
    return this.sessionService.getSession({ appName: this.appName, userId: this.userId, sessionId })
  }

  /** The user's memories that share a word with `query`, oldest first (the newest `limit`). */
  async searchMemories(query: string, limit: number): Promise<MemoryEntry[]> {
    return (await this.memoryService.searchMemory({ appName: this.appName, userId: this.userId, query, limit }))
      .memories
  }

  /** Adds a stored session to the memory (404 when there is none); the number of its memories (events with text). */
  async addSessionToMemory(sessionId: string): Promise<number> {
    const session = await this.getSession(sessionId)
    if (!session) throw sessionNotFound(sessionId)
    await this.memoryService.addSessionToMemory(session)
    return memoryRecords.ofSession(session).length
  }

  /** The runs started in this server for a session, oldest first. */
  runsOf(sessionId: string): readonly RunLog[] {
    return this.#sessionRuns.get(sessionId) ?? []
  }

  /** A run by id. */
  run(runId: string): RunLog | undefined {
    return this.#runs.get(runId)
  }

  /**
   * Starts one turn in a session with the user's `text` (and `state` applied with the message); returns its log at
   * once. Refused when the tree does not build (422), the session does not exist (404) or a turn is running (409).
   */
  async startRun(sessionId: string, text: string, state?: Record<string, unknown>): Promise<RunLog> {
    if (this.chatOff !== undefined) throw new HttpRequestError('HTTP_UNPROCESSABLE', this.chatOff)
    const session = await this.getSession(sessionId)
    if (!session) throw sessionNotFound(sessionId)
    if (session.events.length >= this.#limits.eventsPerSession)
      throw new HttpRequestError(
        'HTTP_TOO_MANY',
        `Session ${sessionId} holds ${session.events.length} events, the most this dev server lets a session hold: start a new session.`,
      )
    const runs = this.#sessionRuns.get(sessionId) ?? []
    if (runs.some((run) => !run.finished))
      throw new HttpRequestError('HTTP_CONFLICT', `A turn is already running in session ${sessionId}.`)
    const log = new RunLog(randomUUID(), sessionId)
    this.#runs.set(log.runId, log)
    this.#sessionRuns.set(sessionId, [...runs, log])
    this.#forgetOldRuns()
    void this.#execute(log, session, text, state)
    return log
  }

  /** Forgets the oldest finished run logs while more than `keptRuns` are kept (a running one is never forgotten). */
  #forgetOldRuns(): void {
    if (this.#runs.size <= this.#limits.keptRuns) return
    for (const [runId, log] of this.#runs) {
      if (this.#runs.size <= this.#limits.keptRuns) break
      if (!log.finished) continue
      this.#runs.delete(runId)
      const left = (this.#sessionRuns.get(log.sessionId) ?? []).filter((run) => run !== log)
      if (left.length > 0) this.#sessionRuns.set(log.sessionId, left)
      else this.#sessionRuns.delete(log.sessionId)
    }
  }

  /**
   * The tree a turn runs on. Offline (`mock-script`) every turn gets a fresh `ScriptedLlm` over the module's
   * `mockScript`: each turn replays the script from its first reply, so the second message of a session works as the
   * first did (the page says so).
   */
  #agentForTurn(): BaseAgent {
    if (this.#shared) return this.#shared
    // Model names resolve when agents are built: with this turn's script installed, the tree uses it (each request
    // still names the agent's own model).
    answerEveryModelWith(this.#options.module['mockScript'] as readonly ScriptEntry[])
    return (this.#options.builder as FlowBuilder<unknown>).build()
  }

  async #execute(
    log: RunLog,
    session: Session,
    text: string,
    state: Record<string, unknown> | undefined,
  ): Promise<void> {
    const current = { ...session.state }
    log.push({ kind: 'user', text })
    // Chosen here so the turn's model calls are followed from its first one.
    const invocationId = `e-${randomUUID()}`
    const unfollow = this.#trace.follow(
      invocationId,
      modelCallRows(log, (text) => this.withoutSecrets(text)),
    )
    try {
      // Inside the try: this runs detached from the request (`void`), so a throw here must end the run, not the process.
      if (state) {
        const changes = applyStateDelta(current, state)
        if (changes.length > 0) log.push({ kind: 'state', agent: 'user', changes })
      }
      const runner = new Runner({
        appName: this.appName,
        agent: this.#agentForTurn(),
        sessionService: this.sessionService,
        memoryService: this.memoryService,
        plugins: [this.#trace],
      })
      const events = runner.runAsync({
        invocationId,
        userId: this.userId,
        sessionId: session.id,
        newMessage: { role: 'user', parts: [{ text }] },
        ...(state ? { stateDelta: { ...state } } : {}),
        runConfig: { streamingMode: StreamingMode.NONE },
      })
      for await (const event of events) {
        if (event.partial) continue
        for (const row of eventEntries(event, current, (text) => this.withoutSecrets(text))) log.push(row)
      }
    } catch (error) {
      const code =
        typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : 'RUN_FAILED'
      // The page shows the message as it is (paths name the user's own files) but never a secret of the environment.
      log.push({ kind: 'error', agent: '', code, message: this.withoutSecrets(messageOf(error)) })
    } finally {
      unfollow()
      this.#trace.finish(invocationId)
      log.push({ kind: 'end', ok: !log.failed, durationMs: Date.now() - log.startedAt })
    }
  }
}

/** The rows of the run's model calls: `llm-start` as each starts, `llm-call` (request, response, time, tokens) as it ends. */
function modelCallRows(log: RunLog, hide: (text: string) => string): ModelCallListener {
  return {
    started: ({ call, agent }) => log.push({ kind: 'llm-start', call, agent }),
    finished: (call) =>
      log.push({
        kind: 'llm-call',
        call: call.call,
        agent: call.agent,
        request: JSON.parse(call.request) as RequestJson,
        response: call.responseJson === undefined ? undefined : (JSON.parse(call.responseJson) as LlmResponse),
        error: call.error === undefined ? undefined : hide(call.error),
        durationMs: call.durationMs,
        usage: call.response === undefined ? undefined : tokenUsage(call.response),
      }),
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Why chat is off for a build problem, naming the file. */
function chatOffReason(problem: BuildProblem): string {
  if (problem.kind !== 'config') return `Chat is off: ${problem.message}`
  const count = problem.issues.length
  return `Chat is off: the agent tree of ${problem.file} does not build (${count} problem${count === 1 ? '' : 's'}, listed on the Graph tab).`
}
