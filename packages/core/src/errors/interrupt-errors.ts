import { AdkFluentError, type AdkFluentErrorOptions } from './adk-fluent-error.js'

/**
 * An answer to a paused run that cannot be used: it names no pending interrupt, answers one twice, has the wrong
 * shape for its kind (a confirmation needs `true`, `false` or `{ confirmed, payload? }`), or does not match the
 * `responseSchema` its request declared. Nothing was stored: the interrupt still waits, answer it again.
 */
export class InterruptAnswerError extends AdkFluentError {
  /** The interrupt the answer was for, when it names one. */
  readonly interruptId: string | undefined

  constructor(message: string, options: AdkFluentErrorOptions & { interruptId?: string } = {}) {
    super('INTERRUPT_ANSWER_INVALID', message, options)
    this.interruptId = options.interruptId
  }
}
