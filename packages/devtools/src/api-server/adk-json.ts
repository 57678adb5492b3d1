import type { Event, Session } from '@adk-fluent/core'

/** An event in ADK's camelCase JSON: every field of the event, `longRunningToolIds` always present (ADK's shape). */
export function eventJson(event: Event): Record<string, unknown> {
  return { ...event, actions: { ...event.actions }, longRunningToolIds: event.longRunningToolIds ?? [] }
}

/** A session in ADK's JSON: `{ id, appName, userId, state, events, lastUpdateTime }` (our store revision stays out). */
export function sessionJson(session: Session): Record<string, unknown> {
  return {
    id: session.id,
    appName: session.appName,
    userId: session.userId,
    state: { ...session.state },
    events: session.events.map(eventJson),
    lastUpdateTime: session.lastUpdateTime,
  }
}

/** ADK's session listing: every session on one page, with its paging fields (`page`, `limit`, `totalItems`, `totalPages`). */
export function sessionListJson(sessions: readonly Session[]): Record<string, unknown> {
  return {
    sessions: sessions.map(sessionJson),
    page: 1,
    limit: sessions.length,
    totalItems: sessions.length,
    totalPages: sessions.length === 0 ? 0 : 1,
  }
}
