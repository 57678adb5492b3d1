import type { BaseAgent } from '../agents/base-agent.js'
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js'
import type { BasePlugin } from '../plugins/base-plugin.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import type { BaseMemoryService } from '../memory/base-memory-service.js'
import { InMemoryMemoryService } from '../memory/in-memory-memory-service.js'
import { Runner } from './runner.js'
import type { App } from '../apps/app.js'
import type { ResumabilityConfig } from '../apps/resumability-config.js'

export interface InMemoryRunnerConfig {
  /** Required without `app`. */
  agent?: BaseAgent
  /** The application (name, root agent, plugins, resumability); see `RunnerConfig.app`. */
  app?: App
  appName?: string
  plugins?: readonly BasePlugin[]
  /** The memory service (default: a new `InMemoryMemoryService`). */
  memoryService?: BaseMemoryService
  /** Add each run's events to the memory service when it ends (see `RunnerConfig.memoryAutoSave`). */
  memoryAutoSave?: boolean
  /** Resumable runs (see `RunnerConfig.resumabilityConfig`). */
  resumabilityConfig?: ResumabilityConfig
}

/** A {@link Runner} with in-memory session, artifact and memory services (app name `InMemoryRunner` by default). */
export class InMemoryRunner extends Runner {
  declare readonly sessionService: InMemorySessionService
  declare readonly memoryService: BaseMemoryService

  constructor(config: InMemoryRunnerConfig) {
    super({
      ...(config.app ? { app: config.app } : {}),
      appName: config.appName ?? 'InMemoryRunner',
      ...(config.agent ? { agent: config.agent } : {}),
      ...(config.resumabilityConfig ? { resumabilityConfig: config.resumabilityConfig } : {}),
      sessionService: new InMemorySessionService(),
      artifactService: new InMemoryArtifactService(),
      memoryService: config.memoryService ?? new InMemoryMemoryService(),
      ...(config.memoryAutoSave === undefined ? {} : { memoryAutoSave: config.memoryAutoSave }),
      ...(config.plugins ? { plugins: config.plugins } : {}),
    })
  }
}
