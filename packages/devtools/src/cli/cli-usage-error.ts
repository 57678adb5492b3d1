/** A mistake in how the CLI was called or in what it was given (bad arguments, missing file, no builder): exit code 2. */
export class CliUsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = new.target.name
  }
}
