import type { Content } from '../models/genai-types.js'
import type { BaseAgent } from '../agents/base-agent.js'
import type { Event } from '../events/event.js'
import type { BaseSessionService } from '../sessions/base-session-service.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import { Runner, type RunAsyncRequest } from '../runner/runner.js'
import { SessionStoreError } from '../errors/session-errors.js'

export const APP = 'pause_app'
export const USER = 'u1'

/** A resumable runner (a fresh one per call: a "process") over `service`. */
export function resumableRunner(agent: BaseAgent, service: BaseSessionService, resumable = true): Runner {
  return new Runner({
    appName: APP,
    agent,
    sessionService: service,
    ...(resumable ? { resumabilityConfig: { isResumable: true } } : {}),
  })
}

export async function newSession(service: BaseSessionService = new InMemorySessionService()) {
  const session = await service.createSession({ appName: APP, userId: USER })
  return { service, sessionId: session.id }
}

/** Runs one request to the end and collects its events. */
export async function collect(
  runner: Runner,
  request: Omit<RunAsyncRequest, 'userId'> & { userId?: string },
): Promise<Event[]> {
  const events: Event[] = []
  for await (const event of runner.runAsync({ userId: USER, ...request })) events.push(event)
  return events
}

export function userText(text: string): Content {
  return { role: 'user', parts: [{ text }] }
}

/** The texts of the events that carry text, as `author: text`. */
export function texts(events: readonly Event[]): string[] {
  return events.flatMap((event) =>
    (event.content?.parts ?? [])
      .filter((part) => typeof part.text === 'string')
      .map((part) => `${event.author}: ${part.text}`),
  )
}

/** The names of the function calls of the events, in order. */
export function callNames(events: readonly Event[]): string[] {
  return events.flatMap((event) =>
    (event.content?.parts ?? []).flatMap((part) => (part.functionCall ? [part.functionCall.name ?? ''] : [])),
  )
}

/**
 * The service as a process that dies at one append: the first event `dies` matches is not stored, and the run that
 * tried ends with a `SESSION_STORE_FAILED` event (the process is gone; a new runner over the healthy service resumes).
 */
export function dyingAt(service: BaseSessionService, dies: (event: Event) => boolean): BaseSessionService {
  let dead = false
  return new Proxy(service, {
    get(target, property, receiver) {
      if (property === 'appendEvent') {
        return (request: Parameters<BaseSessionService['appendEvent']>[0]) => {
          if (dead || dies(request.event)) {
            dead = true
            return Promise.reject(new SessionStoreError('the process died'))
          }
          return target.appendEvent(request)
        }
      }
      const value = Reflect.get(target, property, receiver) as unknown
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}

/** The message that answers a confirmation request. */
export function confirmationAnswer(id: string | undefined, confirmed: boolean): Content {
  return {
    role: 'user',
    parts: [{ functionResponse: { id: id ?? '', name: 'adk_request_confirmation', response: { confirmed } } }],
  }
}
