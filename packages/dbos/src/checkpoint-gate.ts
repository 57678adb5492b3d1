import { RunStoreError } from './errors.js'

/**
 * The checkpoints one execution of a durable run is writing (its session snapshot, its steps' records). They go to
 * the run store while the run goes on, and every effect waits for them: before a session append, before a model or
 * tool call and before the run ends, {@link settled} resolves only once each checkpoint written so far is stored,
 * and stored by this execution. So a step's record is written while the runner turns its output into an event (no
 * round trip of its own on the critical path), and nothing the step led to is stored or called before its record.
 */
export class CheckpointGate {
  readonly #runId: string
  readonly #pending = new Set<Promise<void>>()
  #failure: { error: unknown } | undefined
  #raced: string | undefined

  constructor(runId: string) {
    this.#runId = runId
  }

  /**
   * The key of a checkpoint another execution of the run stored first, once one was: this execution's outcome of
   * that step is not the run's, so it must not go on; a new execution replays the recorded one.
   */
  get raced(): string | undefined {
    return this.#raced
  }

  /** A checkpoint write of step `key`: resolves true when this execution stored it, false when another one had. */
  add(key: string, write: Promise<boolean>): void {
    const tracked: Promise<void> = write.then((stored) => {
      if (!stored) {
        this.#raced ??= key
        throw new RunStoreError(
          `Run ${this.#runId}: step "${key}" was recorded by another execution first; this execution stops and the run goes on from the recorded steps.`,
        )
      }
      this.#pending.delete(tracked)
    })
    tracked.catch((error: unknown) => {
      this.#failure ??= { error }
    })
    this.#pending.add(tracked)
  }

  /** Resolves once every checkpoint added so far is stored by this execution; else throws the first failure. */
  async settled(): Promise<void> {
    if (this.#pending.size > 0) await Promise.all(this.#pending)
    if (this.#failure) throw this.#failure.error
  }
}
