import { AdkFluentError, createEvent, type Event, type EventInit } from '@adk-fluent/core'

/** An event of the conformance suites (invocation `inv`, author `agent`). */
export function ev(init: EventInit = {}): Event {
  return createEvent({ invocationId: 'inv', author: 'agent', ...init })
}

/** An event carrying a state delta. */
export function delta(stateDelta: Record<string, unknown>, init: EventInit = {}): Event {
  return ev({ ...init, actions: { stateDelta } })
}

/** The `code` of the error `promise` rejects with (`undefined` when it resolves). */
export async function code(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise
    return undefined
  } catch (error) {
    return AdkFluentError.isInstance(error) ? error.code : String(error)
  }
}
