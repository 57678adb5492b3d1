import { randomUUID } from 'node:crypto'
import { basename, extname } from 'node:path'
import {
  InMemoryMemoryService,
  InMemorySessionService,
  InterruptAnswerError,
  Runner,
  StreamingMode,
  answerContent,
  createEvent,
  pendingInterrupts,
  type BaseAgent,
  type Content,
  type InterruptAnswers,
  type PendingInterrupt,
  type BaseMemoryService,
  type BaseSessionService,
  type LlmResponse,
  type MemoryEntry,
  type Session,
} from '@adk-fluent/core'
import { memoryRecords } from '@adk-fluent/core/internal'
import type { FlowBuilder } from '@adk-fluent/fluent'
import { graphVisits, lowerNode } from '@adk-fluent/fluent/internal'
import { chooseRunModel, type RunModelChoice } from '../cli/choose-run-model.js'
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
  /** The tree of each turn (offline, a tree on a fresh copy of the script); `undefined` when chat is off. */
  readonly #treeForTurn: (() => BaseAgent) | undefined
  /** The tree (offline: and so the script) of a session's paused turn, which its answers resume. */
  readonly #pausedTrees = new Map<string, BaseAgent>()

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
    const choice =
      built && options.builder
        ? chooseRunModel(options.builder, options.module, options.env, options.file, built)
        : undefined
    this.models = choice?.kind
    this.#treeForTurn = choice?.tree
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
    const session = await this.#sessionForTurn(sessionId)
    return this.#startTurn(session, {
      newMessage: { role: 'user', parts: [{ text }] },
      invocationId: `e-${randomUUID()}`,
      ...(state ? { state } : {}),
    })
  }

  /** The session's pending interrupts (its inbox, read from its stored events), oldest first; 404 when none. */
  async interrupts(sessionId: string): Promise<PendingInterrupt[]> {
    const session = await this.getSession(sessionId)
    if (!session) throw sessionNotFound(sessionId)
    return pendingInterrupts(session.events)
  }

  /**
   * Answers some or all of a session's pending interrupts (by id: `true` / `false` / `{ confirmed, payload? }` for an
   * approval, the reply for an input, the result of a long-running tool) and resumes the paused invocation as a new
   * turn; returns its log at once. Answers that cannot resume the run (an unknown id, a confirmation that is not a
   * boolean, a reply that does not match its schema) are a 400 naming each, and nothing is stored.
   */
  async answer(sessionId: string, answers: InterruptAnswers): Promise<RunLog> {
    const session = await this.#sessionForTurn(sessionId)
    const pending = pendingInterrupts(session.events)
    let newMessage: Content
    try {
      newMessage = answerContent(pending, answers)
    } catch (error) {
      if (InterruptAnswerError.isInstance(error)) throw new HttpRequestError('HTTP_BAD_REQUEST', error.message)
      throw error
    }
    const answered = pending.filter((item) => Object.hasOwn(answers, item.id))
    const invocations = new Set(answered.map((item) => item.invocationId))
    if (invocations.size > 1)
      throw new HttpRequestError(
        'HTTP_BAD_REQUEST',
        `These answers belong to ${invocations.size} invocations (${[...invocations].join(', ')}): answer the interrupts of one invocation at a time.`,
      )
    return this.#startTurn(session, { newMessage, invocationId: answered[0]?.invocationId as string })
  }

  /** The session a new turn runs in: 422 when chat is off, 404 when there is none, 409 when a turn is running. */
  async #sessionForTurn(sessionId: string): Promise<Session> {
    if (this.chatOff !== undefined) throw new HttpRequestError('HTTP_UNPROCESSABLE', this.chatOff)
    const session = await this.getSession(sessionId)
    if (!session) throw sessionNotFound(sessionId)
    if (session.events.length >= this.#limits.eventsPerSession)
      throw new HttpRequestError(
        'HTTP_TOO_MANY',
        `Session ${sessionId} holds ${session.events.length} events, the most this dev server lets a session hold: start a new session.`,
      )
    if (this.runsOf(sessionId).some((run) => !run.finished))
      throw new HttpRequestError('HTTP_CONFLICT', `A turn is already running in session ${sessionId}.`)
    return session
  }

  #startTurn(session: Session, turn: Turn): RunLog {
    const log = new RunLog(randomUUID(), session.id)
    this.#runs.set(log.runId, log)
    this.#sessionRuns.set(session.id, [...this.runsOf(session.id), log])
    this.#forgetOldRuns()
    void this.#execute(log, session, turn)
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
   * The tree a turn runs on: the paused turn's own when the turn answers it (offline, its script goes on where it
   * stopped), else the turn's tree (offline, a fresh copy of the script: it replays it from its first reply).
   */
  #agentForTurn(sessionId: string): BaseAgent {
    const paused = this.#pausedTrees.get(sessionId)
    this.#pausedTrees.delete(sessionId)
    return paused ?? (this.#treeForTurn as () => BaseAgent)()
  }

  async #execute(log: RunLog, session: Session, turn: Turn): Promise<void> {
    const current = { ...session.state }
    const { newMessage, invocationId, state } = turn
    const hide = (text: string) => this.withoutSecrets(text)
    // The user's text, or the answers as tool results of `user`.
    for (const row of eventEntries(createEvent({ author: 'user', content: newMessage }), {}, hide)) log.push(row)
    // Chosen before the run so the turn's model calls are followed from its first one.
    const unfollow = this.#trace.follow(invocationId, modelCallRows(log, hide))
    try {
      // Inside the try: this runs detached from the request (`void`), so a throw here must end the run, not the process.
      if (state) {
        const changes = applyStateDelta(current, state)
        if (changes.length > 0) log.push({ kind: 'state', agent: 'user', changes })
      }
      const agent = this.#agentForTurn(session.id)
      const runner = new Runner({
        appName: this.appName,
        agent,
        sessionService: this.sessionService,
        memoryService: this.memoryService,
        plugins: [this.#trace],
        // As fluent's .ask(): a pause holds the agents after it until its answers resume the paused invocation.
        resumabilityConfig: { isResumable: true },
      })
      const events = runner.runAsync({
        invocationId,
        userId: this.userId,
        sessionId: session.id,
        newMessage,
        ...(state ? { stateDelta: { ...state } } : {}),
        runConfig: { streamingMode: StreamingMode.NONE },
      })
      let paused = false
      for await (const event of events) {
        if (event.partial) continue
        for (const row of eventEntries(event, current, hide)) log.push(row)
        if (event.longRunningToolIds?.length) paused = true
      }
      if (paused) this.#pausedTrees.set(session.id, agent)
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

/** One turn of a session: the user's message (text or answers), its invocation and the state sent with it. */
interface Turn {
  readonly newMessage: Content
  /** A new id, or the paused invocation the answers resume. */
  readonly invocationId: string
  readonly state?: Record<string, unknown>
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
