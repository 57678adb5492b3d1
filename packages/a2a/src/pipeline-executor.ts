import { randomUUID } from 'node:crypto'
import { Role, TaskState, type Message, type Task } from '@a2a-js/sdk'
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from '@a2a-js/sdk/server'
import type { ServerCallContext } from '@a2a-js/sdk/server'
import {
  AbortError,
  AdkFluentError,
  answerContent,
  answerInterrupts,
  isFinalResponse,
  listPendingInterrupts,
  pendingInterrupts,
  type BaseSessionService,
  type Event,
  type PendingInterrupt,
  type Runner,
} from '@adk-fluent/core'
import {
  a2aMessage,
  agentMessage,
  contentText,
  dataPart,
  jsonObject,
  partsData,
  textPart,
  toContentParts,
} from './a2a-parts.js'
import { interruptParts, messageAnswers } from './a2a-interrupts.js'
import { errorMessage } from './error-message.js'
import { publicText } from './public-text.js'

/** What the executor runs turns on. */
export interface PipelineExecutorOptions {
  /** The runner of every task, or a function giving each task its own. */
  readonly runner: Runner | (() => Runner)
  readonly sessionService: BaseSessionService
  readonly appName: string
  /**
   * The sessions' user id for anonymous callers; unset, each conversation is its own user (`A2A_USER_<contextId>`,
   * ADK's). An authenticated caller's sessions are under their own id.
   */
  readonly userId?: string
}

/** The status-message metadata key naming the invocation an `input-required` task waits in. */
const INVOCATION_KEY = 'adk_invocation_id'

function now(): string {
  return new Date().toISOString()
}

/** Session-scoped keys a turn wrote (no `temp:`, `app:` or `user:` keys), last write wins. */
function writtenState(events: readonly Event[]): Record<string, unknown> {
  const written: Record<string, unknown> = {}
  for (const event of events)
    for (const [key, value] of Object.entries(event.actions.stateDelta)) if (!key.includes(':')) written[key] = value
  return written
}

/**
 * Runs one A2A task as one turn of the agent tree: the A2A `contextId` is the session id (created on first use) of
 * the caller's user (an authenticated caller's own id, else `userId`, else one per conversation), the message's text and files are the user's
 * message, its data fields go into state with it (the request handler has checked them: session keys only). Every agent event with
 * text is a `working` status update; the answer (the last final response) is the task's artifact — its text and a
 * data part with the state keys the turn wrote and the fields of a JSON-object answer — and the final status
 * message. A run that pauses (an approval, a request for input, a long-running tool) ends its task
 * `input-required`, its status message saying what it waits for ({@link interruptParts}); a message to that task with
 * the answers ({@link messageAnswers}) resumes the same invocation. `tasks/cancel` aborts the run: no model is called
 * after it.
 */
export class PipelineExecutor implements AgentExecutor {
  readonly #options: PipelineExecutorOptions
  readonly #running = new Map<string, { controller: AbortController; contextId: string; canceled: boolean }>()
  /** The tasks that wait (`input-required`): whose conversation they are, and for what. */
  readonly #waiting = new Map<
    string,
    { contextId: string; userId: string; pending: PendingInterrupt[]; answered?: boolean }
  >()

  constructor(options: PipelineExecutorOptions) {
    this.#options = options
  }

