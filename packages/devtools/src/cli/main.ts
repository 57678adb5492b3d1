import { ConfigError } from '@adk-fluent/core'
import { AgentFileError } from '@adk-fluent/fluent'
import type { CliIo } from './cli-io.js'
import { CliUsageError } from './cli-usage-error.js'
import { commands } from './commands.js'
import { packageVersion } from './package-version.js'
import { parseArguments, type CliCommand } from './parse-arguments.js'
import { print } from './print.js'
import { commandUsage, usage } from './usage.js'

export type { CliIo, CliOutput } from './cli-io.js'

async function execute(command: CliCommand, io: CliIo): Promise<number> {
  if (command.name === 'help') {
    print(io, command.command === undefined ? usage : commandUsage(command.command))
    return 0
  }
  if (command.name === 'version') {
    print(io, packageVersion())
    return 0
  }
  const definition = commands.find((candidate) => candidate.name === command.name)
  if (!definition) throw new Error(`no command is registered as "${command.name}"`)
  // The definition found by name is the one whose parse produced `command`.
  return definition.execute(command as never, io)
}

/**
 * Runs the `adk-fluent` command line and returns the exit code: 0 done, 1 failed (a build or run error, or `check`
 * found errors), 2 bad usage (on stderr: unknown command or option, a missing file or one that is not a module, a
 * module that does not load, no exported builder, a bad agent file or eval set, an invalid option value such as
 * `--state` JSON, no model to run on), 3 a `run` that paused and whose answers stdin did not give, 130 a `run`
 * cancelled with Ctrl-C.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await execute(parseArguments(argv), io)
  } catch (error) {
    // A bad agent file is bad usage wherever it shows (a skill's missing tools show when it is first composed).
    if (error instanceof CliUsageError || AgentFileError.isInstance(error)) {
      io.stderr.write(`adk-fluent: ${error.message}\n`)
      return 2
    }
    const message = error instanceof Error ? error.message : String(error)
    const label = ConfigError.isConfigError(error) ? 'invalid configuration' : 'failed'
    io.stderr.write(`adk-fluent: ${label}: ${message}\n`)
    return 1
  }
}
