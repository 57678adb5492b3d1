import { ConfigError } from '../errors/config-error.js'

/**
 * The error of an artifact operation (`purpose` says which) in a run without an artifact service (code
 * `service_missing`). @internal
 */
export function missingArtifactService(agentName: string, purpose: string): ConfigError {
  return new ConfigError(
    [
      {
        code: 'service_missing',
        path: [agentName, 'artifactService'],
        message: 'Artifact service is not initialized.',
        hint: `Agent "${agentName}" needs one for ${purpose}: pass artifactService to the Runner (new Runner({ ..., artifactService: new InMemoryArtifactService() })), or use InMemoryRunner.`,
      },
    ],
    { agentName },
  )
}
