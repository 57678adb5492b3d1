export { AdkFluentError, type AdkFluentErrorOptions, type ErrorCode } from './adk-fluent-error.js'
export { ConfigError, type ConfigIssue } from './config-error.js'
export {
  AbortError,
  InternalError,
  MaxTurnsError,
  ModelError,
  SessionNotFoundError,
  StateError,
  ToolError,
  UsageLimitError,
} from './runtime-errors.js'
export { CircuitOpenError, GuardViolationError } from './guard-errors.js'
export { AlreadyExistsError, SessionBusyError, SessionStoreError, StaleSessionError } from './session-errors.js'
