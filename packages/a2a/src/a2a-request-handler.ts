import {
  TaskState,
  type AgentCard,
  type ListTasksRequest,
  type ListTasksResponse,
  type Message,
  type SendMessageRequest,
  type StreamResponse,
  type SubscribeToTaskRequest,
  type Task,
} from '@a2a-js/sdk'
import { RequestMalformedError, TaskNotFoundError } from '@a2a-js/sdk/errors'
import {
  DefaultRequestHandler,
  InMemoryTaskStore,
  type AgentExecutor,
  type ServerCallContext,
  type TaskStore,
} from '@a2a-js/sdk/server'
import { isStateKey, stateValueIssue } from '@adk-fluent/core/internal'
import type { CallerLimits } from './caller-limits.js'
import { publicText } from './public-text.js'

// A context or task id a caller may send: what UUIDs and ordinary ids are made of, never a path or a control
// character. Ids the server makes are random UUIDs.
const idForm = /^[A-Za-z0-9_-][A-Za-z0-9_.:-]{0,127}$/

function shown(value: string): string {
  return JSON.stringify(publicText(value, 80))
}

/**
 * Why a message a caller sent cannot be run, or `undefined`: its ids, its file URLs (http, https or gs only), and every
 * key and value of its data parts.
 */
export function messageProblem(message: Message | undefined): string | undefined {
  if (!message) return 'the request has no message.'
  for (const [field, value] of [
    ['contextId', message.contextId],
    ['taskId', message.taskId],
    ...message.referenceTaskIds.map((id) => ['referenceTaskIds', id] as const),
  ] as const) {
    if (value !== '' && !idForm.test(value))
      return `message.${field} ${shown(value)} is not an id: use letters, digits, "_", "-", "." and ":" (at most 128, not starting with "."), or leave it out for a new one.`
  }
  for (const part of message.parts) {
    const content = part.content
    if (content?.$case === 'url' && !/^(?:https?|gs):\/\//i.test(content.value))
      return `file URL ${shown(content.value)} is not an http(s) or gs:// URL: a caller cannot point the agent at a local file.`
    if (content?.$case !== 'data') continue
    const value = content.value
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (key.includes(':') && isStateKey(key))
        return `data key ${shown(key)} cannot be sent: app:, user: and temp: state belongs to the server, not to one caller. Send a key without a prefix.`
      if (!isStateKey(key))
        return `data key ${shown(key)} is not a state key: use an identifier (letters, digits and "_", not starting with a digit; not __proto__, constructor or prototype).`
      const issue = stateValueIssue(item)
      if (issue !== undefined)
        return `the value of data key ${shown(key)} cannot be kept in state: ${publicText(issue, 300)}.`
    }
  }
  return undefined
}

function checked(params: SendMessageRequest): void {
  const problem = messageProblem(params.message)
  if (problem) throw new RequestMalformedError(`Invalid message: ${problem}`)
}

/**
 * The task store `serveA2a` uses (the SDK's in-memory one unless given another, e.g. a durable one), which also knows
 * synchronously whether a task id was stored or loaded by this server, and counts each new task against its caller.
 */
export class KnownTaskStore implements TaskStore {
  readonly #ids = new Set<string>()
  readonly #limits: CallerLimits
  readonly #store: TaskStore

  constructor(limits: CallerLimits, store: TaskStore = new InMemoryTaskStore()) {
    this.#limits = limits
    this.#store = store
  }

  save(task: Task, context: ServerCallContext): Promise<void> {
    if (!this.#ids.has(task.id)) this.#limits.note(context.user, task.id, task.contextId)
    this.#ids.add(task.id)
    return this.#store.save(task, context)
  }

  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    const task = await this.#store.load(taskId, context)
    if (task) this.#ids.add(task.id)
    return task
  }

  list(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    return this.#store.list(params, context)
  }

  has(taskId: string): boolean {
    return this.#ids.has(taskId)
  }
}

/** Checks the answers of a message to a task that waits (the executor that knows the sessions). */
export interface AnswerChecker {
  refusal(message: Message, user: ServerCallContext['user']): string | undefined
  /** Whether it knows `taskId` waits (this server paused it or restored it). */
  knowsWaiting(taskId: string): boolean
  /** Learns that a stored `input-required` task (from a server before a restart) waits, from its session's inbox. */
  restore(task: Task, user: ServerCallContext['user']): Promise<void>
}

