import { StatePrefix, type Event, type Session } from '@adk-fluent/core'

/**
 * A private view of a session for one child run: its own copy of the state (and of the `temp:` values), and either
 * the session's own event list (`sharedEvents`, when the child's events are appended to the session as they come)
 * or a copy (when they are held back, as in a race).
 */
export interface SessionView {
  readonly session: Session
  readonly tempState: Record<string, unknown>
}

/** Creates a {@link SessionView} of `session`. */
export function createSessionView(
  session: Session,
  tempState: Readonly<Record<string, unknown>>,
  options: { sharedEvents: boolean },
): SessionView {
  return {
    session: {
      id: session.id,
      appName: session.appName,
      userId: session.userId,
      state: Object.assign(Object.create(null) as Record<string, unknown>, session.state),
      events: options.sharedEvents ? session.events : [...session.events],
      lastUpdateTime: session.lastUpdateTime,
    },
    tempState: Object.assign(Object.create(null) as Record<string, unknown>, tempState),
  }
}

/** Sets a value in the view: `temp:` keys in its `temp:` store, others in its state. */
export function setInView(view: SessionView, key: string, value: unknown): void {
  if (key.startsWith(StatePrefix.TEMP)) view.tempState[key] = value
  else view.session.state[key] = value
}

/** Reads a value from the view (`null` counts as absent). */
export function readFromView(view: SessionView, key: string): unknown {
  const store = key.startsWith(StatePrefix.TEMP) ? view.tempState : view.session.state
  return Object.prototype.hasOwnProperty.call(store, key) ? (store[key] ?? undefined) : undefined
}

/** Applies a state delta to the view, as appending its event would. */
export function applyDeltaToView(view: SessionView, delta: Readonly<Record<string, unknown>>): void {
  for (const key of Object.keys(delta)) setInView(view, key, delta[key])
}

/** Records an event in a view whose events are a copy: appends it and applies its state delta. */
export function appendToView(view: SessionView, event: Event): void {
  view.session.events.push(event)
  applyDeltaToView(view, event.actions.stateDelta)
  view.session.lastUpdateTime = event.timestamp
}
