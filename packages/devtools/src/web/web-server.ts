import { ConfigError } from '@adk-fluent/core'
import { redactUri } from '../cli/redact-uri.js'
import { idIssue } from '../http/ids.js'
import { startHttpServer } from '../http/http-server.js'
import { Router } from '../http/router.js'
import { WebApp, type WebAppOptions } from './web-app.js'
import { defaultWebLimits } from './web-limits.js'
import { addWebRoutes } from './web-routes.js'

/** Options of {@link startWebServer}. */
export interface WebServerOptions extends WebAppOptions {
  /** Default 8000; 0 picks a free port. */
  readonly port?: number
  /** How the sessions are stored, as shown on the page (default `memory:`). */
  readonly sessionsUri?: string
  /** How the memories are stored, as shown on the page (default `memory:`). */
  readonly memoryUri?: string
  /** A session the page opens at start; created (empty) when the store does not have it. */
  readonly session?: string
}

/** A running dev UI server. */
export interface WebServer {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string
  readonly port: number
  readonly app: WebApp
  /** Ends every open event stream without ending the runs (clients reconnect and resume from their last entry). */
  dropStreams(): void
  /** Stops accepting requests, ends open streams and resolves once the server is closed. */
  close(): Promise<void>
}

/**
 * Starts the dev UI: one page and its JSON + SSE API (docs/web-api.md) on the devtools HTTP layer (`src/http`),
 * bound to 127.0.0.1 only. Requests whose `Host` or `Origin` is not this local server get 403. What one client can
 * make it hold is limited (`limits`: sessions, events per session, kept runs, open streams, request timeouts). A
 * taken port is a `PortInUseError` naming a free port nearby.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const issue = options.session === undefined ? undefined : idIssue(options.session)
  if (issue !== undefined)
    throw new ConfigError([
      {
        code: 'session_ids_invalid',
        path: ['startWebServer()', 'session'],
        message: `${JSON.stringify(options.session)} ${issue}: pass a session id.`,
      },
    ])
  const app = new WebApp(options)
  if (options.session !== undefined && !(await app.getSession(options.session)))
    await app.createSession({}, options.session)
  const router = addWebRoutes(new Router(), app, {
    // Shown on the page and returned by GET /api/app: never with the password a connection URI may carry.
    sessionsUri: redactUri(options.sessionsUri ?? 'memory:'),
    memoryUri: redactUri(options.memoryUri ?? 'memory:'),
    openSession: options.session,
  })
  const server = await startHttpServer({
    router,
    port: options.port ?? 8000,
    host: '127.0.0.1',
    limits: { ...defaultWebLimits, ...options.limits },
  })
  return {
    url: `${server.url}/`,
    port: server.port,
    app,
    dropStreams: server.dropStreams,
    close: server.close,
  }
}
