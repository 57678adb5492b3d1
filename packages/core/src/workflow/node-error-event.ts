import { createEvent, type Event, type EventInit } from '../events/event.js'
import { AdkFluentError } from '../errors/adk-fluent-error.js'
import { errorName } from './retry-config.js'

/** The event recording that a workflow node failed (ADK 2.0 `NodeErrorEvent`); no stack trace is stored. */
export interface NodeErrorEvent extends Event {
  readonly isNodeError: true
  /** The error's class name (`TypeError`, `NodeTimeoutError`). */
  errorType: string
  /** The attempt that failed (1-based). */
  attemptCount: number
}

/** Fields of {@link createNodeErrorEvent}: an event's fields plus the error. */
export interface CreateNodeErrorEventParams extends EventInit {
  error: unknown
  attemptCount?: number
}

/** True for a {@link NodeErrorEvent}. */
export function isNodeErrorEvent(event: Event): event is NodeErrorEvent {
  return (event as Partial<NodeErrorEvent>).isNodeError === true
}

/**
 * An event recording a node failure: `errorCode` is the error's code (an adk-fluent error's stable code, or a
 * `code` property such as `ECONNREFUSED`), else `UNKNOWN_ERROR`; `errorMessage` its message.
 */
export function createNodeErrorEvent(params: CreateNodeErrorEventParams): NodeErrorEvent {
  const { error, attemptCount, ...init } = params
  const event = createEvent(init) as Event & { isNodeError?: true; errorType?: string; attemptCount?: number }
  event.isNodeError = true
  event.errorType = errorName(error)
  event.errorCode = init.errorCode ?? errorCodeOf(error)
  event.errorMessage = init.errorMessage ?? (error instanceof Error ? error.message : String(error))
  event.attemptCount = attemptCount ?? 1
  return event as NodeErrorEvent
}

function errorCodeOf(error: unknown): string {
  if (AdkFluentError.isInstance(error)) return error.code
  const code = (error as { code?: unknown } | null | undefined)?.code
  return typeof code === 'string' || typeof code === 'number' ? String(code) : 'UNKNOWN_ERROR'
}

/** Invocations each error was already recorded in: a failure is recorded once, where it happened. */
const recorded = new WeakMap<object, string>()

/** True the first time `error` is reported in this invocation (then the caller records it); false after. */
export function claimNodeErrorReport(error: unknown, invocationId: string): boolean {
  if (typeof error !== 'object' || error === null) return true
  if (recorded.get(error) === invocationId) return false
  recorded.set(error, invocationId)
  return true
}
