import type { CliIo } from './cli-io.js'

/** A command line after the command's name, split into positional arguments and `--options`. */
export interface CommandArguments {
  readonly positional: readonly string[]
  /** `--name value` / `--name=value` as the value; a flag as `true`. */
  readonly options: ReadonlyMap<string, string | true>
}

/**
 * One `adk-fluent` command. Every command is one of these, listed once in `commands.ts` (the only place commands are
 * registered): the parser, `--help` and the dispatcher all read that list.
 */
export interface CommandDefinition<Parsed extends { readonly name: string } = { readonly name: string }> {
  readonly name: Parsed['name']
  /** The options it takes: `true` for a flag, `false` for an option with a value. Any other `--x` is refused. */
  readonly options: Readonly<Record<string, boolean>>
  /** Its lines in `adk-fluent --help` (two-space indent, the description column at 43). */
  readonly help: string
  /** Checks the arguments (a {@link CliUsageError} for anything it cannot use). */
  parse(args: CommandArguments): Parsed
  /** Runs it; resolves to the exit code. */
  execute(parsed: Parsed, io: CliIo): Promise<number>
}

/** Types a command definition (its `parse` result is what its `execute` receives). */
export function defineCommand<Parsed extends { readonly name: string }>(
  definition: CommandDefinition<Parsed>,
): CommandDefinition<Parsed> {
  return definition
}
