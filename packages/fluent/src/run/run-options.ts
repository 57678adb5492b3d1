import type { Runner } from '@adk-fluent/core'

/** Options of `.ask()`, `.stream()` and `.events()`. */
export interface RunOptions {
  /** State for the run, applied with the user's message (so `temp:` keys work too). */
  readonly state?: Readonly<Record<string, unknown>>
  /** Default `'user'`. */
  readonly userId?: string
  /** Continue this session (created when it does not exist yet); default: a new session. */
  readonly sessionId?: string
  /** Run on this runner (and its agent and services) instead of a fresh `InMemoryRunner` over `build()`. */
  readonly runner?: Runner
}