/**
 * The SDK's request handler with `serveA2a`'s rules for callers: a message is checked before anything runs (ids
 * without path or control characters; data parts write only session keys, never `app:`, `user:` or `temp:` state or a
 * reserved name) and refused with a JSON-RPC "invalid params" error naming the field; an anonymous caller (no
 * `authenticate`) lists only the tasks of a context it names — its id is what lets it in — never everyone's. A message
 * to an `input-required` task must answer what it waits for: a wrong answer is refused (invalid params, saying what
 * is pending and how to answer) before the task is touched, so it keeps waiting. A caller past its limits (tasks or
 * conversations made, {@link CallerLimits}) is refused the same way before anything runs or is kept. Requests
 * that fail before they start are answered without the SDK logging them.
 */
export class A2aRequestHandler extends DefaultRequestHandler {
  readonly #store: KnownTaskStore
  readonly #answers: AnswerChecker
  readonly #limits: CallerLimits

  constructor(card: AgentCard, store: KnownTaskStore, executor: AgentExecutor & AnswerChecker, limits: CallerLimits) {
    super(card, store, executor)
    this.#store = store
    this.#answers = executor
    this.#limits = limits
  }

  override async sendMessage(params: SendMessageRequest, context: ServerCallContext): Promise<Message | Task> {
    checked(params)
    await this.#restore(params.message as Message, context)
    this.#check(params, context)
    return super.sendMessage(params, context)
  }

  // Checked before the stream starts: the transport answers a refusal as a plain JSON-RPC error. (A task stored by a
  // server before a restart is restored first, so its refusal comes as the stream's error event.)
  override sendMessageStream(
    params: SendMessageRequest,
    context: ServerCallContext,
  ): AsyncGenerator<StreamResponse, void, undefined> {
    checked(params)
    const message = params.message as Message
    if (!message.taskId || this.#store.has(message.taskId)) {
      this.#check(params, context)
      return super.sendMessageStream(params, context)
    }
    return this.#restoredStream(params, context)
  }

  async *#restoredStream(params: SendMessageRequest, context: ServerCallContext) {
    await this.#restore(params.message as Message, context)
    this.#check(params, context)
    yield* super.sendMessageStream(params, context)
  }

  /** A message to a task this server has not seen (stored before a restart) that waits: learns what it waits for. */
  async #restore(message: Message, context: ServerCallContext): Promise<void> {
    if (!message.taskId || this.#store.has(message.taskId) || this.#answers.knowsWaiting(message.taskId)) return
    const task = await this.#store.load(message.taskId, context)
    if (task?.status?.state === TaskState.TASK_STATE_INPUT_REQUIRED) await this.#answers.restore(task, context.user)
  }

  /** The message's own checks, then: a message to a task that waits must answer it (the task keeps waiting). */
  #check(params: SendMessageRequest, context: ServerCallContext): void {
    const message = params.message as Message
    const limit = this.#limits.refusal(message, context.user)
    if (limit) throw new RequestMalformedError(`Refused: ${limit}`)
    const refusal = message.taskId ? this.#answers.refusal(message, context.user) : undefined
    if (refusal)
      throw new RequestMalformedError(
        `Task ${shown(message.taskId)} is waiting for answers (input-required) and is still waiting: ${publicText(refusal, 2000)}`,
      )
  }

  // An unknown task is refused before the stream starts (the SDK would log the failure of a started one).
  override resubscribe(
    params: SubscribeToTaskRequest,
    context: ServerCallContext,
  ): AsyncGenerator<StreamResponse, void, undefined> {
    if (!this.#store.has(params.id)) throw new TaskNotFoundError(`Task not found: ${shown(params.id)}`)
    return super.resubscribe(params, context)
  }

  override listTasks(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    if (!context.user?.isAuthenticated && !params.contextId)
      return Promise.reject(
        new RequestMalformedError(
          'Listing tasks needs a contextId: callers are anonymous here, so each lists only the tasks of a conversation it knows. (A server started with authenticate lists each user their own tasks.)',
        ),
      )
    if (params.contextId && !idForm.test(params.contextId))
      return Promise.reject(new RequestMalformedError(`contextId ${shown(params.contextId)} is not an id.`))
    return super.listTasks(params, context)
  }
}
