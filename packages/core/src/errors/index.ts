export { AdkFluentError, type AdkFluentErrorOptions } from './adk-fluent-error.js'
export {
  errorCodeInfo,
  errorCodes,
  registerErrorCode,
  type ErrorCode,
  type ErrorCodeInfo,
  type ErrorCodes,
} from './error-codes.js'
export { CONFIG_INVALID_ISSUE, ConfigError, type ConfigIssue, type ConfigIssueInit } from './config-error.js'
export { issueCodes, type IssueCode } from './issue-codes.js'
export {
  AbortError,
  InternalError,
  MaxTurnsError,
  ModelError,
  PluginError,
  SessionNotFoundError,
  StateError,
  ToolError,
  ToolRetriesExceededError,
  UsageLimitError,
} from './runtime-errors.js'
export { CircuitOpenError, GuardViolationError } from './guard-errors.js'
export { AlreadyExistsError, SessionBusyError, SessionStoreError, StaleSessionError } from './session-errors.js'
export {
  IntentMismatchError,
  InterruptAnswerError,
  isIntentMismatchError,
  type IntentMismatchReason,
} from './interrupt-errors.js'
