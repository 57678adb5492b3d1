import type { BaseAgent } from '../agents/base-agent.js'
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js'
import type { BasePlugin } from '../plugins/base-plugin.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import type { BaseMemoryService } from '../memory/base-memory-service.js'
import { InMemoryMemoryService } from '../memory/in-memory-memory-service.js'
import { Runner } from './runner.js'

export interface InMemoryRunnerConfig {
  agent: BaseAgent
  appName?: string
  plugins?: readonly BasePlugin[]
  /** The memory service (default: a new `InMemoryMemoryService`). */
  memoryService?: BaseMemoryService
  /** Add each run's events to the memory service when it ends (see `RunnerConfig.memoryAutoSave`). */
  memoryAutoSave?: boolean
}

/** A {@link Runner} with in-memory session, artifact and memory services (app name `InMemoryRunner` by default). */
export class InMemoryRunner extends Runner {
  declare readonly sessionService: InMemorySessionService
  declare readonly memoryService: BaseMemoryService

  constructor(config: InMemoryRunnerConfig) {
    super({
      appName: config.appName ?? 'InMemoryRunner',
      agent: config.agent,
      sessionService: new InMemorySessionService(),
      artifactService: new InMemoryArtifactService(),
      memoryService: config.memoryService ?? new InMemoryMemoryService(),
      ...(config.memoryAutoSave === undefined ? {} : { memoryAutoSave: config.memoryAutoSave }),
      ...(config.plugins ? { plugins: config.plugins } : {}),
    })
  }
}
