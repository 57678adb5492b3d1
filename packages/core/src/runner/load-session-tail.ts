import type { BaseSessionService } from '../sessions/base-session-service.js'
import type { Session } from '../sessions/session.js'

/** Events read per earlier turn on the first try (doubled until enough turns are in). */
const EVENTS_PER_TURN = 16

function userTurns(session: Session): number {
  let turns = 0
  for (const event of session.events)
    if (event.author === 'user' && event.content?.parts?.some((part) => part.text !== undefined)) turns++
  return turns
}

/**
 * Reads a session for a run that needs `turns` earlier user turns (`undefined`: the whole history). Reads a tail
 * and widens it until it holds that many turns (or the whole session), so a run's cost follows what the agents see,
 * not the session's length.
 */
export function loadSessionForRun(
  service: BaseSessionService,
  request: { appName: string; userId: string; sessionId: string },
  turns: number | undefined,
): Promise<Session | undefined> {
  return turns === undefined ? service.getSession(request) : loadTail(service, request, turns)
}

async function loadTail(
  service: BaseSessionService,
  request: { appName: string; userId: string; sessionId: string },
  turns: number,
): Promise<Session | undefined> {
  let size = EVENTS_PER_TURN * (turns + 1)
  for (;;) {
    const session = await service.getSession({ ...request, config: { numRecentEvents: size } })
    if (!session || session.events.length < size || userTurns(session) > turns) return session
    size *= 4
  }
}
