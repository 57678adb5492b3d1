import type { Session } from '@adk-fluent/core'
import { optionalString, readJsonBody, requiredString } from '../http/body.js'
import { Reply } from '../http/reply.js'
import { HttpRequestError, sessionNotFound } from '../http/request-error.js'
import type { Router } from '../http/router.js'
import { eventEntries } from './event-entries.js'
import { graphView } from './graph-view.js'
import { postedState } from './posted-state.js'
import { lastSeenId, streamRun } from './run-stream.js'
import { symbolicAnatomy } from './symbolic-anatomy.js'
import { uiAsset } from './ui-assets.js'
import type { WebApp } from './web-app.js'

/** What the page's header shows besides the app. */
export interface WebPageFacts {
  /** Where the sessions are stored. */
  readonly sessionsUri: string
  /** Where the memories are stored. */
  readonly memoryUri: string
  /** The session the page opens at start (`--session`). */
  readonly openSession: string | undefined
}

/** The largest request body the dev UI reads (its bodies are a message, a state, a preview). */
const body = { maxBytes: 1_000_000 }

function summary(session: Session) {
  return {
    id: session.id,
    lastUpdateTime: session.lastUpdateTime,
    eventCount: session.events.length,
    state: session.state,
  }
}

/** A stored session step by step: each event's rows (without the server's secrets) and the state after it. */
function replaySteps(session: Session, hide: (text: string) => string) {
  const state: Record<string, unknown> = {}
  return session.events.map((event) => {
    const rows = eventEntries(event, state, hide)
    return {
      eventId: event.id,
      author: event.author,
      invocationId: event.invocationId,
      timestamp: event.timestamp,
      rows,
      state: { ...state },
    }
  })
}

/** How many of the newest sessions the list reads whole (to count their events). */
const listedInFull = 50

async function sessionOf(app: WebApp, id: string): Promise<Session> {
  const session = await app.getSession(id)
  if (!session) throw sessionNotFound(id)
  return session
}

function runOf(app: WebApp, runId: string) {
  const log = app.run(runId)
  if (!log) throw new HttpRequestError('HTTP_NOT_FOUND', `Run not found: ${runId}`)
  return log
}

/** A file of the page by its name (nothing else on disk is ever served). */
function pageFile(name: string): Reply {
  const asset = uiAsset(name)
  return asset ? Reply.file(asset) : Reply.error(404, 'No such file.')
}

/** The dev UI's page and API (see docs/web-api.md) on `router`. */
export function addWebRoutes(router: Router, app: WebApp, page: WebPageFacts): Router {
  return router
    .add('GET', '/', async () => pageFile('index.html'))
    .add('GET', '/ui/:file', async ({ params }) => pageFile(params['file'] as string))
    .add('GET', '/api/app', async () => ({
      name: app.appName,
      userId: app.userId,
      models: app.models ?? null,
      buildError: app.buildError ?? null,
      chatOff: app.chatOff ?? null,
      sessions: page.sessionsUri,
      memory: page.memoryUri,
      session: page.openSession ?? null,
    }))
    .add('GET', '/api/graph', async () => graphView(app.builder, app.buildProblem))
    .add('GET', '/api/anatomy/:agent', async ({ params }) => {
      const agent = params['agent'] as string
      let text: string | undefined
      try {
        text = app.builder ? symbolicAnatomy(app.builder, agent) : undefined
      } catch (error) {
        // A tree the anatomy cannot walk (its builder throws): the page shows why, for this agent only.
        return Reply.error(422, `The anatomy of "${agent}" cannot be drawn: ${(error as Error).message}`)
      }
      return text === undefined ? Reply.error(404, `No LLM agent named "${agent}".`) : { agent, text }
    })
    .add('POST', '/api/preview', async ({ request }) => {
      const posted = await readJsonBody(request, body)
      const state = postedState(posted['state'], 'state') ?? {}
      const message = optionalString(posted, 'message')
      const agent = optionalString(posted, 'agent')
      return app.preview(
        { state, ...(message === undefined || message === '' ? {} : { message }) },
        agent === '' ? undefined : agent,
      )
    })
    .add('GET', '/api/sessions', async () => {
      // Listings leave events out; the newest sessions are read whole so the list can count their events.
      const listed = await app.listSessions()
      const full = await Promise.all(listed.slice(0, listedInFull).map((session) => app.getSession(session.id)))
      return {
        sessions: listed.map((session, index) => ({
          ...summary(full[index] ?? session),
          eventCount: full[index]?.events.length ?? null,
        })),
      }
    })
    .add('POST', '/api/sessions', async ({ request }) => {
      const state = postedState((await readJsonBody(request, body))['state'], 'state')
      return Reply.json(summary(await app.createSession(state)), 201)
    })
    .add('GET', '/api/sessions/:session', async ({ params }) => {
      const session = await sessionOf(app, params['session'] as string)
      const runs = app
        .runsOf(session.id)
        .map((run) => ({ runId: run.runId, finished: run.finished, entries: run.entries }))
      return {
        ...summary(session),
        events: session.events,
        steps: replaySteps(session, (text) => app.withoutSecrets(text)),
        runs,
      }
    })
    .add('GET', '/api/memories', async ({ query }) => {
      const text = query.get('query') ?? ''
      const limitText = query.get('limit') ?? '50'
      const limit = Number(limitText)
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
        throw new HttpRequestError('HTTP_BAD_REQUEST', `"limit" must be an integer from 1 to 1000, got "${limitText}".`)
      return { query: text, memories: await app.searchMemories(text, limit) }
    })
    .add('POST', '/api/sessions/:session/memory', async ({ params }) => {
      const sessionId = params['session'] as string
      return { sessionId, memories: await app.addSessionToMemory(sessionId) }
    })
    .add('POST', '/api/sessions/:session/runs', async ({ params, request }) => {
      const posted = await readJsonBody(request, body)
      const text = requiredString(posted, 'text')
      const log = await app.startRun(params['session'] as string, text, postedState(posted['state'], 'state'))
      return Reply.json({ runId: log.runId, sessionId: log.sessionId, stream: `/api/runs/${log.runId}/stream` }, 202)
    })
    .add('GET', '/api/sessions/:session/interrupts', async ({ params }) => {
      const sessionId = params['session'] as string
      return { sessionId, interrupts: await app.interrupts(sessionId) }
    })
    .add('POST', '/api/sessions/:session/interrupts', async ({ params, request }) => {
      const answers = (await readJsonBody(request, body))['answers']
      if (typeof answers !== 'object' || answers === null || Array.isArray(answers))
        throw new HttpRequestError(
          'HTTP_BAD_REQUEST',
          '"answers" must be a JSON object of answers by interrupt id: { "answers": { "<id>": true } }.',
        )
      const log = await app.answer(params['session'] as string, answers as Record<string, unknown>)
      return Reply.json({ runId: log.runId, sessionId: log.sessionId, stream: `/api/runs/${log.runId}/stream` }, 202)
    })
    .add('GET', '/api/runs/:run', async ({ params }) => {
      const log = runOf(app, params['run'] as string)
      return { runId: log.runId, sessionId: log.sessionId, finished: log.finished, entries: log.entries }
    })
    .add('GET', '/api/runs/:run/stream', async (call) => {
      const log = runOf(app, call.params['run'] as string)
      streamRun(log, lastSeenId(call.request, call.query), call)
      return undefined
    })
}
