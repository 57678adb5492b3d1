import { AdkFluentError, type AdkFluentErrorOptions } from './adk-fluent-error.js'

/**
 * A state key the run needed is missing or has the wrong shape (for example a required `{key}` template): code
 * `STATE_MISSING`. Also an invalid or reserved state key written (`STATE_KEY_INVALID`), or a value that cannot be
 * stored as JSON (`STATE_VALUE_INVALID`).
 */
export class StateError extends AdkFluentError {
  constructor(
    message: string,
    options: AdkFluentErrorOptions & { code?: 'STATE_MISSING' | 'STATE_KEY_INVALID' | 'STATE_VALUE_INVALID' } = {},
  ) {
    const { code = 'STATE_MISSING', ...rest } = options
    super(code, message, rest)
  }
}

/** A tool could not be found or failed in a way the model cannot recover from. */
export class ToolError extends AdkFluentError {
  readonly toolName: string | undefined
  constructor(message: string, options: AdkFluentErrorOptions & { toolName?: string } = {}) {
    super('TOOL_FAILED', message, options)
    this.toolName = options.toolName
  }
}

/**
 * The model kept calling a tool with arguments its schema rejects, past the agent's `maxToolRetries` (code
 * `TOOL_RETRIES_EXCEEDED`): the model was not asked again.
 */
export class ToolRetriesExceededError extends AdkFluentError {
  constructor(message: string, options: AdkFluentErrorOptions = {}) {
    super('TOOL_RETRIES_EXCEEDED', message, options)
  }
}

/** The model call failed (HTTP error, blocked response, invalid structured output). Never carries an API key. */
export class ModelError extends AdkFluentError {
  readonly status: number | undefined
  readonly errorCode: string | undefined
  /** How long the server asked to wait before another attempt (its `Retry-After`), in milliseconds, if it said. */
  readonly retryAfterMs: number | undefined
  constructor(
    message: string,
    options: AdkFluentErrorOptions & { status?: number; errorCode?: string; retryAfterMs?: number } = {},
  ) {
    super('MODEL_FAILED', message, options)
    this.status = options.status
    this.errorCode = options.errorCode
    this.retryAfterMs = options.retryAfterMs
  }
}

/** A run exceeded a configured limit (`runConfig.maxLlmCalls`, transfers per invocation). */
export class MaxTurnsError extends AdkFluentError {
  constructor(message: string, options: AdkFluentErrorOptions = {}) {
    super('MAX_TURNS', message, options)
  }
}

/** A run stopped at one of its `runConfig.usageLimits` (`limit` names it: `'totalTokens'`, `'toolCalls'`, …). */
export class UsageLimitError extends AdkFluentError {
  readonly limit: string | undefined
  constructor(message: string, options: AdkFluentErrorOptions & { limit?: string } = {}) {
    super('USAGE_LIMIT', message, options)
    this.limit = options.limit
  }
}

/** `runAsync` was asked for a session that does not exist. */
export class SessionNotFoundError extends AdkFluentError {
  constructor(message: string, options: AdkFluentErrorOptions = {}) {
    super('SESSION_NOT_FOUND', message, options)
  }
}

/** The run was cancelled through its `abortSignal`. */
export class AbortError extends AdkFluentError {
  constructor(message = 'The run was aborted.', options: AdkFluentErrorOptions = {}) {
    super('ABORTED', message, options)
  }
}

/**
 * A plugin (middleware: `M.*`, or any `BasePlugin`) threw in one of its hooks, or answered with something that is not
 * an object (code `PLUGIN_FAILED`, ends the run): the message names the plugin and the hook; `cause` is what it threw.
 * Errors that end a run themselves (a guard's violation, an open circuit, an abort) pass through unwrapped.
 */
export class PluginError extends AdkFluentError {
  readonly pluginName: string
  readonly hook: string
  constructor(message: string, options: AdkFluentErrorOptions & { pluginName: string; hook: string }) {
    const { pluginName, hook, ...rest } = options
    super('PLUGIN_FAILED', message, rest)
    this.pluginName = pluginName
    this.hook = hook
  }
}

/** A bug inside adk-fluent: please report it. */
export class InternalError extends AdkFluentError {
  constructor(message: string, options: AdkFluentErrorOptions = {}) {
    super('INTERNAL', message, options)
  }
}
