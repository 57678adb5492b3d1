import type { Part } from '../models/genai-types.js'
import type { InvocationContext } from './invocation-context.js'
import { ReadonlyContext } from './readonly-context.js'
import { createEventActions, type EventActions, type ToolConfirmation } from '../events/event-actions.js'
import type { State } from '../sessions/state.js'
import { ConfigError } from '../errors/config-error.js'
import { missingArtifactService } from '../artifacts/missing-artifact-service.js'
import type { SearchMemoryResponse } from '../memory/memory-entry.js'

export interface ContextParams {
  invocationContext: InvocationContext
  eventActions?: EventActions
  functionCallId?: string | undefined
  toolConfirmation?: ToolConfirmation | undefined
}

/**
 * The context given to callbacks and tools. Writes through `state.set()` go to `actions.stateDelta`, so they
 * reach the session only with the event that carries these actions.
 */
export class Context extends ReadonlyContext {
  readonly actions: EventActions
  readonly functionCallId: string | undefined
  toolConfirmation: ToolConfirmation | undefined

  constructor(params: ContextParams) {
    const actions = params.eventActions ?? createEventActions()
    super(params.invocationContext, actions.stateDelta)
    this.actions = actions
    this.functionCallId = params.functionCallId
    this.toolConfirmation = params.toolConfirmation
  }

  /**
   * `<invocationId>/<functionCallId>` for a tool call, `undefined` elsewhere. It is the same every time a durable run
   * re-executes this call (after a crash a tool may run again), so a tool with external side effects can pass it to
   * the system it calls (a payment API's idempotency key, a unique row id) to make the effect happen once.
   */
  get idempotencyKey(): string | undefined {
    return this.functionCallId ? `${this.invocationContext.invocationId}/${this.functionCallId}` : undefined
  }

  /** Alias of {@link Context.actions}, as in ADK. */
  get eventActions(): EventActions {
    return this.actions
  }

  protected override get writable(): boolean {
    return true
  }

  /** Delta-aware state: `get` / `set` / `has` / `toRecord`. */
  override get state(): State {
    return this.stateView()
  }

  /** Saves an artifact in the current session and records its version in `actions.artifactDelta`. */
  async saveArtifact(filename: string, artifact: Part): Promise<number> {
    const service = this.#artifactService()
    const version = await service.saveArtifact({ ...this.#key(filename), artifact })
    this.actions.artifactDelta[filename] = version
    return version
  }

  /** Loads an artifact (latest version unless `version` is given). */
  async loadArtifact(filename: string, version?: number): Promise<Part | undefined> {
    const request = version === undefined ? this.#key(filename) : { ...this.#key(filename), version }
    return this.#artifactService().loadArtifact(request)
  }

  /** Filenames of the session's (and the user's) artifacts. */
  async listArtifacts(): Promise<string[]> {
    const { appName, userId, sessionId } = this.#key('')
    return this.#artifactService().listArtifactKeys({ appName, userId, sessionId })
  }

  /** Deletes every version of an artifact. */
  async deleteArtifact(filename: string): Promise<void> {
    await this.#artifactService().deleteArtifact(this.#key(filename))
  }

  /** Asks the user to confirm this tool call (the run pauses until the confirmation arrives). */
  requestConfirmation(options: { hint?: string; payload?: unknown } = {}): void {
    if (!this.functionCallId) {
      throw new ConfigError([
        {
          code: 'tool_context_required',
          path: [this.agentName, 'requestConfirmation'],
          message: 'requestConfirmation() can only be called from a tool: this context has no function call id.',
          hint: "Call it from a tool's execute(args, context), on the context the tool receives.",
        },
      ])
    }
    const confirmation: ToolConfirmation = { hint: options.hint ?? '', confirmed: false }
    if (options.payload !== undefined) confirmation.payload = options.payload
    this.actions.requestedToolConfirmations[this.functionCallId] = confirmation
  }

  /**
   * The memories of this app's user that share a word with `query`, oldest first (`limit`: the newest `limit` of
   * them). Throws a {@link ConfigError} when the run has no memory service (`new Runner({ memoryService })`).
   */
  searchMemory(query: string, options: { limit?: number } = {}): Promise<SearchMemoryResponse> {
    const { appName, userId } = this.invocationContext
    const limit = options.limit === undefined ? {} : { limit: options.limit }
    return this.#memoryService('searchMemory').searchMemory({ appName, userId, query, ...limit })
  }

  /** Adds this session (as this run sees it) to the run's memory service: ADK's `add_session_to_memory()`. */
  addSessionToMemory(): Promise<void> {
    return this.#memoryService('addSessionToMemory').addSessionToMemory(this.invocationContext.session)
  }

  #memoryService(operation: string) {
    const service = this.invocationContext.memoryService
    if (service) return service
    throw new ConfigError([
      {
        code: 'service_missing',
        path: [this.agentName, operation],
        message: `Memory service is not available: agent "${this.agentName}" called ${operation}() in a run without one.`,
        hint: 'Pass memoryService to the Runner (new Runner({ ..., memoryService: new InMemoryMemoryService() })), or use InMemoryRunner.',
      },
    ])
  }

  #artifactService() {
    const service = this.invocationContext.artifactService
    if (!service) throw missingArtifactService(this.agentName, 'an artifact operation')
    return service
  }

  #key(filename: string) {
    return {
      appName: this.invocationContext.appName,
      userId: this.invocationContext.userId,
      sessionId: this.invocationContext.session.id,
      filename,
    }
  }
}
