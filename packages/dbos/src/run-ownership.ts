import { RunLostError } from './errors.js'
import type { RunStore, StepRecord } from './run-store.js'
import type { SessionHold } from './session-hold.js'

const leaseTaken =
  'its session lease was taken under a new fence (by the execution that took the run over, or by another run of the session)'

const newer = (execution: number, mine: number) =>
  `execution ${execution} of the run started after this one (${mine}) and finishes it`

/**
 * Whether one execution of a durable run still owns the run, asked before each model and tool call. A worker that
 * was stopped (a pause, a frozen VM, a blocked event loop) for longer than `deadAfterMs` has lost its runs: another
 * worker resumed them, took the session's lease under a new fence and opened a newer execution. Such an execution
 * must stop before it calls anything.
 *
 * - With a session lease still fresh (granted or renewed less than half its lifetime ago), nobody else can hold the
 *   session, so nobody else executes the run: no query.
 * - Otherwise (after a pause, or with a session service without leases) one round trip each, at once: the lease is
 *   renewed (refused when another execution took it), and the run store says which execution opened the run last
 *   and whether the step was recorded since by another execution (then its record is used: nothing is called).
 */
export class RunOwnership {
  readonly #runId: string
  readonly #hold: SessionHold
  readonly #store: RunStore
  readonly #execution: number
  #lost: string | undefined

  constructor(options: { runId: string; hold: SessionHold; store: RunStore; execution: number }) {
    this.#runId = options.runId
    this.#hold = options.hold
    this.#store = options.store
    this.#execution = options.execution
  }

  /** Why this execution lost the run, once it did. */
  get lost(): string | undefined {
    return this.#lost ?? (this.#hold.lost() ? leaseTaken : undefined)
  }

  /** A newer execution of the run started in this process: this one stops at its next call. */
  supersede(execution: number): void {
    this.#lost ??= newer(execution, this.#execution)
  }

  /**
   * Before the call of step `key`: `undefined` when this execution owns the run and makes the call; the step's
   * record when another execution recorded it since (use it, call nothing). Throws {@link RunLostError} when this
   * execution lost the run. Without a key (at the end of the execution): only whether it still owns the run.
   */
  async check(key?: string): Promise<StepRecord | undefined> {
    this.#throwIfLost(key)
    if (this.#hold.lease && this.#hold.fresh()) return undefined
    const [confirmed, owner] = await Promise.all([this.#hold.confirm(), this.#store.ownership(this.#runId, key ?? '')])
    if (owner.execution !== this.#execution) this.#lost ??= newer(owner.execution, this.#execution)
    if (!confirmed) this.#lost ??= leaseTaken
    this.#throwIfLost(key)
    return owner.record
  }

  /**
   * After an append was refused as busy, or another execution recorded a step this one recorded too: true when the
   * reason is that this execution lost the run (the lease is renewed and the store asked, however fresh the lease).
   */
  async confirmLost(): Promise<boolean> {
    if (this.lost) return true
    const [confirmed, owner] = await Promise.all([
      this.#hold.confirm().catch(() => true),
      this.#store.ownership(this.#runId, '').catch(() => undefined),
    ])
    if (owner && owner.execution !== this.#execution) this.#lost ??= newer(owner.execution, this.#execution)
    if (!confirmed) this.#lost ??= leaseTaken
    return this.lost !== undefined
  }

  #throwIfLost(key: string | undefined): void {
    const reason = this.lost
    if (reason) throw new RunLostError(this.#runId, reason, key)
  }
}
