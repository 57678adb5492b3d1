import { errorCodeInfo, type ErrorCode } from './error-codes.js'

export { type ErrorCode, type ErrorCodes } from './error-codes.js'

/** Options shared by every adk-fluent error. */
export interface AdkFluentErrorOptions {
  readonly cause?: unknown
  readonly agentName?: string
  readonly invocationId?: string
}

/** The `Symbol.for` marker of an error class: its own, so no class is recognised as another. */
function markerOf(errorClass: { readonly name: string }): symbol {
  return errorClass.name === 'AdkFluentError'
    ? Symbol.for('adk-fluent.error')
    : Symbol.for(`adk-fluent.error.${errorClass.name}`)
}

type ErrorClass<T> = abstract new (...args: never[]) => T

/**
 * Base class of every error thrown by adk-fluent. Every class recognises its own instances with `isInstance` —
 * `ModelError.isInstance(error)`, `AbortError.isInstance(error)` — through a `Symbol.for` marker of its own (the
 * class name), which works across the ESM and CJS builds and module instances (never rely on `instanceof` across
 * packages). An instance carries the marker of its class and of every class above it, so
 * `AbortError.isInstance(new RunCancelledError(…))` is true and `AbortError.isInstance(new ModelError(…))` is false.
 */
export class AdkFluentError extends Error {
  readonly code: ErrorCode
  readonly agentName: string | undefined
  readonly invocationId: string | undefined
  declare readonly cause?: unknown

  constructor(code: ErrorCode, message: string, options: AdkFluentErrorOptions = {}) {
    super(message)
    for (let klass: unknown = new.target; typeof klass === 'function' && klass !== Error; ) {
      Object.defineProperty(this, markerOf(klass as { name: string }), { value: true })
      klass = Object.getPrototypeOf(klass)
    }
    this.name = new.target.name
    this.code = code
    this.agentName = options.agentName
    this.invocationId = options.invocationId
    if ('cause' in options) Object.defineProperty(this, 'cause', { value: options.cause, enumerable: false })
  }

  /** True for an instance of this class (or a class below it), whichever module instance created it. */
  static isInstance<T>(this: ErrorClass<T>, error: unknown): error is T {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[markerOf(this)] === true
  }
}

/**
 * True for an error of the runtime rather than of a model or a tool: an abort, a configuration mistake, a bug, a
 * session or run store that failed, a lost lease (every code registered with `endsTheRun: true`). Thrown by a model or
 * tool call (or an invocation hook around one), it ends the run; it is never turned into an error response that the
 * model would see and that would be stored. Shared with the other packages through `@adk-fluent/core/internal`.
 */
export function endsTheRun(error: unknown): boolean {
  return AdkFluentError.isInstance(error) && errorCodeInfo(error.code)?.endsTheRun === true
}
