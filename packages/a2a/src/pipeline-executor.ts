import { randomUUID } from 'node:crypto'
import { TaskState, type Message } from '@a2a-js/sdk'
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from '@a2a-js/sdk/server'
import {
  AbortError,
  AdkFluentError,
  isFinalResponse,
  type BaseSessionService,
  type Event,
  type Runner,
} from '@adk-fluent/core'
import { agentMessage, contentText, dataPart, partsData, textPart, toContentParts } from './a2a-parts.js'
import { errorMessage } from './error-message.js'
import { publicText } from './public-text.js'

/** What the executor runs turns on. */
export interface PipelineExecutorOptions {
  readonly runner: Runner
  readonly sessionService: BaseSessionService
  readonly appName: string
  /**
   * The sessions' user id for anonymous callers; unset, each conversation is its own user (`A2A_USER_<contextId>`,
   * ADK's). An authenticated caller's sessions are under their own id.
   */
  readonly userId?: string
}

function now(): string {
  return new Date().toISOString()
}

/** A JSON object answer, parsed (an agent with `.returns()` answers with one), else `undefined`. */
function jsonObject(text: string): Record<string, unknown> | undefined {
  const trimmed = text.trim()
  if (!trimmed.startsWith('{')) return undefined
  try {
    const value: unknown = JSON.parse(trimmed)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
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
 * message. `tasks/cancel` aborts the run: no model is called after it.
 */
export class PipelineExecutor implements AgentExecutor {
  readonly #options: PipelineExecutorOptions
  readonly #running = new Map<string, { controller: AbortController; contextId: string; canceled: boolean }>()

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
    const entry = { controller: new AbortController(), contextId, canceled: false }
    this.#running.set(taskId, entry)
    status(TaskState.TASK_STATE_WORKING, undefined)
    try {
      const events = await this.#run(requestContext, entry.controller.signal, (event) => {
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

  async #run(requestContext: RequestContext, signal: AbortSignal, onEvent: (event: Event) => void): Promise<Event[]> {
    const { runner, sessionService, appName } = this.#options
    const user = requestContext.context.user
    const sessionId = requestContext.contextId
    const userId = user?.isAuthenticated ? user.userName : (this.#options.userId ?? `A2A_USER_${sessionId}`)
    const existing = await sessionService.getSession({ appName, userId, sessionId, config: { numRecentEvents: 0 } })
    if (!existing) {
      try {
        await sessionService.createSession({ appName, userId, sessionId })
      } catch (error) {
        // Another request of this context created it meanwhile.
        if (!(AdkFluentError.isInstance(error) && error.code === 'SESSION_EXISTS')) throw error
      }
    }
    const { parts } = requestContext.userMessage
    const stateDelta = partsData(parts)
    const contentParts = toContentParts(parts)
    const events: Event[] = []
    for await (const event of runner.runAsync({
      userId,
      sessionId,
      newMessage: { role: 'user', parts: contentParts.length > 0 ? contentParts : [{ text: '' }] },
      ...(Object.keys(stateDelta).length > 0 ? { stateDelta } : {}),
      abortSignal: signal,
    })) {
      if (event.partial) continue
      events.push(event)
      onEvent(event)
    }
    return events
  }
}
