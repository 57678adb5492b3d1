import {
  AdkFluentError,
  registerErrorCode,
  type AdkFluentErrorOptions,
  type InterruptAnswers,
  type PendingInterrupt,
  type Runner,
} from '@adk-fluent/core'
import { bindResume, type Resume } from './resume-with.js'

declare module '@adk-fluent/core' {
  interface ErrorCodes {
    /** A run of `.ask()`, `.stream()` or `.events()` paused: it waits for answers (approvals, input, results). */
    RUN_PAUSED: true
  }
}

registerErrorCode('RUN_PAUSED', {
  endsTheRun: false,
  description: 'The run paused: it waits for approvals, input or a long-running result.',
})

/** What a {@link RunPausedError} is made of. */
export interface PausedRun {
  readonly interrupts: readonly PendingInterrupt[]
  readonly runner: Runner
  readonly userId: string
  readonly sessionId: string
  readonly invocationId: string
  /** Runs the builder again on the answers (what `.ask()` would do with them). */
  readonly resume: (resume: Resume) => Promise<unknown>
}

function describe(interrupt: PendingInterrupt): string {
  if (interrupt.kind === 'confirmation')
    return `${interrupt.id}: approve ${interrupt.tool}(${JSON.stringify(interrupt.args ?? {})})`
  if (interrupt.kind === 'input') return `${interrupt.id}: input${interrupt.message ? ` "${interrupt.message}"` : ''}`
  return `${interrupt.id}: result of ${interrupt.tool}`
}

/**
 * The outcome of a run that paused (code `RUN_PAUSED`): `.ask()` rejects with it, `.stream()` and `.events()` throw it
 * after their last item. `interrupts` lists what the run waits for — each with its `id`, `kind` (`confirmation`,
 * `input`, `long_running`), the tool and its arguments, or the message and the reply's schema. Answer by id:
 * `error.resume({ [id]: true })` continues the run and resolves as `.ask()` does (it may pause again), and
 * `builder.events(error.answer({ … }))` continues it as events. The session is kept (the in-memory one too, for as long
 * as the error is), so another process with the same `sessionService` can answer with `resumeWith()` instead.
 *
 * @example
 * try {
 *   await agent.ask('Refund order 42')
 * } catch (error) {
 *   if (!RunPausedError.isInstance(error)) throw error
 *   const [approval] = error.interrupts
 *   console.log(approval.tool, approval.args)       // refund { order: 42 }
 *   console.log(await error.resume({ [approval.id]: true }))
 * }
 */
export class RunPausedError<TOutput = unknown> extends AdkFluentError {
  readonly interrupts: readonly PendingInterrupt[]
  readonly userId: string
  readonly sessionId: string
  readonly #run: PausedRun

  constructor(run: PausedRun, options: AdkFluentErrorOptions = {}) {
    super(
      'RUN_PAUSED',
      `The run paused and waits for ${run.interrupts.length === 1 ? 'an answer' : `${run.interrupts.length} answers`} (${run.interrupts.map(describe).join('; ')}). Answer by id with error.resume({ [id]: answer }), or resumeWith(answers) with the session's sessionId.`,
      { ...options, invocationId: run.invocationId },
    )
    this.interrupts = run.interrupts
    this.userId = run.userId
    this.sessionId = run.sessionId
    this.#run = run
  }

  /** The runner that holds the paused session (an in-memory one lives as long as this error). */
  get runner(): Runner {
    return this.#run.runner
  }

  /** The answers as a prompt bound to this run: `builder.events(error.answer({ [id]: true }))`. */
  answer(answers: InterruptAnswers): Resume {
    return bindResume(answers, { runner: this.#run.runner, sessionId: this.sessionId, userId: this.userId })
  }

  /** Continues the run with these answers; resolves (or pauses again) as `.ask()` does. */
  resume(answers: InterruptAnswers): Promise<TOutput> {
    return this.#run.resume(this.answer(answers)) as Promise<TOutput>
  }
}
