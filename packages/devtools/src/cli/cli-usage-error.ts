import { AdkFluentError, registerErrorCode } from '@adk-fluent/core'

declare module '@adk-fluent/core' {
  interface ErrorCodes {
    CLI_USAGE: true
  }
}

registerErrorCode('CLI_USAGE', {
  endsTheRun: false,
  description: 'The adk-fluent command line was called wrongly or given something it cannot use.',
})

/** A mistake in how the CLI was called or in what it was given (bad arguments, missing file, no builder): exit code 2. */
export class CliUsageError extends AdkFluentError {
  declare readonly code: 'CLI_USAGE'

  constructor(message: string) {
    super('CLI_USAGE', message)
  }
}
