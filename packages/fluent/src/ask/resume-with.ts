import type { InterruptAnswers, Runner } from '@adk-fluent/core'

const resumeBrand = Symbol.for('adk-fluent.resume')

/**
 * Answers to a paused run, given to `.ask()`, `.stream()` or `.events()` in place of a prompt: the run goes on with
 * them (the answers become the `functionResponse`s ADK expects). Made by {@link resumeWith} (the run is found through
 * the options' `sessionService` / `runner` and `sessionId`) or by `RunPausedError.answer()` (bound to the paused run).
 */
export interface Resume {
  readonly kind: 'resume'
  /** By interrupt id: `true` / `false` / `{ confirmed, payload? }` for an approval, the reply for an input, the result of a long-running tool. */
  readonly answers: InterruptAnswers
  /** The runner of the paused run, when bound to it. */
  readonly runner?: Runner
  readonly sessionId?: string
  readonly userId?: string
}

/**
 * Answers to pending interrupts, as a prompt: `.ask(resumeWith({ [id]: true }), { sessionService, sessionId })`
 * continues the paused run stored there (from any process). Answer some interrupts or all of them; the run goes on
 * once the last one of a step is answered.
 */
export function resumeWith(answers: InterruptAnswers): Resume {
  return bindResume(answers, {})
}

/** A {@link Resume} bound to a run. @internal */
export function bindResume(
  answers: InterruptAnswers,
  target: { readonly runner?: Runner; readonly sessionId?: string; readonly userId?: string },
): Resume {
  const resume = { kind: 'resume' as const, answers: Object.freeze({ ...answers }), ...target }
  Object.defineProperty(resume, resumeBrand, { value: true })
  return Object.freeze(resume)
}

/** True for a {@link Resume}. */
export function isResume(value: unknown): value is Resume {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[resumeBrand] === true
}
