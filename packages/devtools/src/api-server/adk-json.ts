import type { Event, Session } from '@adk-fluent/core'
import { publicMessage } from '../http/error-reply.js'

/**
 * An event in ADK's camelCase JSON: every field of the event, `longRunningToolIds` always present (ADK's shape). An
 * error event's `errorMessage` (a failed model or tool call, in the runtime's words) is sent as a client may see it:
 * without stack lines, local paths or secrets (see `publicMessage`).
 */
export function eventJson(event: Event): Record<string, unknown> {
  return {
    ...event,
    actions: { ...event.actions },
    longRunningToolIds: event.longRunningToolIds ?? [],
    ...(event.errorMessage === undefined ? {} : { errorMessage: publicMessage(event.errorMessage) }),
  }
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
