import type { Part } from '@google/genai'
import type {
  ArtifactKey,
  BaseArtifactService,
  ListArtifactKeysRequest,
  LoadArtifactRequest,
  SaveArtifactRequest,
} from './base-artifact-service.js'
import { ConfigError } from '../errors/config-error.js'

function isUserScoped(filename: string): boolean {
  return filename.startsWith('user:')
}

function pathOf(key: ArtifactKey): string {
  return isUserScoped(key.filename)
    ? `${key.appName}/${key.userId}/user/${key.filename}`
    : `${key.appName}/${key.userId}/${key.sessionId}/${key.filename}`
}

/** Versioned artifacts in memory (ADK `InMemoryArtifactService`). */
export class InMemoryArtifactService implements BaseArtifactService {
  readonly #artifacts = new Map<string, Part[]>()

  async saveArtifact(request: SaveArtifactRequest): Promise<number> {
    const { artifact } = request
    if (artifact.inlineData === undefined && artifact.text === undefined && artifact.fileData === undefined) {
      throw new ConfigError(
        `Artifact "${request.filename}" cannot be saved: it has neither inlineData, text nor fileData. Pass a Part such as { text: '...' }.`,
      )
    }
    const path = pathOf(request)
    const versions = this.#artifacts.get(path) ?? []
    versions.push(artifact)
    this.#artifacts.set(path, versions)
    return versions.length - 1
  }

  async loadArtifact(request: LoadArtifactRequest): Promise<Part | undefined> {
    const versions = this.#artifacts.get(pathOf(request))
    if (!versions || versions.length === 0) return undefined
    return request.version === undefined ? versions[versions.length - 1] : versions[request.version]
  }

  async listArtifactKeys(request: ListArtifactKeysRequest): Promise<string[]> {
    const sessionPrefix = `${request.appName}/${request.userId}/${request.sessionId}/`
    const userPrefix = `${request.appName}/${request.userId}/user/`
    const names: string[] = []
    for (const path of this.#artifacts.keys()) {
      if (path.startsWith(sessionPrefix)) names.push(path.slice(sessionPrefix.length))
      else if (path.startsWith(userPrefix)) names.push(path.slice(userPrefix.length))
    }
    return names.sort()
  }

  async deleteArtifact(request: ArtifactKey): Promise<void> {
    this.#artifacts.delete(pathOf(request))
  }

  async listVersions(request: ArtifactKey): Promise<number[]> {
    return (this.#artifacts.get(pathOf(request)) ?? []).map((_, index) => index)
  }
}
