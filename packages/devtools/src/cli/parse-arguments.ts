import { CliUsageError } from './cli-usage-error.js'
import type { CommandArguments } from './command-definition.js'
import { commands } from './commands.js'

type Registered = (typeof commands)[number]

/** A parsed command line: help, version, or one registered command with its checked arguments. */
export type CliCommand = { readonly name: 'help' } | { readonly name: 'version' } | ReturnType<Registered['parse']>

function split(command: Registered, argv: readonly string[]): CommandArguments {
  const allowed = command.options
  const positional: string[] = []
  const options = new Map<string, string | true>()
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string
    if (!argument.startsWith('--') || argument === '--') {
      positional.push(argument)
      continue
    }
    const [name = '', inline] = argument.slice(2).split(/=(.*)/s)
    const isFlag = Object.hasOwn(allowed, name) ? allowed[name] : undefined
    if (isFlag === undefined) {
      const known = Object.keys(allowed)
        .map((option) => `--${option}`)
        .join(', ')
      throw new CliUsageError(`unknown option --${name} for "${command.name}" (it takes ${known}).`)
    }
    if (isFlag) {
      options.set(name, true)
      continue
    }
    const value = inline ?? argv[++index]
    if (value === undefined) throw new CliUsageError(`--${name} needs a value.`)
    options.set(name, value)
  }
  return { positional, options }
}

/** Parses `argv` (without `node` and the script); throws a {@link CliUsageError} for anything it cannot use. */
export function parseArguments(argv: readonly string[]): CliCommand {
  const [first, ...rest] = argv
  if (first === undefined || first === 'help' || first === '--help' || first === '-h') return { name: 'help' }
  if (first === '--version' || first === '-v' || first === 'version') return { name: 'version' }
  const command = commands.find((candidate) => candidate.name === first)
  if (!command) {
    const names = commands.map((candidate) => candidate.name).join(', ')
    throw new CliUsageError(`unknown command "${first}". Commands: ${names} (see adk-fluent --help).`)
  }
  return command.parse(split(command, rest))
}
