// The code of docs/errors.md, type-checked in strict mode with the rest of the repository (`pnpm typecheck`);
// the page shows the regions (`pnpm readme` copies them; examples/readme/readme.test.ts fails when they drift).
import { AdkFluentError, registerErrorCode, type AdkFluentErrorOptions } from '@adk-fluent/core'

// #region recognise
import { AbortError, ConfigError, ModelError } from '@adk-fluent/core'

export function describeFailure(error: unknown): string {
  if (ConfigError.isInstance(error))
    return error.issues.map((issue) => `${issue.code} ${issue.path.join('.')}: ${issue.message}`).join('\n')
  if (AbortError.isInstance(error)) return 'cancelled' // the run was cancelled; a ModelError is never an AbortError
  if (ModelError.isInstance(error)) return `model failed: ${error.errorCode ?? error.message}`
  return String(error)
}
// #endregion recognise

// #region match-issue-code
export function badStateKeys(error: unknown): string[] {
  if (!ConfigError.isInstance(error)) return []
  // One code per kind of problem (the table below): a bad state key, wherever it was given.
  return error.issues.filter((issue) => issue.code === 'state_key_invalid').map((issue) => issue.path.join('.'))
}
// #endregion match-issue-code

// #region declare-code
declare module '@adk-fluent/core' {
  interface ErrorCodes {
    SEARCH_FAILED: true
  }
}
// #endregion declare-code

// #region register-code
registerErrorCode('SEARCH_FAILED', { endsTheRun: false, description: 'The search backend failed.' })
// #endregion register-code

// #region error-class
export class SearchFailedError extends AdkFluentError {
  constructor(message: string, options: AdkFluentErrorOptions = {}) {
    super('SEARCH_FAILED', message, options)
  }
}
// #endregion error-class
