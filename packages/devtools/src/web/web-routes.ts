import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Session } from '@adk-fluent/core'
import { eventEntries } from './event-entries.js'
import { graphView } from './graph-view.js'
import { postedState } from './posted-state.js'
import { lastSeenId, streamRun } from './run-stream.js'
import { symbolicAnatomy } from './symbolic-anatomy.js'
import { uiAsset } from './ui-assets.js'
import { WebRequestError, type WebApp } from './web-app.js'

/** What a route gets. */
export interface RouteContext {
  readonly app: WebApp
  readonly request: IncomingMessage
  readonly response: ServerResponse
  readonly url: URL
  readonly params: readonly string[]
  /** Registers how to end an open event stream (so the server can end it), returning the function that forgets it. */
  readonly track: (end: () => void) => () => void
  /** Where the sessions are stored, for the page's header. */
  readonly sessionsUri: string
  /** The session the page opens at start (`--session`). */
  readonly openSession: string | undefined
  /** Where the memories are stored, for the page's header. */
  readonly memoryUri: string
}

type Handler = (context: RouteContext) => Promise<unknown>

/** A JSON answer with a status other than 200. */
class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > 1_000_000) throw new WebRequestError(413, 'The request body is larger than 1 MB.')
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8').trim()
  if (text === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new WebRequestError(400, `The request body is not JSON: ${(error as Error).message}`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new WebRequestError(400, 'The request body must be a JSON object.')
  return value as Record<string, unknown>
}

/** The `index`-th parameter of the route's pattern, percent-decoded (malformed encoding is a 400). */
function param(params: readonly string[], index: number): string {
  const raw = params[index] as string
  try {
    return decodeURIComponent(raw)
  } catch {
    throw new WebRequestError(400, `The path has malformed percent-encoding: "${raw}".`)
  }
}

function stringField(body: Record<string, unknown>, name: string, required: boolean): string | undefined {
  const value = body[name]
  if (value === undefined && !required) return undefined
  if (typeof value !== 'string' || (required && value.trim() === ''))
    throw new WebRequestError(400, `"${name}" must be a non-empty string.`)
  return value
}

function summary(session: Session) {
  return {
    id: session.id,
    lastUpdateTime: session.lastUpdateTime,
    eventCount: session.events.length,
    state: session.state,
  }
}

/** A stored session step by step: each event's rows and the state after it. */
function replaySteps(session: Session) {
  const state: Record<string, unknown> = {}
  return session.events.map((event) => {
    const rows = eventEntries(event, state)
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
  if (!session) throw new WebRequestError(404, `Session not found: ${id}`)
  return session
}

const routes: readonly (readonly [method: string, pattern: RegExp, handler: Handler])[] = [
  ['GET', /^\/$/, async () => uiAsset('index.html')],
  [
    'GET',
    /^\/ui\/([\w.-]+)$/,
    async ({ params }) => uiAsset(params[0] as string) ?? new Reply(404, { error: 'No such file.' }),
  ],
  [
    'GET',
    /^\/api\/app$/,
    async ({ app, sessionsUri, openSession, memoryUri }) => ({
      name: app.appName,
      userId: app.userId,
      models: app.models ?? null,
      buildError: app.buildError ?? null,
      chatOff: app.chatOff ?? null,
      sessions: sessionsUri,
      memory: memoryUri,
      session: openSession ?? null,
    }),
  ],
  ['GET', /^\/api\/graph$/, async ({ app }) => graphView(app.builder, app.buildProblem)],
  [
    'GET',
    /^\/api\/anatomy\/([^/]+)$/,
    async ({ app, params }) => {
      const agent = param(params, 0)
      let text: string | undefined
      try {
        text = app.builder ? symbolicAnatomy(app.builder, agent) : undefined
      } catch (error) {
        // A tree the anatomy cannot walk (its builder throws): the page shows why, for this agent only.
        return new Reply(422, { error: `The anatomy of "${agent}" cannot be drawn: ${(error as Error).message}` })
      }
      return text === undefined ? new Reply(404, { error: `No LLM agent named "${agent}".` }) : { agent, text }
    },
  ],
  [
    'POST',
    /^\/api\/preview$/,
    async ({ app, request }) => {
      const body = await readJson(request)
      const state = postedState(body['state'], 'state') ?? {}
      const message = stringField(body, 'message', false)
      const agent = stringField(body, 'agent', false)
      return app.preview(
        { state, ...(message === undefined || message === '' ? {} : { message }) },
        agent === '' ? undefined : agent,
      )
    },
  ],
  [
    'GET',
    /^\/api\/sessions$/,
    async ({ app }) => {
      // Listings leave events out; the newest sessions are read whole so the list can count their events.
      const listed = await app.listSessions()
      const full = await Promise.all(listed.slice(0, listedInFull).map((session) => app.getSession(session.id)))
      return {
        sessions: listed.map((session, index) => ({
          ...summary(full[index] ?? session),
          eventCount: full[index]?.events.length ?? null,
        })),
      }
    },
  ],
  [
    'POST',
    /^\/api\/sessions$/,
    async ({ app, request }) =>
      new Reply(201, summary(await app.createSession(postedState((await readJson(request))['state'], 'state')))),
  ],
  [
    'GET',
    /^\/api\/sessions\/([^/]+)$/,
    async ({ app, params }) => {
      const session = await sessionOf(app, param(params, 0))
      const runs = app
        .runsOf(session.id)
        .map((run) => ({ runId: run.runId, finished: run.finished, entries: run.entries }))
      return { ...summary(session), events: session.events, steps: replaySteps(session), runs }
    },
  ],
  [
    'GET',
    /^\/api\/memories$/,
    async ({ app, url }) => {
      const query = url.searchParams.get('query') ?? ''
      const limitText = url.searchParams.get('limit') ?? '50'
      const limit = Number(limitText)
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
        throw new WebRequestError(400, `"limit" must be an integer from 1 to 1000, got "${limitText}".`)
      return { query, memories: await app.searchMemories(query, limit) }
    },
  ],
  [
    'POST',
    /^\/api\/sessions\/([^/]+)\/memory$/,
    async ({ app, params }) => {
      const sessionId = decodeURIComponent(params[0] as string)
      return { sessionId, memories: await app.addSessionToMemory(sessionId) }
    },
  ],
  [
    'POST',
    /^\/api\/sessions\/([^/]+)\/runs$/,
    async ({ app, params, request }) => {
      const body = await readJson(request)
      const text = stringField(body, 'text', true) as string
      const log = await app.startRun(param(params, 0), text, postedState(body['state'], 'state'))
      return new Reply(202, { runId: log.runId, sessionId: log.sessionId, stream: `/api/runs/${log.runId}/stream` })
    },
  ],
  [
    'GET',
    /^\/api\/runs\/([^/]+)$/,
    async ({ app, params }) => {
      const log = app.run(params[0] as string)
      if (!log) throw new WebRequestError(404, `Run not found: ${params[0] as string}`)
      return { runId: log.runId, sessionId: log.sessionId, finished: log.finished, entries: log.entries }
    },
  ],
  [
    'GET',
    /^\/api\/runs\/([^/]+)\/stream$/,
    async ({ app, params, request, response, url, track }) => {
      const log = app.run(params[0] as string)
      if (!log) throw new WebRequestError(404, `Run not found: ${params[0] as string}`)
      streamRun(log, lastSeenId(request, url), response, track)
      return undefined
    },
  ],
]

function send(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) return
  const isAsset =
    typeof body === 'object' &&
    body !== null &&
    'type' in body &&
    'body' in body &&
    Buffer.isBuffer((body as { body: unknown }).body)
  if (isAsset) {
    const asset = body as { type: string; body: Buffer }
    response
      .writeHead(status, {
        'content-type': asset.type,
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
      })
      .end(asset.body)
    return
  }
  response
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    .end(JSON.stringify(body))
}

/** Answers one request of the dev UI's API (see docs/web-api.md). */
export async function route(context: Omit<RouteContext, 'params'>): Promise<void> {
  const { request, response, url } = context
  const matching = routes.filter(([, pattern]) => pattern.test(url.pathname))
  const found = matching.find(([method]) => method === request.method)
  if (!found) {
    send(response, matching.length > 0 ? 405 : 404, {
      error: matching.length > 0 ? `${request.method ?? ''} is not allowed here.` : `Not found: ${url.pathname}`,
    })
    return
  }
  const [, pattern, handler] = found
  try {
    const result = await handler({ ...context, params: (pattern.exec(url.pathname) ?? []).slice(1) })
    if (result instanceof Reply) send(response, result.status, result.body)
    else if (result !== undefined) send(response, 200, result)
  } catch (error) {
    if (error instanceof WebRequestError) send(response, error.status, { error: error.message })
    else send(response, 500, { error: error instanceof Error ? error.message : String(error) })
  }
}
