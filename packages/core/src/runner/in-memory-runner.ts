import type { BaseAgent } from '../agents/base-agent.js'
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js'
import type { BasePlugin } from '../plugins/base-plugin.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import { Runner } from './runner.js'

export interface InMemoryRunnerConfig {
  agent: BaseAgent
  appName?: string
  plugins?: readonly BasePlugin[]
}

/** A {@link Runner} with in-memory session and artifact services (app name `InMemoryRunner` by default). */
export class InMemoryRunner extends Runner {
  declare readonly sessionService: InMemorySessionService

  constructor(config: InMemoryRunnerConfig) {
    super({
      appName: config.appName ?? 'InMemoryRunner',
      agent: config.agent,
      sessionService: new InMemorySessionService(),
      artifactService: new InMemoryArtifactService(),
      ...(config.plugins ? { plugins: config.plugins } : {}),
    })
  }
}
