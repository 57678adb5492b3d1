const marker = 'adk-fluent.error'
const symbol = Symbol.for(marker)

/** Closed set of machine-readable error codes carried by every {@link AdkFluentError}. */
export type ErrorCode =
  | 'CONFIG_INVALID'
  | 'STATE_MISSING'
  | 'STATE_KEY_INVALID'
  | 'STATE_VALUE_INVALID'
  | 'TOOL_FAILED'
  | 'MODEL_FAILED'
  | 'MAX_TURNS'
  | 'USAGE_LIMIT'
  | 'SESSION_NOT_FOUND'
  | 'SESSION_STALE'
  | 'SESSION_BUSY'
  | 'SESSION_EXISTS'
  | 'SESSION_STORE_FAILED'
  | 'ABORTED'
  | 'INTERNAL'

/** Options shared by every adk-fluent error. */
export interface AdkFluentErrorOptions {
  readonly cause?: unknown
  readonly agentName?: string
  readonly invocationId?: string
}

/**
 * Base class of every error thrown by adk-fluent. Recognise it with {@link AdkFluentError.isInstance}, which works
 * across the ESM and CJS builds (never rely on `instanceof` across packages).
 */
export class AdkFluentError extends Error {
  readonly code: ErrorCode
  readonly agentName: string | undefined
  readonly invocationId: string | undefined
  declare readonly cause?: unknown

  constructor(code: ErrorCode, message: string, options: AdkFluentErrorOptions = {}) {
    super(message)
    Object.defineProperty(this, symbol, { value: true })
    this.name = new.target.name
    this.code = code
    this.agentName = options.agentName
    this.invocationId = options.invocationId
    if ('cause' in options) Object.defineProperty(this, 'cause', { value: options.cause, enumerable: false })
  }

  /** True for any adk-fluent error, whichever module instance created it. */
  static isInstance(error: unknown): error is AdkFluentError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[symbol] === true
  }
}

/** Codes of the runtime's own failures (see {@link endsTheRun}). */
const runEndingCodes: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'ABORTED',
  'CONFIG_INVALID',
  'INTERNAL',
  'SESSION_STORE_FAILED',
  'SESSION_BUSY',
  'SESSION_STALE',
])

/**
 * True for an error of the runtime rather than of a model or a tool: an abort, a configuration mistake, a bug, a
 * session or run store that failed, a lost lease. Thrown by a model or tool call (or an invocation hook around one),
 * it ends the run; it is never turned into an error response that the model would see and that would be stored.
 * @internal
 */
export function endsTheRun(error: unknown): boolean {
  return AdkFluentError.isInstance(error) && runEndingCodes.has(error.code)
}
