import {
  InMemoryArtifactService,
  InMemorySessionService,
  Runner,
  isApp,
  isBaseAgent,
  type App,
  type BaseAgent,
  type BaseArtifactService,
  type BaseMemoryService,
  type BaseSessionService,
  type ResumabilityConfig,
  type RunnerConfig,
} from '@adk-fluent/core'
import { HttpRequestError } from '../http/request-error.js'
import { TraceRecorder } from '../trace/trace-recorder.js'

/**
 * An app: a fluent builder (anything with `build()` giving a core agent), a core agent, or a core `App` (its root
 * agent, plugins and resumability, as ADK's api_server takes them from an App; served under the key it is given).
 */
export type AdkApiApp = BaseAgent | { build(): BaseAgent } | App

/** Where the apps' sessions and artifacts live, and what a run does when its session is busy. */
export interface AdkApiAppsOptions {
  readonly sessionService?: BaseSessionService
  readonly artifactService?: BaseArtifactService
  /** What `context.searchMemory` and the memory tools search (default: none). */
  readonly memoryService?: BaseMemoryService
  /** A run on a session another run holds: `'reject'` (default: 409 `SESSION_BUSY`) or `'wait'` (queued). */
  readonly onBusy?: RunnerConfig['onBusy']
  /**
   * The resumability of apps given as builders or agents (an `App` brings its own). Unset, as in ADK, their runs are
   * not resumable: an answer to a pause (adk-web's confirmation and input dialogs) still goes to the agent that
   * paused, but a workflow does not wait for it and `/run` takes no `invocationId`.
   */
  readonly resumabilityConfig?: ResumabilityConfig
}

const appNamePattern = /^[A-Za-z0-9_.-]+$/

function toAgent(name: string, app: unknown): BaseAgent {
  if (isBaseAgent(app)) return app
  if (typeof app === 'object' && app !== null && typeof (app as { build?: unknown }).build === 'function') {
    const built = (app as { build(): unknown }).build()
    if (isBaseAgent(built)) return built
  }
  throw new TypeError(
    `apps["${name}"] must be a fluent builder (Agent(...), Pipeline(...), …) or a core agent, got ${app === null ? 'null' : typeof app}.`,
  )
}

/**
 * The apps a server serves: each built once (a builder's `build()` errors surface here, before the server listens),
 * with one runner per app sharing the session and artifact services and the trace recorder.
 */
export class AdkApiApps {
  readonly sessionService: BaseSessionService
  readonly artifactService: BaseArtifactService
  readonly trace = new TraceRecorder()
  readonly #agents = new Map<string, BaseAgent>()
  readonly #runners = new Map<string, Runner>()

  constructor(apps: Readonly<Record<string, AdkApiApp>>, options: AdkApiAppsOptions = {}) {
    if (typeof apps !== 'object' || apps === null || Object.keys(apps).length === 0)
      throw new TypeError('startAdkApiServer needs apps: { appName: builderOrAgent, … } with at least one app.')
    this.sessionService = options.sessionService ?? new InMemorySessionService()
    this.artifactService = options.artifactService ?? new InMemoryArtifactService()
    for (const [name, app] of Object.entries(apps)) {
      if (!appNamePattern.test(name))
        throw new TypeError(`App name "${name}" may only use letters, digits, "_", "." and "-" (it is a URL segment).`)
      const agent = isApp(app) ? app.rootAgent : toAgent(name, app)
      const resumabilityConfig = isApp(app) ? app.resumabilityConfig : options.resumabilityConfig
      this.#agents.set(name, agent)
      this.#runners.set(
        name,
        new Runner({
          appName: name,
          agent,
          sessionService: this.sessionService,
          artifactService: this.artifactService,
          plugins: [...(isApp(app) ? app.plugins : []), this.trace],
          ...(resumabilityConfig === undefined ? {} : { resumabilityConfig }),
          ...(options.memoryService === undefined ? {} : { memoryService: options.memoryService }),
          ...(options.onBusy === undefined ? {} : { onBusy: options.onBusy }),
        }),
      )
    }
  }

  /** The app names, sorted (ADK lists its app folders in order). */
  names(): string[] {
    return [...this.#agents.keys()].sort()
  }

  /** The root agent of an app; unknown apps are ADK's 404 `{ error: "App not found: <name>" }`. */
  agent(name: string): BaseAgent {
    const agent = this.#agents.get(name)
    if (!agent) throw appNotFound(name)
    return agent
  }

  runner(name: string): Runner {
    const runner = this.#runners.get(name)
    if (!runner) throw appNotFound(name)
    return runner
  }
}

function appNotFound(name: string): HttpRequestError {
  return new HttpRequestError('HTTP_NOT_FOUND', `App not found: ${name}`)
}
