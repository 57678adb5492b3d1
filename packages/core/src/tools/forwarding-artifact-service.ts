import type { Part } from '../models/genai-types.js'
import type { Context } from '../agents/context.js'
import type {
  ArtifactKey,
  BaseArtifactService,
  ListArtifactKeysRequest,
  LoadArtifactRequest,
  SaveArtifactRequest,
} from '../artifacts/base-artifact-service.js'
import { missingArtifactService } from '../artifacts/missing-artifact-service.js'

/**
 * The artifact service of an {@link AgentTool}'s child run: every call goes to the **parent** session through the
 * tool's context, whatever app, user or session the child asks for. So artifacts the child saves land in the
 * parent session, and each save is recorded in the parent tool call's `artifactDelta`.
 */
export class ForwardingArtifactService implements BaseArtifactService {
  readonly #toolContext: Context

  constructor(toolContext: Context) {
    this.#toolContext = toolContext
  }

  async saveArtifact(request: SaveArtifactRequest): Promise<number> {
    return this.#toolContext.saveArtifact(request.filename, request.artifact)
  }

  async loadArtifact(request: LoadArtifactRequest): Promise<Part | undefined> {
    return this.#toolContext.loadArtifact(request.filename, request.version)
  }

  async listArtifactKeys(_request: ListArtifactKeysRequest): Promise<string[]> {
    return this.#toolContext.listArtifacts()
  }

  async deleteArtifact(request: ArtifactKey): Promise<void> {
    await this.#toolContext.deleteArtifact(request.filename)
  }

  async listVersions(request: ArtifactKey): Promise<number[]> {
    const invocationContext = this.#toolContext.invocationContext
    const service = invocationContext.artifactService
    if (!service) throw missingArtifactService(this.#toolContext.agentName, 'listVersions')
    return service.listVersions({
      appName: invocationContext.appName,
      userId: invocationContext.userId,
      sessionId: invocationContext.session.id,
      filename: request.filename,
    })
  }
}