  async execute(requestContext: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId } = requestContext
    const ids = { taskId, contextId }
    const userMessage = requestContext.userMessage
    bus.publish(
      AgentEvent.task({
        id: taskId,
        contextId,
        status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: now() },
        artifacts: [],
        history: requestContext.task ? requestContext.task.history : [userMessage],
        metadata: undefined,
      }),
    )
    const status = (state: TaskState, message: Message | undefined) =>
      bus.publish(
        AgentEvent.statusUpdate({
          taskId,
          contextId,
          status: { state, message, timestamp: now() },
          metadata: undefined,
        }),
      )
    // The answer that resumes a waiting task keeps it answered until its run ends: a second answer sent meanwhile is
    // refused (see refusal), instead of running beside it and failing the task the first one completes.
    const resuming = this.#waiting.get(taskId)
    if (!resuming?.answered) this.#waiting.delete(taskId)
    const entry = { controller: new AbortController(), contextId, canceled: false }
    this.#running.set(taskId, entry)
    status(TaskState.TASK_STATE_WORKING, undefined)
    try {
      const { events, pending } = await this.#run(requestContext, entry.controller.signal, (event) => {
        // A workflow node's input, stored as a user turn for the agent node that reads it, is not the agent's word.
        if (event.author === 'user') return
        const text = contentText(event.content)
        if (text) status(TaskState.TASK_STATE_WORKING, agentMessage(text, ids, event.author))
      })
      // Canceled while its last step finished: the task stays canceled.
      if (entry.canceled) return
      const final = [...events].reverse().find((event) => isFinalResponse(event) && contentText(event.content))
      const failed = events.at(-1)
      if (failed?.errorCode !== undefined) {
        status(
          TaskState.TASK_STATE_FAILED,
          agentMessage(`Agent "${failed.author}" failed: ${publicText(failed.errorMessage ?? failed.errorCode)}`, ids),
        )
        return
      }
      if (pending.length > 0) {
        // Paused: the task waits for the answers; a message to it with them resumes the same invocation.
        const invocationId = (pending[0] as PendingInterrupt).invocationId
        const userId = this.#userId(requestContext.context.user, contextId)
        this.#waiting.set(taskId, { contextId, userId, pending })
        status(
          TaskState.TASK_STATE_INPUT_REQUIRED,
          a2aMessage(Role.ROLE_AGENT, interruptParts(pending), ids, { [INVOCATION_KEY]: invocationId }),
        )
        return
      }
      const text = final ? contentText(final.content) : ''
      const data = { ...writtenState(events), ...jsonObject(text) }
      bus.publish(
        AgentEvent.artifactUpdate({
          taskId,
          contextId,
          artifact: {
            artifactId: randomUUID(),
            name: 'answer',
            description: final ? `The answer of "${final.author}".` : 'The run gave no text answer.',
            parts: Object.keys(data).length > 0 ? [textPart(text), dataPart(data)] : [textPart(text)],
            metadata: final ? { author: final.author } : undefined,
            extensions: [],
          },
          append: false,
          lastChunk: true,
          metadata: undefined,
        }),
      )
      status(TaskState.TASK_STATE_COMPLETED, agentMessage(text, ids, final?.author))
    } catch (error) {
      if (entry.canceled) return
      const message = publicText(errorMessage(error))
      const code = AdkFluentError.isInstance(error) ? ` (${error.code})` : ''
      status(TaskState.TASK_STATE_FAILED, agentMessage(`The run failed${code}: ${message}`, ids))
    } finally {
      if (resuming?.answered && this.#waiting.get(taskId) === resuming) this.#waiting.delete(taskId)
      this.#running.delete(taskId)
      bus.finished()
    }
  }

  /** Aborts every running task (the server is closing). */
  cancelAll(): void {
    for (const [taskId, entry] of this.#running) {
      entry.canceled = true
      entry.controller.abort(new AbortError(`The A2A server closed while task ${taskId} ran.`))
    }
  }

  async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    const entry = this.#running.get(taskId)
    if (!entry) return
    entry.canceled = true
    entry.controller.abort(new AbortError(`The A2A task ${taskId} was canceled (tasks/cancel).`))
    bus.publish(
      AgentEvent.statusUpdate({
        taskId,
        contextId: entry.contextId,
        status: {
          state: TaskState.TASK_STATE_CANCELED,
          message: undefined,
          timestamp: now(),
        },
        metadata: undefined,
      }),
    )
  }

  /**
   * Why a message to a task that waits (`input-required`) does not answer it — an unknown id, a confirmation that is
   * not a boolean, a reply that does not match its schema, an ambiguous text — or `undefined` when it does, or when
   * the task does not wait for this caller's conversation (the SDK then answers as for any task). An accepted answer
   * holds the task until its run starts: a second answer meanwhile is refused. Synchronous, so a streamed request is
   * refused before its stream starts.
   */
  refusal(message: Message, user: ServerCallContext['user']): string | undefined {
    const waiting = this.#waiting.get(message.taskId)
    if (!waiting || (message.contextId && message.contextId !== waiting.contextId)) return undefined
    if (this.#userId(user, waiting.contextId) !== waiting.userId) return undefined
    // One answer resumes a task: a second one sent meanwhile would find nothing left to answer.
    if (waiting.answered) return 'another answer is resuming it; read the task for what it waits for next.'
    try {
      answerContent(waiting.pending, messageAnswers(message.parts, waiting.pending))
      waiting.answered = true
      return undefined
    } catch (error) {
      if (!AdkFluentError.isInstance(error)) throw error
      return error.message
    }
  }

  knowsWaiting(taskId: string): boolean {
    return this.#waiting.has(taskId)
  }

  /**
   * A stored `input-required` task this server did not pause (a server before a restart did): what it waits for is
   * read from its session's inbox (the caller's own session, so another caller finds nothing to answer).
   */
  async restore(task: Task, user: ServerCallContext['user']): Promise<void> {
    const pending = await this.#pendingOf(task, user)
    if (pending.length === 0 || this.#waiting.has(task.id)) return
    this.#waiting.set(task.id, { contextId: task.contextId, userId: this.#userId(user, task.contextId), pending })
  }

  /** The interrupts a task that waits is waiting for: its invocation's pending ones. */
  async #pendingOf(task: Task, user: ServerCallContext['user']): Promise<PendingInterrupt[]> {
    const { sessionService, appName } = this.#options
    const invocationId = task.status?.message?.metadata?.[INVOCATION_KEY]
    const sessionId = task.contextId
    const pending = await listPendingInterrupts(sessionService, {
      appName,
      userId: this.#userId(user, sessionId),
      sessionId,
    })
    return pending.filter((item) => item.invocationId === invocationId)
  }

  #userId(user: ServerCallContext['user'], sessionId: string): string {
    return user?.isAuthenticated ? user.userName : (this.#options.userId ?? `A2A_USER_${sessionId}`)
  }

  async #run(
    requestContext: RequestContext,
    signal: AbortSignal,
    onEvent: (event: Event) => void,
  ): Promise<{ events: Event[]; pending: PendingInterrupt[] }> {
    const { runner, sessionService, appName } = this.#options
    const sessionId = requestContext.contextId
    const userId = this.#userId(requestContext.context.user, sessionId)
    const task = requestContext.task
    const { parts } = requestContext.userMessage
    const events: Event[] = []
    const taskRunner = typeof runner === 'function' ? runner() : runner
    let run: AsyncGenerator<Event, void, undefined>
    if (task?.status?.state === TaskState.TASK_STATE_INPUT_REQUIRED) {
      // An answer: resumes the paused invocation (the request handler checked it before the task was touched).
      const pending = await this.#pendingOf(task, requestContext.context.user)
      const answers = messageAnswers(parts, pending)
      run = answerInterrupts(taskRunner, { userId, sessionId, answers, abortSignal: signal })
    } else {
      await this.#ensureSession(userId, sessionId)
      const stateDelta = partsData(parts)
      const contentParts = toContentParts(parts)
      run = taskRunner.runAsync({
        userId,
        sessionId,
        newMessage: { role: 'user', parts: contentParts.length > 0 ? contentParts : [{ text: '' }] },
        ...(Object.keys(stateDelta).length > 0 ? { stateDelta } : {}),
        abortSignal: signal,
      })
    }
    for await (const event of run) {
      if (event.partial) continue
      events.push(event)
      onEvent(event)
    }
    // Paused when the run's invocation still waits: a new run's pauses are among its events; a resumed one may still
    // wait for interrupts it did not answer, read from the session.
    const waiting = task?.status?.message?.metadata?.[INVOCATION_KEY]
    if (typeof waiting !== 'string') return { events, pending: pendingInterrupts(events) }
    const pending = await listPendingInterrupts(sessionService, { appName, userId, sessionId })
    return { events, pending: pending.filter((item) => item.invocationId === waiting) }
  }

  async #ensureSession(userId: string, sessionId: string): Promise<void> {
    const { sessionService, appName } = this.#options
    const existing = await sessionService.getSession({ appName, userId, sessionId, config: { numRecentEvents: 0 } })
    if (existing) return
    try {
      await sessionService.createSession({ appName, userId, sessionId })
    } catch (error) {
      // Another request of this context created it meanwhile.
      if (!(AdkFluentError.isInstance(error) && error.code === 'SESSION_EXISTS')) throw error
    }
  }
}
