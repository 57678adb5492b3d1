import { randomUUID } from 'node:crypto'
import { AlreadyExistsError, createEvent, isEvent, type Event } from '@adk-fluent/core'
import type { AdkApiApps } from './api-apps.js'
import { checkEventRoom, SessionCounter, type AdkApiLimits } from './api-limits.js'
import { HttpRequestError, sessionNotFound } from '../http/request-error.js'
import { sessionJson, sessionListJson } from './adk-json.js'
import { optionalObject } from '../http/body.js'
import { readApiBody } from './api-body.js'
import { Reply } from '../http/reply.js'
import type { RouteCall, Router } from '../http/router.js'

const sessions = '/apps/:app/users/:user/sessions'
const session = `${sessions}/:session`

function where({ params }: RouteCall) {
  return { appName: params['app'] as string, userId: params['user'] as string }
}

async function existing(apps: AdkApiApps, call: RouteCall) {
  apps.agent(call.params['app'] as string)
  const sessionId = call.params['session'] as string
  const found = await apps.sessionService.getSession({ ...where(call), sessionId })
  if (!found) throw sessionNotFound(sessionId)
  return found
}

/** Events of an imported session (adk-web's "import session"): each must be an event object, at most `max` of them. */
function importedEvents(body: Record<string, unknown>, max: number): Event[] {
  const raw = body['events']
  if (raw === undefined || raw === null) return []
  if (!Array.isArray(raw)) throw new HttpRequestError('HTTP_BAD_REQUEST', '"events" must be an array of events.')
  if (raw.length > max)
    throw new HttpRequestError(
      'HTTP_BODY_TOO_LARGE',
      `"events" has ${raw.length} events; a session on this server holds at most ${max}.`,
    )
  return raw.map((value, index) => {
    if (typeof value !== 'object' || value === null || typeof (value as { author?: unknown }).author !== 'string')
      throw new HttpRequestError('HTTP_BAD_REQUEST', `"events[${index}]" must be an event object with an "author".`)
    const event = createEvent(value as Parameters<typeof createEvent>[0])
    if (!isEvent(event)) throw new HttpRequestError('HTTP_BAD_REQUEST', `"events[${index}]" is not an event.`)
    return event
  })
}

/**
 * ADK's session routes: list, create (with initial state, at a chosen id or a new one), get, update state, delete.
 * A user's sessions and a session's events are limited (`limits`): one more is a 429 (413 for an import).
 */
export function addSessionRoutes(router: Router, apps: AdkApiApps, limits: AdkApiLimits): void {
  const counter = new SessionCounter(apps.sessionService, limits.sessionsPerUser)
  const create = async (call: RouteCall, sessionId: string | undefined) => {
    apps.agent(call.params['app'] as string)
    const body = await readApiBody(call.request)
    const state = optionalObject(body, 'state') ?? {}
    const events = importedEvents(body, limits.eventsPerSession)
    const { appName, userId } = where(call)
    if (sessionId !== undefined && (await apps.sessionService.getSession({ ...where(call), sessionId })))
      throw new AlreadyExistsError(`Session already exists: ${sessionId}`)
    await counter.checkRoom(appName, userId)
    let created = await apps.sessionService.createSession({
      ...where(call),
      state,
      ...(sessionId === undefined ? {} : { sessionId }),
    })
    await counter.changed(appName, userId, 1)
    // Imported events are appended one by one: the stored state is their fold, as for any other session.
    for (const event of events) await apps.sessionService.appendEvent({ session: created, event })
    if (events.length > 0)
      created = (await apps.sessionService.getSession({ ...where(call), sessionId: created.id })) ?? created
    return sessionJson(created)
  }

  router
    .add('GET', sessions, async (call) => {
      apps.agent(call.params['app'] as string)
      const { sessions: listed } = await apps.sessionService.listSessions(where(call))
      return sessionListJson(listed)
    })
    .add('POST', sessions, (call) => create(call, undefined))
    .add('POST', session, (call) => create(call, call.params['session']))
    .add('GET', session, async (call) => sessionJson(await existing(apps, call)))
    .add('PATCH', session, async (call) => {
      // A state change is an event (author "user", no content), so the stored state stays the fold of the events.
      const found = await existing(apps, call)
      checkEventRoom(found, limits)
      const stateDelta = optionalObject(await readApiBody(call.request), 'stateDelta')
      if (!stateDelta) throw new HttpRequestError('HTTP_BAD_REQUEST', '"stateDelta" must be a JSON object.')
      const event = createEvent({ invocationId: `p-${randomUUID()}`, author: 'user', actions: { stateDelta } })
      await apps.sessionService.appendEvent({ session: found, event })
      return sessionJson(await existing(apps, call))
    })
    .add('DELETE', session, async (call) => {
      await existing(apps, call)
      const { appName, userId } = where(call)
      await counter.changed(appName, userId, -1)
      await apps.sessionService.deleteSession({ ...where(call), sessionId: call.params['session'] as string })
      return Reply.empty(204)
    })
}
