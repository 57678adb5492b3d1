import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { BaseArtifactService, BaseMemoryService, BaseSessionService, RunnerConfig } from '@adk-fluent/core'
import { refusal } from '../web/local-origin.js'
import { AdkApiApps, type AdkApiApp } from './api-apps.js'
import { errorReply } from './api-errors.js'
import { findAdkWeb } from './adk-web-assets.js'
import { addArtifactRoutes } from './artifact-routes.js'
import { addEvalRoutes } from './eval-routes.js'
import { adkWebReply, addDevRoutes } from './dev-routes.js'
import { Reply, RouteTable } from './route-table.js'
import { addRunRoutes } from './run-routes.js'
import { addSessionRoutes } from './session-routes.js'

/** Options of {@link startAdkApiServer}. */
export interface AdkApiServerOptions {
  /** App name → fluent builder or core agent. Builders are built once, here (a build error rejects the start). */
  readonly apps: Readonly<Record<string, AdkApiApp>>
  /** Default 8000; 0 takes a free port. */
  readonly port?: number
  /**
   * Default `127.0.0.1`. On a loopback host the dev UI's rules hold: a request whose `Host` is not this server, or
   * whose `Origin` is another site, gets 403. On any other host (you expose the server yourself) they are off.
   */
  readonly host?: string
  /** Default: a fresh `InMemorySessionService` (any session service works, e.g. `openSessionService(uri)`). */
  readonly sessionService?: BaseSessionService
  /** Default: a fresh `InMemoryArtifactService`. */
  readonly artifactService?: BaseArtifactService
  /** Long-term memory for the apps' runners (`context.searchMemory`, `T.loadMemory()`, …); default: none. */
  readonly memoryService?: BaseMemoryService
  /** A run on a session another run holds: `'reject'` (default; answered 409 `SESSION_BUSY`) or `'wait'`. */
  readonly onBusy?: RunnerConfig['onBusy']
  /**
   * Also serve Google's dev UI (adk-web) at `/dev-ui/`: `true` takes it from an installed `@google/adk-devtools`
   * (an `AdkWebMissingError` says what to install when it is absent); a string is the folder of a built adk-web.
   */
  readonly adkWeb?: boolean | string
}

/** A running ADK API server. */
export interface AdkApiServer {
  /** `http://127.0.0.1:<port>` (no trailing slash, as ADK clients join paths to it). */
  readonly url: string
  /** Stops accepting requests, ends open connections (runs in flight are aborted) and resolves once closed. */
  close(): Promise<void>
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '::1', '[::1]'])

function send(response: ServerResponse, reply: Reply): void {
  if (response.headersSent) {
    if (!response.writableEnded) response.end()
    return
  }
  if (reply.body === undefined) {
    response.writeHead(reply.status, reply.headers).end()
    return
  }
  const body = Buffer.isBuffer(reply.body)
    ? reply.body
    : reply.type.startsWith('application/json')
      ? JSON.stringify(reply.body)
      : String(reply.body)
  response.writeHead(reply.status, { 'content-type': reply.type, 'cache-control': 'no-store', ...reply.headers })
  response.end(body)
}

/**
 * Serves adk-fluent agents over the HTTP API of ADK's `api_server` (the API behind `adk web`): `GET /list-apps`,
 * the session routes, `POST /run` and `POST /run_sse`, the artifact routes, the trace routes and the routes adk-web
 * calls (`/version`, `/dev/apps/{app}/build_graph`, …), with ADK's bodies, camelCase event JSON, status codes,
 * server-sent-event framing and `{ "error": … }` answers. See docs/adk-api-server.md.
 */
export async function startAdkApiServer(options: AdkApiServerOptions): Promise<AdkApiServer> {
  const apps = new AdkApiApps(options.apps, options)
  const adkWeb = options.adkWeb === undefined || options.adkWeb === false ? undefined : findAdkWeb(options.adkWeb)
  const table = new RouteTable()
  addSessionRoutes(table, apps)
  addRunRoutes(table, apps)
  addArtifactRoutes(table, apps)
  addEvalRoutes(table, apps)
  addDevRoutes(table, apps, adkWeb)
  const host = options.host ?? '127.0.0.1'
  const guarded = loopbackHosts.has(host)
  let port = options.port ?? 8000

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const refused = guarded ? refusal(request, port) : undefined
    if (refused) return send(response, new Reply(403, { error: refused }))
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (adkWeb !== undefined && request.method === 'GET' && url.pathname.startsWith('/dev-ui/'))
      return send(response, adkWebReply(adkWeb, url.pathname))
    try {
      const { handler, params } = table.match(request.method ?? 'GET', url.pathname)
      const result = await handler({ request, response, params, query: url.searchParams })
      if (result === undefined) return
      send(response, result instanceof Reply ? result : new Reply(200, result))
    } catch (error) {
      const { status, body } = errorReply(error, 'Request failed')
      send(response, new Reply(status, body))
    }
  }
  const server = createServer((request, response) => void handle(request, response))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  port = (server.address() as AddressInfo).port
  const shownHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
  return {
    url: `http://${shownHost}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
