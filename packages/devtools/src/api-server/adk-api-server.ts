import type {
  BaseArtifactService,
  BaseMemoryService,
  BaseSessionService,
  ResumabilityConfig,
  RunnerConfig,
} from '@adk-fluent/core'
import { startHttpServer } from '../http/http-server.js'
import { Router } from '../http/router.js'
import { AdkApiApps, type AdkApiApp } from './api-apps.js'
import { defaultAdkApiLimits, type AdkApiLimits } from './api-limits.js'
import { findAdkWeb } from './adk-web-assets.js'
import { addArtifactRoutes } from './artifact-routes.js'
import { addEvalRoutes } from './eval-routes.js'
import { addDevRoutes } from './dev-routes.js'
import { addRunRoutes } from './run-routes.js'
import { addSessionRoutes } from './session-routes.js'

/** Options of {@link startAdkApiServer}. */
export interface AdkApiServerOptions {
  /**
   * App name → fluent builder, core agent, core `App` (whose plugins and `resumabilityConfig` its runs use), or a
   * function giving a core agent. Builders are built once, here (a build error rejects the start); a function is
   * called here and again for every run and eval case, each on its own tree.
   */
  readonly apps: Readonly<Record<string, AdkApiApp>>
  /** Default 8000; 0 takes a free port. */
  readonly port?: number
  /**
   * Default `127.0.0.1`. On a loopback host the dev UI's rules hold: a request whose `Host` is not this server, or
   * whose `Origin` is another site, gets 403. On any other host (you expose the server yourself) they are off unless
   * `allowedHosts` names the hosts it is reached by.
   */
  readonly host?: string
  /** Host names (any port) a request's `Host` and `Origin` may name besides the loopback ones; turns the check on. */
  readonly allowedHosts?: readonly string[]
  /** Default: a fresh `InMemorySessionService` (any session service works, e.g. `openSessionService(uri)`). */
  readonly sessionService?: BaseSessionService
  /** Default: a fresh `InMemoryArtifactService`. */
  readonly artifactService?: BaseArtifactService
  /** Long-term memory for the apps' runners (`context.searchMemory`, `T.loadMemory()`, …); default: none. */
  readonly memoryService?: BaseMemoryService
  /** A run on a session another run holds: `'reject'` (default; answered 409 `SESSION_BUSY`) or `'wait'`. */
  readonly onBusy?: RunnerConfig['onBusy']
  /**
   * The resumability of the apps given as builders or agents (an `App` brings its own); unset, not resumable, as in
   * ADK. A resumable app's pause holds the workflow after it, and `/run` takes an `invocationId` to resume.
   */
  readonly resumabilityConfig?: ResumabilityConfig
  /**
   * Also serve Google's dev UI (adk-web) at `/dev-ui/`: `true` takes it from an installed `@google/adk-devtools`
   * (an `AdkWebMissingError` says what to install when it is absent); a string is the folder of a built adk-web.
   */
  readonly adkWeb?: boolean | string
  /**
   * What one client can make the server hold (sessions per user, events per session, eval sets, open streams, request
   * timeouts); see `AdkApiLimits` for each default. Past a limit a request is refused (429) and nothing is stored.
   */
  readonly limits?: Partial<AdkApiLimits>
}

/** A running ADK API server. */
export interface AdkApiServer {
  /** `http://127.0.0.1:<port>` (no trailing slash, as ADK clients join paths to it). */
  readonly url: string
  /** Stops accepting requests, ends open connections (runs in flight are aborted) and resolves once closed. */
  close(): Promise<void>
}

/**
 * Serves adk-fluent agents over the HTTP API of ADK's `api_server` (the API behind `adk web`): `GET /list-apps`,
 * the session routes, `POST /run` and `POST /run_sse`, the artifact routes, the trace routes and the routes adk-web
 * calls (`/version`, `/dev/apps/{app}/build_graph`, …), with ADK's bodies, camelCase event JSON, status codes,
 * server-sent-event framing and `{ "error": … }` answers, on the devtools HTTP layer (`src/http`). A taken port is a
 * `PortInUseError`. See docs/adk-api-server.md.
 */
export async function startAdkApiServer(options: AdkApiServerOptions): Promise<AdkApiServer> {
  const apps = new AdkApiApps(options.apps, options)
  const adkWeb = options.adkWeb === undefined || options.adkWeb === false ? undefined : findAdkWeb(options.adkWeb)
  const limits = { ...defaultAdkApiLimits, ...options.limits }
  const router = new Router()
  addSessionRoutes(router, apps, limits)
  addRunRoutes(router, apps, limits)
  addArtifactRoutes(router, apps)
  addEvalRoutes(router, apps, limits)
  addDevRoutes(router, apps, adkWeb)
  const server = await startHttpServer({
    router,
    port: options.port ?? 8000,
    host: options.host ?? '127.0.0.1',
    ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
    limits,
  })
  return { url: server.url, close: server.close }
}
