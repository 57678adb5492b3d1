import type { Content } from '../models/genai-types.js'
import type { InvocationContext } from './invocation-context.js'
import { State } from '../sessions/state.js'

/** Read access to state. */
export interface ReadonlyState {
  get<T = unknown>(key: string, defaultValue?: T): T | undefined
  has(key: string): boolean
  toRecord(): Record<string, unknown>
}

/** What instruction providers see: the invocation's identity and a read-only view of state. */
export class ReadonlyContext {
  readonly invocationContext: InvocationContext
  protected readonly pendingDelta: Record<string, unknown>
  #state: State | undefined

  constructor(invocationContext: InvocationContext, pendingDelta: Record<string, unknown> = {}) {
    this.invocationContext = invocationContext
    this.pendingDelta = pendingDelta
  }

  get userContent(): Content | undefined {
    return this.invocationContext.userContent
  }

  get invocationId(): string {
    return this.invocationContext.invocationId
  }

  get userId(): string {
    return this.invocationContext.userId
  }

  get sessionId(): string {
    return this.invocationContext.session.id
  }

  get agentName(): string {
    return this.invocationContext.agent.name
  }

  get state(): ReadonlyState {
    return this.stateView()
  }

  /** False: writes through {@link ReadonlyContext.state} throw a `StateError` (they would be lost). */
  protected get writable(): boolean {
    return false
  }

  protected stateView(): State {
    if (!this.#state) {
      this.#state = new State(
        this.invocationContext.session.state,
        this.pendingDelta,
        this.invocationContext.tempState,
        { readOnly: !this.writable },
      )
    }
    return this.#state
  }
}
