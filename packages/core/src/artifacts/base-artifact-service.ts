import type { Part } from '../models/genai-types.js'

export interface ArtifactKey {
  appName: string
  userId: string
  sessionId: string
  filename: string
}

export interface SaveArtifactRequest extends ArtifactKey {
  artifact: Part
  customMetadata?: Record<string, unknown>
}

export interface LoadArtifactRequest extends ArtifactKey {
  version?: number
}

export type ListArtifactKeysRequest = Omit<ArtifactKey, 'filename'>

/** Stores versioned artifacts (`Part`s). Filenames starting with `user:` are shared by all sessions of a user. */
export interface BaseArtifactService {
  /** Saves a new version and returns its number (0-based). */
  saveArtifact(request: SaveArtifactRequest): Promise<number>
  /** That version, or the latest; `undefined` when missing. */
  loadArtifact(request: LoadArtifactRequest): Promise<Part | undefined>
  /** Sorted filenames of the session plus the user-scoped ones. */
  listArtifactKeys(request: ListArtifactKeysRequest): Promise<string[]>
  deleteArtifact(request: ArtifactKey): Promise<void>
  listVersions(request: ArtifactKey): Promise<number[]>
}
