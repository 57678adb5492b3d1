import type { AdkApiApps } from './api-apps.js'
import { HttpRequestError, sessionNotFound } from '../http/request-error.js'
import { agentAt, agentInfo, agentTreeDot, eventHighlights, workflowLevels } from './app-graph.js'
import { adkWebFile } from './adk-web-assets.js'
import { Reply } from '../http/reply.js'
import type { RouteCall, Router } from '../http/router.js'
import { packageVersion } from '../cli/package-version.js'

/**
 * The routes around the runs: app list, version, health, the app's graph (`build_graph`, `build_graph_image`, an
 * event's graph), traces (per session and per event), and with `adkWeb` the adk-web page at `/dev-ui/` (its files
 * only: see `adkWebFile`).
 */
export function addDevRoutes(router: Router, apps: AdkApiApps, adkWeb: string | undefined): void {
  const graphOf = async ({ params, query }: RouteCall) => {
    const root = apps.agent(params['app'] as string)
    const path = query.get('node') ?? ''
    const target = path === '' ? root : agentAt(root, path)
    if (!target) throw new HttpRequestError('HTTP_NOT_FOUND', `Node not found: ${path}`)
    const dark = query.get('dark_mode') === 'true'
    // A workflow is drawn one level at a time: this one, and every workflow below it under its path.
    const levels = workflowLevels(target, path)
    if (!levels.has(path)) levels.set(path, target)
    const drawn: Record<string, { dotSrc: string }> = {}
    for (const [at, level] of levels) drawn[at] = { dotSrc: agentTreeDot(agentInfo(level), { dark }) }
    return { ...drawn, dotSrc: drawn[path]?.dotSrc }
  }
  const eventGraph = async ({ params }: RouteCall) => {
    const root = apps.agent(params['app'] as string)
    const at = { appName: params['app'] as string, userId: params['user'] as string }
    const session = await apps.sessionService.getSession({ ...at, sessionId: params['session'] as string })
    if (!session) throw sessionNotFound(params['session'] as string)
    const event = session.events.find((candidate) => candidate.id === params['event'])
    if (!event) throw new HttpRequestError('HTTP_NOT_FOUND', `Event not found: ${params['event'] as string}`)
    return { dotSrc: agentTreeDot(agentInfo(root), { highlights: eventHighlights(event) }) }
  }
  // The `/dev/apps/{app}/…` forms name an app: an unknown one is a 404 like everywhere else.
  const knownApp = (params: RouteCall['params']) => {
    if (params['app'] !== undefined) apps.agent(params['app'])
  }
  // Traces are kept per app, user and session: a route that names an app (and a `?userId=`) is answered from that
  // app's (and user's) sessions only; a session id that names sessions of two owners is refused, never merged.
  const sessionTrace = async ({ params, query }: RouteCall) => {
    knownApp(params)
    const sessionId = params['session'] as string
    const userId = query.get('userId') ?? query.get('user_id') ?? undefined
    const traces = apps.trace
      .sessionTraces(sessionId)
      .filter(
        ({ owner }) => (params['app'] ?? owner.appName) === owner.appName && (userId ?? owner.userId) === owner.userId,
      )
    if (traces.length > 1)
      throw new HttpRequestError(
        'HTTP_CONFLICT',
        `Session id "${sessionId}" names sessions of more than one ${params['app'] === undefined ? 'app or user' : 'user'}: ask /dev/apps/{app}/debug/trace/session/${sessionId}?userId={user}.`,
      )
    return traces[0]?.spans ?? []
  }
  const eventTrace = async ({ params }: RouteCall) => {
    knownApp(params)
    const found = apps.trace.spanOfEvent(params['event'] as string)
    if (!found || (params['app'] !== undefined && found.owner.appName !== params['app']))
      throw new HttpRequestError('HTTP_NOT_FOUND', 'Trace not found')
    const { span } = found
    return { ...span.attributes, trace_id: span.trace_id, span_id: span.span_id }
  }

  router
    .add('GET', '/list-apps', async () => apps.names())
    .add('GET', '/version', async () => ({ version: packageVersion() }))
    .add('GET', '/health', async () => Reply.text('OK'))
    .add('GET', '/dev/apps/:app/build_graph', async ({ params }) => ({
      name: params['app'],
      root_agent: agentInfo(apps.agent(params['app'] as string)),
    }))
    .add('GET', '/dev/apps/:app/build_graph_image', graphOf)
    .add(
      'GET',
      [
        '/apps/:app/users/:user/sessions/:session/events/:event/graph',
        '/dev/apps/:app/users/:user/sessions/:session/events/:event/graph',
      ],
      eventGraph,
    )
    .add('GET', ['/debug/trace/session/:session', '/dev/apps/:app/debug/trace/session/:session'], sessionTrace)
    .add('GET', ['/debug/trace/:event', '/dev/apps/:app/debug/trace/:event'], eventTrace)
  if (adkWeb === undefined) {
    router.add('GET', '/', async () => Reply.text('OK'))
    return
  }
  router
    .add('GET', ['/', '/dev-ui'], async () => Reply.redirect('/dev-ui/'))
    .add('GET', '/dev-ui/*path', async ({ params }) => {
      const file = adkWebFile(adkWeb, params['path'] as string)
      return file ? Reply.file(file) : Reply.error(404, `No such file of the adk-web page: /dev-ui/${params['path']}`)
    })
}
