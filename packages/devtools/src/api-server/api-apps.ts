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
  type BasePlugin,
  type ResumabilityConfig,
  type RunnerConfig,
} from '@adk-fluent/core'
import { HttpRequestError } from '../http/request-error.js'
import { TraceRecorder } from '../trace/trace-recorder.js'

/**
 * An app: a fluent builder (anything with `build()` giving a core agent), a core agent, a core `App` (its root agent,
 * plugins and resumability, as ADK's api_server takes them from an App; served under the key it is given), or a
 * function giving a core agent — called for every run (and every eval case), so each runs on a tree of its own (the
 * CLI's offline mode: each run replays the script from its first reply).
 */
export type AdkApiApp = BaseAgent | { build(): BaseAgent } | App | (() => BaseAgent)

/** Where the apps' sessions and artifacts live, and what a run does when its session is busy. */
export interface AdkApiAppsOptions {
  readonly sessionService?: BaseSessionService
  readonly artifactService?: BaseArtifactService
  /** What `context.searchMemory` and the memory tools search (default: none). */
  readonly memoryService?: BaseMemoryService
  /** A run on a session another run holds: `'reject'` (default: 409 `SESSION_BUSY`) or `'wait'` (queued). */
  readonly onBusy?: RunnerConfig['onBusy']
  /**
   * The resumability of apps given as builders, agents or functions (an `App` brings its own). Unset, as in ADK, their
   * runs are not resumable: an answer to a pause (adk-web's confirmation and input dialogs) still goes to the agent
   * that paused, but a workflow does not wait for it and `/run` takes no `invocationId`.
   */
  readonly resumabilityConfig?: ResumabilityConfig
}

const appNamePattern = /^[A-Za-z0-9_.-]+$/

function toAgent(name: string, app: unknown): BaseAgent {
  if (isBaseAgent(app)) return app
  const built =
    typeof app === 'function'
      ? (app as () => unknown)()
      : typeof app === 'object' && app !== null && typeof (app as { build?: unknown }).build === 'function'
        ? (app as { build(): unknown }).build()
        : undefined
  if (isBaseAgent(built)) return built
  throw new TypeError(
    `apps["${name}"] must be a fluent builder (Agent(...), Pipeline(...), …), a core agent, a core App or a function giving an agent, got ${app === null ? 'null' : typeof app}.`,
  )
}

/** One served app: the tree its graph and card show, and the runner of its runs (one per run for a function app). */
interface ServedApp {
  readonly agent: BaseAgent
  /** The shared runner; `undefined` for a function app, whose every run gets its own tree and runner. */
  readonly runner: Runner | undefined
  readonly perRun: (() => BaseAgent) | undefined
  /** An `App`'s plugins (run before the trace recorder). */
  readonly plugins: readonly BasePlugin[]
  readonly resumabilityConfig: ResumabilityConfig | undefined
}

/**
 * The apps a server serves: each built once (a builder's `build()` errors surface here, before the server listens),
 * with one runner per app sharing the session and artifact services and the trace recorder; a function app is called
 * again for each run, on a runner of its own over the same services.
 */
export class AdkApiApps {
  readonly sessionService: BaseSessionService
  readonly artifactService: BaseArtifactService
  readonly trace = new TraceRecorder()
  readonly #apps = new Map<string, ServedApp>()
  readonly #options: AdkApiAppsOptions

  constructor(apps: Readonly<Record<string, AdkApiApp>>, options: AdkApiAppsOptions = {}) {
    if (typeof apps !== 'object' || apps === null || Object.keys(apps).length === 0)
      throw new TypeError('startAdkApiServer needs apps: { appName: builderOrAgent, … } with at least one app.')
    this.sessionService = options.sessionService ?? new InMemorySessionService()
    this.artifactService = options.artifactService ?? new InMemoryArtifactService()
    this.#options = options
    for (const [name, app] of Object.entries(apps)) {
      if (!appNamePattern.test(name))
        throw new TypeError(`App name "${name}" may only use letters, digits, "_", "." and "-" (it is a URL segment).`)
      const agent = isApp(app) ? app.rootAgent : toAgent(name, app)
      const perRun = typeof app === 'function' && !isBaseAgent(app) ? () => toAgent(name, app) : undefined
      const plugins = isApp(app) ? app.plugins : []
      const resumabilityConfig = isApp(app) ? app.resumabilityConfig : options.resumabilityConfig
      const served = { agent, perRun, plugins, resumabilityConfig }
      this.#apps.set(name, { ...served, runner: perRun ? undefined : this.#runnerOf(name, agent, served) })
    }
  }

  #runnerOf(appName: string, agent: BaseAgent, app: Omit<ServedApp, 'runner' | 'agent'>): Runner {
    const { memoryService, onBusy } = this.#options
    const { resumabilityConfig } = app
    return new Runner({
      appName,
      agent,
      sessionService: this.sessionService,
      artifactService: this.artifactService,
      plugins: [...app.plugins, this.trace],
      ...(resumabilityConfig === undefined ? {} : { resumabilityConfig }),
      ...(memoryService === undefined ? {} : { memoryService }),
      ...(onBusy === undefined ? {} : { onBusy }),
    })
  }

  #app(name: string): ServedApp {
    const app = this.#apps.get(name)
    if (!app) throw appNotFound(name)
    return app
  }

  /** The app names, sorted (ADK lists its app folders in order). */
  names(): string[] {
    return [...this.#apps.keys()].sort()
  }

  /** The root agent of an app (its graph); unknown apps are ADK's 404 `{ error: "App not found: <name>" }`. */
  agent(name: string): BaseAgent {
    return this.#app(name).agent
  }

  /** What an eval of the app runs: its agent, or for a function app the function (a tree per case). */
  agentSource(name: string): BaseAgent | (() => BaseAgent) {
    const app = this.#app(name)
    return app.perRun ?? app.agent
  }

  /** The runner of one run of an app: the app's own, or a new one on a new tree for a function app. */
  runner(name: string): Runner {
    const app = this.#app(name)
    return app.runner ?? this.#runnerOf(name, (app.perRun as () => BaseAgent)(), app)
  }
}

function appNotFound(name: string): HttpRequestError {
  return new HttpRequestError('HTTP_NOT_FOUND', `App not found: ${name}`)
}
