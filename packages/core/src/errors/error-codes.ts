/**
 * The stable error codes, one per kind of failure. A package adds its own in two steps (see docs/errors.md):
 *
 * ```ts
 * declare module '@adk-fluent/core' {
 *   interface ErrorCodes { SEARCH_FAILED: true }
 * }
 * registerErrorCode('SEARCH_FAILED', { endsTheRun: false, description: 'The search backend failed.' })
 * ```
 */
export interface ErrorCodes extends Record<CoreErrorCode, true> {}

/** The codes of core's own error classes. */
type CoreErrorCode =
  | 'CONFIG_INVALID'
  | 'STATE_MISSING'
  | 'STATE_KEY_INVALID'
  | 'STATE_VALUE_INVALID'
  | 'TOOL_FAILED'
  | 'TOOL_RETRIES_EXCEEDED'
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
  | 'GUARD_VIOLATION'
  | 'CIRCUIT_OPEN'
  | 'INTERRUPT_ANSWER_INVALID'
  | 'INTENT_MISMATCH'
  | 'PLUGIN_FAILED'
  | 'NODE_TIMEOUT'
  | 'NODE_SCHEMA_INVALID'
  | 'NODE_REPORTED_ERROR'
  | 'NODE_FAILED'
  | 'STATE_SCHEMA_INVALID'

/** A machine-readable error code carried by every `AdkFluentError` (core's and every registered one). */
export type ErrorCode = keyof ErrorCodes & string

/** What the runtime knows about a code. */
export interface ErrorCodeInfo {
  /**
   * True for a failure of the runtime itself (a store, an abort, a bug, a configuration mistake): thrown by a model or
   * tool call it ends the run instead of becoming an error response the model sees.
   */
  readonly endsTheRun: boolean
  /** One sentence: what failed. */
  readonly description: string
}

const codeForm = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/
const registry = new Map<string, ErrorCodeInfo>()

/**
 * Registers an error code (UPPER_SNAKE_CASE) so the runtime treats its errors right (`endsTheRun`). Registering a code
 * again with the same `endsTheRun` is allowed (two copies of a package); a different one is an error.
 */
export function registerErrorCode(code: string, info: ErrorCodeInfo): void {
  if (!codeForm.test(code)) {
    throw new TypeError(
      `registerErrorCode: "${code}" is not an error code: use UPPER_SNAKE_CASE, for example "GUARD_VIOLATION".`,
    )
  }
  const existing = registry.get(code)
  if (existing && existing.endsTheRun !== info.endsTheRun) {
    throw new TypeError(
      `registerErrorCode: "${code}" is already registered with endsTheRun: ${existing.endsTheRun}. Choose another code.`,
    )
  }
  if (!existing) registry.set(code, Object.freeze({ endsTheRun: info.endsTheRun, description: info.description }))
}

/** What is registered for `code`, or `undefined` for a code nobody registered. */
export function errorCodeInfo(code: string): ErrorCodeInfo | undefined {
  return registry.get(code)
}

/** Every registered code, in registration order. */
export function errorCodes(): string[] {
  return [...registry.keys()]
}

const core: Readonly<Record<CoreErrorCode, ErrorCodeInfo>> = {
  CONFIG_INVALID: { endsTheRun: true, description: 'The developer configured something wrong.' },
  STATE_MISSING: { endsTheRun: false, description: 'A state key or artifact the run needed is missing.' },
  STATE_KEY_INVALID: { endsTheRun: false, description: 'A state key met at run time is invalid or reserved.' },
  STATE_VALUE_INVALID: { endsTheRun: false, description: 'A state value cannot be stored as JSON.' },
  TOOL_FAILED: { endsTheRun: false, description: 'A tool failed in a way the model cannot recover from.' },
  TOOL_RETRIES_EXCEEDED: {
    endsTheRun: false,
    description: 'The model kept calling a tool with invalid arguments past maxToolRetries.',
  },
  MODEL_FAILED: { endsTheRun: false, description: 'A model call failed.' },
  MAX_TURNS: { endsTheRun: false, description: 'A run exceeded a configured limit.' },
  USAGE_LIMIT: { endsTheRun: false, description: 'A run stopped at one of its usage limits.' },
  SESSION_NOT_FOUND: { endsTheRun: false, description: 'The session does not exist.' },
  SESSION_STALE: { endsTheRun: true, description: 'An append came from a stale view of the session.' },
  SESSION_BUSY: { endsTheRun: true, description: 'The session is held by another run.' },
  SESSION_EXISTS: { endsTheRun: false, description: 'A session with that id already exists.' },
  SESSION_STORE_FAILED: { endsTheRun: true, description: 'The session store failed.' },
  ABORTED: { endsTheRun: true, description: 'The run was aborted.' },
  INTERNAL: { endsTheRun: true, description: 'A bug inside adk-fluent.' },
  GUARD_VIOLATION: { endsTheRun: true, description: 'A guard blocked a model call or its answer.' },
  CIRCUIT_OPEN: { endsTheRun: true, description: 'A circuit breaker refused a model call without making it.' },
  INTERRUPT_ANSWER_INVALID: {
    endsTheRun: true,
    description: 'An answer to a paused run names no pending interrupt or does not fit it.',
  },
  INTENT_MISMATCH: {
    endsTheRun: true,
    description:
      'A tool confirmation does not bind to the call it approves (forged or tampered); the tool did not run.',
  },
  PLUGIN_FAILED: { endsTheRun: true, description: 'A plugin (middleware) failed in one of its hooks.' },
  NODE_TIMEOUT: { endsTheRun: false, description: 'A workflow node ran past its timeout.' },
  NODE_SCHEMA_INVALID: { endsTheRun: false, description: "A workflow node's input or output failed its schema." },
  NODE_REPORTED_ERROR: {
    endsTheRun: false,
    description: 'A workflow node reported a failure with an error event and produced nothing.',
  },
  NODE_FAILED: { endsTheRun: false, description: 'A node a workflow ran with ctx.runNode failed.' },
  STATE_SCHEMA_INVALID: {
    endsTheRun: false,
    description: "A workflow node's state write broke the stateSchema in force; the write was refused.",
  },
}
for (const [code, info] of Object.entries(core)) registerErrorCode(code, info)
