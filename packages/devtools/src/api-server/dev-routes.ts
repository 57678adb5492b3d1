import type { AdkApiApps } from './api-apps.js'
import { ApiRequestError } from './api-request-error.js'
import { agentAt, agentInfo, agentTreeDot, eventHighlights, workflowLevels } from './app-graph.js'
import { adkWebFile } from './adk-web-assets.js'
import { Reply, type RouteCall, type RouteTable } from './route-table.js'
import { packageVersion } from '../cli/package-version.js'

const text = (body: string) => new Reply(200, body, 'text/plain; charset=utf-8')

/**
 * The routes around the runs: app list, version, health, the app's graph (`build_graph`, `build_graph_image`, an
 * event's graph), traces (per session and per event), and with `adkWeb` the adk-web page at
 * `/dev-ui/` (see {@link adkWebReply}).
 */
export function addDevRoutes(table: RouteTable, apps: AdkApiApps, adkWeb: string | undefined): void {
  const graphOf = async ({ params, query }: RouteCall) => {
    const root = apps.agent(params['app'] as string)
    const path = query.get('node') ?? ''
    const target = path === '' ? root : agentAt(root, path)
    if (!target) throw new ApiRequestError(404, 'API_NOT_FOUND', `Node not found: ${path}`)
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
    if (!session) throw new ApiRequestError(404, 'API_NOT_FOUND', `Session not found: ${params['session'] as string}`)
    const event = session.events.find((candidate) => candidate.id === params['event'])
    if (!event) throw new ApiRequestError(404, 'API_NOT_FOUND', `Event not found: ${params['event'] as string}`)
    return { dotSrc: agentTreeDot(agentInfo(root), { highlights: eventHighlights(event) }) }
  }
  // The `/dev/apps/{app}/…` forms name an app: an unknown one is a 404 like everywhere else.
  const knownApp = (params: RouteCall['params']) => {
    if (params['app'] !== undefined) apps.agent(params['app'])
  }
  const sessionTrace = async ({ params }: RouteCall) => {
    knownApp(params)
    return apps.trace.spansOf(params['session'] as string)
  }
  const eventTrace = async ({ params }: RouteCall) => {
    knownApp(params)
    const span = apps.trace.spanOfEvent(params['event'] as string)
    if (!span) throw new ApiRequestError(404, 'API_NOT_FOUND', 'Trace not found')
    return { ...span.attributes, trace_id: span.trace_id, span_id: span.span_id }
  }

  table
    .add('GET', '/list-apps', async () => apps.names())
    .add('GET', '/version', async () => ({ version: packageVersion() }))
    .add('GET', '/health', async () => text('OK'))
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
    table.add('GET', '/', async () => text('OK'))
    return
  }
  const redirect = async () => new Reply(302, '', 'text/plain; charset=utf-8', { location: '/dev-ui/' })
  table.add('GET', ['/', '/dev-ui'], redirect)
}

/** A file of the adk-web page for a path under `/dev-ui/` (`/dev-ui/` itself is its `index.html`). */
export function adkWebReply(adkWeb: string, pathname: string): Reply {
  let path: string
  try {
    path = decodeURIComponent(pathname.slice('/dev-ui/'.length))
  } catch {
    path = '\0'
  }
  const file = path.includes('\0') ? undefined : adkWebFile(adkWeb, path)
  return file
    ? new Reply(200, file.body, file.type, { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' })
    : new Reply(404, { error: `No such file of the adk-web page: ${pathname}` })
}
