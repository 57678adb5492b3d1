import type { Message } from '@a2a-js/sdk'
import type { ServerCallContext } from '@a2a-js/sdk/server'

/** Default of `serveA2a`'s `maxTasksPerCaller`. */
export const DEFAULT_MAX_TASKS_PER_CALLER = 1000
/** Default of `serveA2a`'s `maxSessionsPerCaller`. */
export const DEFAULT_MAX_SESSIONS_PER_CALLER = 100

/** Who a request counts against: an authenticated caller's user id, else the address it connects from. */
export function callerKey(user: ServerCallContext['user']): string {
  if (user?.isAuthenticated) return `user:${user.userName}`
  const address = (user as { address?: unknown } | undefined)?.address
  return `address:${typeof address === 'string' ? address : ''}`
}

/**
 * How many tasks and conversations (sessions) each caller made on one server: a caller past either limit is refused
 * before anything runs or is kept, so one caller cannot grow the server's memory without bound; other callers are
 * counted apart and go on.
 */
export class CallerLimits {
  readonly #maxTasks: number
  readonly #maxSessions: number
  readonly #tasks = new Map<string, Set<string>>()
  readonly #sessions = new Map<string, Set<string>>()

  constructor(maxTasks: number, maxSessions: number) {
    this.#maxTasks = maxTasks
    this.#maxSessions = maxSessions
  }

  /** Counts a task the store keeps (and its conversation) against the caller that made it. */
  note(user: ServerCallContext['user'], taskId: string, contextId: string): void {
    const key = callerKey(user)
    setOf(this.#tasks, key).add(taskId)
    setOf(this.#sessions, key).add(contextId)
  }

  /** Why `message` would take the caller past a limit, or `undefined`. */
  refusal(message: Message, user: ServerCallContext['user']): string | undefined {
    const key = callerKey(user)
    if (!message.taskId && (this.#tasks.get(key)?.size ?? 0) >= this.#maxTasks)
      return `this caller has made ${this.#maxTasks} tasks on this server, its limit (serveA2a option maxTasksPerCaller). Continue an existing task or ask the operator to raise the limit.`
    const sessions = this.#sessions.get(key)
    const known = message.contextId !== '' && sessions?.has(message.contextId) === true
    if (!known && (sessions?.size ?? 0) >= this.#maxSessions)
      return `this caller has started ${this.#maxSessions} conversations on this server, its limit (serveA2a option maxSessionsPerCaller). Send the message with the contextId of an existing conversation.`
    return undefined
  }
}

function setOf(map: Map<string, Set<string>>, key: string): Set<string> {
  let set = map.get(key)
  if (!set) map.set(key, (set = new Set()))
  return set
}
