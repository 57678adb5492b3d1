import type { Content, Part } from '../models/genai-types.js'
import type { BaseAgent } from '../agents/base-agent.js'
import type { RunConfig } from '../agents/run-config.js'
import type { Event } from '../events/event.js'
import type { BasePlugin } from '../plugins/base-plugin.js'
import type { Session } from '../sessions/session.js'
import { InMemoryRunner } from '../runner/in-memory-runner.js'

/** App and user of every {@link createHarness} session (the names ADK's own tests use). */
export const APP_NAME = 'test_app'
export const USER_ID = 'test_user'

export interface RunOptions {
  runConfig?: RunConfig
  stateDelta?: Record<string, unknown>
  abortSignal?: AbortSignal
}

/** One runner and one session, reused across turns (ADK's `testing_utils.InMemoryRunner`). */
export interface Harness {
  readonly runner: InMemoryRunner
  readonly sessionId: string
  /** Runs one turn and collects every yielded event. */
  run(message: string | Content, options?: RunOptions): Promise<Event[]>
  /** The stored session, read fresh. */
  session(): Promise<Session>
}

export async function createHarness(
  agent: BaseAgent,
  options: { state?: Record<string, unknown>; plugins?: readonly BasePlugin[] } = {},
): Promise<Harness> {
  const runner = new InMemoryRunner({
    agent,
    appName: APP_NAME,
    ...(options.plugins ? { plugins: options.plugins } : {}),
  })
  const created = await runner.sessionService.createSession({
    appName: APP_NAME,
    userId: USER_ID,
    state: options.state ?? {},
  })
  return {
    runner,
    sessionId: created.id,
    async run(message, runOptions = {}) {
      const events: Event[] = []
      const newMessage = typeof message === 'string' ? userText(message) : message
      for await (const event of runner.runAsync({
        userId: USER_ID,
        sessionId: created.id,
        newMessage,
        ...runOptions,
      })) {
        events.push(event)
      }
      return events
    },
    async session() {
      const session = await runner.sessionService.getSession({
        appName: APP_NAME,
        userId: USER_ID,
        sessionId: created.id,
      })
      if (!session) throw new Error('the harness session disappeared')
      return session
    },
  }
}

/** A user message with one text part. */
export function userText(text: string): Content {
  return { role: 'user', parts: [{ text }] }
}

/** A function-call part without id, as {@link simplify} renders it. */
export function functionCallPart(name: string, args: Record<string, unknown> = {}): Part {
  return { functionCall: { name, args } }
}

/** A function-response part without id, as {@link simplify} renders it. */
export function functionResponsePart(name: string, response: Record<string, unknown>): Part {
  return { functionResponse: { name, response } }
}

function withoutIds(part: Part): Part {
  if (part.functionCall) {
    const { id: _id, ...call } = part.functionCall
    return { ...part, functionCall: call }
  }
  if (part.functionResponse) {
    const { id: _id, ...response } = part.functionResponse
    return { ...part, functionResponse: response }
  }
  return part
}

/** A content as `single text (trimmed) | single part | parts[]`, ids removed (ADK's `simplify_content`). */
export function simplifyContent(content: Content | undefined): unknown {
  const parts = (content?.parts ?? []).map(withoutIds)
  if (parts.length === 1) {
    const [part] = parts as [Part]
    if (typeof part.text === 'string' && !part.thought && Object.keys(part).length === 1) return part.text.trim()
    return part
  }
  return parts
}

/** Events as `[author, simplified content]` pairs. */
export function simplify(events: readonly Event[]): Array<[string, unknown]> {
  return events.map((event) => [event.author, simplifyContent(event.content)])
}

/** Request contents as `[role, simplified content]` pairs. */
export function simplifyContents(contents: readonly Content[]): Array<[string, unknown]> {
  return contents.map((content) => [content.role ?? '', simplifyContent(content)])
}

/** A promise with its resolve function exposed. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}
