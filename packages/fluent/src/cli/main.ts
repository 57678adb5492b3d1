import { ConfigError } from '@adk-fluent/core'
import { formatIssues } from '../introspect/format-issues.js'
import { anatomyCommand } from './anatomy-command.js'
import type { CliIo } from './cli-io.js'
import { CliUsageError } from './cli-usage-error.js'
import { loadModule } from './load-module.js'
import { parseArguments, type CliCommand } from './parse-arguments.js'
import { evalCommand } from './eval-command.js'
import { pickBuilder } from './pick-builder.js'
import { runCommand } from './run-command.js'
import { usage } from './usage.js'
import { webCommand } from '../web/web-command.js'

export type { CliIo, CliOutput } from './cli-io.js'

async function load(command: Exclude<CliCommand, { name: 'help' | 'web' }>, io: CliIo) {
  const module = await loadModule(command.file, io.cwd)
  return { module, builder: pickBuilder(module, command.file, command.exportName) }
}

function print(io: CliIo, text: string): void {
  io.stdout.write(text.endsWith('\n') ? text : `${text}\n`)
}

async function execute(command: CliCommand, io: CliIo): Promise<number> {
  if (command.name === 'help') {
    print(io, usage)
    return 0
  }
  if (command.name === 'web') return webCommand(command, io)
  const { module, builder } = await load(command, io)
  switch (command.name) {
    case 'explain':
      print(io, command.json ? JSON.stringify(builder.explain({ format: 'json' }), null, 2) : builder.explain())
      return 0
    case 'graph':
      print(io, command.format === 'mermaid' ? builder.toMermaid() : builder.toAscii())
      return 0
    case 'anatomy':
      print(io, await anatomyCommand(builder, command, io))
      return 0
    case 'check': {
      const issues = builder.check(command.state ? { initialState: Object.keys(command.state) } : {})
      print(io, issues.length > 0 ? formatIssues(issues).join('\n') : 'No contract issues.')
      return issues.some((issue) => issue.level === 'error') ? 1 : 0
    }
    case 'run':
      return runCommand(
        {
          builder,
          module,
          file: command.file,
          prompt: command.prompt,
          state: command.state,
          json: command.json,
          sessions: command.sessions,
          session: command.session,
        },
        io,
      )
    case 'eval':
      return evalCommand({ ...command, builder, module }, io)
  }
}

/**
 * Runs the `adk-fluent` command line and returns the exit code: 0 done, 1 failed (a build or run error, or `check`
 * found errors), 2 bad usage (one line on stderr: unknown command or option, missing file, no exported builder,
 * invalid `--state` JSON, no model to run on).
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await execute(parseArguments(argv), io)
  } catch (error) {
    if (error instanceof CliUsageError) {
      io.stderr.write(`adk-fluent: ${error.message}\n`)
      return 2
    }
    const message = error instanceof Error ? error.message : String(error)
    const label = ConfigError.isConfigError(error) ? 'invalid configuration' : 'failed'
    io.stderr.write(`adk-fluent: ${label}: ${message}\n`)
    return 1
  }
}
