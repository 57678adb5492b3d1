import type { Event, Runner } from '@adk-fluent/core'

/** A started run of `.ask()`, `.stream()` or `.events()`: its events, and where it runs (to resume it when it pauses). */
export interface StartedRun {
  readonly events: AsyncGenerator<Event, void, undefined>
  readonly runner: Runner
  readonly userId: string
  readonly sessionId: string
  /** True when the run answers a paused one (its pause may outlive it without a new interrupt). */
  readonly resumed: boolean
}
