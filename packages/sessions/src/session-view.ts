import { StatePrefix, type Event, type Session } from '@adk-fluent/core'

/** The key of one session in maps and locks (no two id triples collide). @internal */
export function sessionKey(appName: string, userId: string, sessionId: string): string {
  return JSON.stringify([appName, userId, sessionId])
}

/** The event as stored: without `temp:` keys in its state delta (they live only in the invocation). @internal */
export function withoutTempDelta(event: Event): Event {
  const delta = event.actions.stateDelta
  const keys = Object.keys(delta)
  if (!keys.some((key) => key.startsWith(StatePrefix.TEMP))) return event
  const kept: Record<string, unknown> = {}
  for (const key of keys) if (!key.startsWith(StatePrefix.TEMP)) kept[key] = delta[key]
  event.actions = { ...event.actions, stateDelta: kept }
  return event
}

/** Updates the caller's view after a stored append: state, history, revision and update time. @internal */
export function applyAppended(session: Session, event: Event, revision: number, storedTimestampMs: number): void {
  const delta = event.actions.stateDelta
  for (const key of Object.keys(delta)) session.state[key] = delta[key]
  session.events.push(event)
  session.revision = revision
  session.lastUpdateTime = storedTimestampMs
}
