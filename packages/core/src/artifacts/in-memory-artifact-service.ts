import type { Part } from '../models/genai-types.js'
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

/** filename → versions. */
type Files = Map<string, Part[]>

/** The artifacts of one user of one app: the user-scoped ones and those of each session. */
interface UserArtifacts {
  readonly user: Files
  readonly sessions: Map<string, Files>
}

/**
 * Versioned artifacts in memory (ADK `InMemoryArtifactService`). Artifacts live in nested maps keyed by app, user,
 * session and filename, never in a string built from them: no combination of ids and filenames can reach another
 * user's or session's artifacts (a user id `alice/s1` is just an id).
 */
export class InMemoryArtifactService implements BaseArtifactService {
  readonly #apps = new Map<string, Map<string, UserArtifacts>>()

  async saveArtifact(request: SaveArtifactRequest): Promise<number> {
    const { artifact } = request
    if (artifact.inlineData === undefined && artifact.text === undefined && artifact.fileData === undefined) {
      throw new ConfigError([
        {
          code: 'artifact_invalid',
          path: ['saveArtifact', request.filename],
          message: `Artifact "${request.filename}" cannot be saved: it has neither inlineData, text nor fileData.`,
          hint: "Pass a Part such as { text: '...' }.",
        },
      ])
    }
    const files = this.#files(request, true) as Files
    let versions = files.get(request.filename)
    if (!versions) {
      versions = []
      files.set(request.filename, versions)
    }
    versions.push(artifact)
    return versions.length - 1
  }

  async loadArtifact(request: LoadArtifactRequest): Promise<Part | undefined> {
    const versions = this.#files(request, false)?.get(request.filename)
    if (!versions || versions.length === 0) return undefined
    return request.version === undefined ? versions[versions.length - 1] : versions[request.version]
  }

  async listArtifactKeys(request: ListArtifactKeysRequest): Promise<string[]> {
    const owner = this.#apps.get(request.appName)?.get(request.userId)
    if (!owner) return []
    const names = [...(owner.sessions.get(request.sessionId)?.keys() ?? []), ...owner.user.keys()]
    return names.sort()
  }

  async deleteArtifact(request: ArtifactKey): Promise<void> {
    this.#files(request, false)?.delete(request.filename)
  }

  async listVersions(request: ArtifactKey): Promise<number[]> {
    return (this.#files(request, false)?.get(request.filename) ?? []).map((_, index) => index)
  }

  #files(key: ArtifactKey, create: boolean): Files | undefined {
    let users = this.#apps.get(key.appName)
    if (!users) {
      if (!create) return undefined
      users = new Map()
      this.#apps.set(key.appName, users)
    }
    let owner = users.get(key.userId)
    if (!owner) {
      if (!create) return undefined
      owner = { user: new Map(), sessions: new Map() }
      users.set(key.userId, owner)
    }
    if (isUserScoped(key.filename)) return owner.user
    let files = owner.sessions.get(key.sessionId)
    if (!files && create) {
      files = new Map()
      owner.sessions.set(key.sessionId, files)
    }
    return files
  }
}
