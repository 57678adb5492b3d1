import { CliUsageError } from './cli-usage-error.js'
import type { CommandArguments } from './command-definition.js'
import { commands } from './commands.js'
import { didYouMean } from './did-you-mean.js'

type Registered = (typeof commands)[number]

/**
 * A parsed command line: help (of every command, or of one with `command`), version, or one registered command with
 * its checked arguments.
 */
export type CliCommand =
  | { readonly name: 'help'; readonly command?: Registered['name'] }
  | { readonly name: 'version' }
  | ReturnType<Registered['parse']>

const helpFlags = new Set(['--help', '-h'])

/** The command's arguments, or `'help'` when they ask for its usage (`--help` or `-h` anywhere an option may be). */
function split(command: Registered, argv: readonly string[]): CommandArguments | 'help' {
  const allowed = command.options
  const positional: string[] = []
  const options = new Map<string, string | true>()
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string
    if (helpFlags.has(argument)) return 'help'
    if (!argument.startsWith('--') || argument === '--') {
      positional.push(argument)
      continue
    }
    const [name = '', inline] = argument.slice(2).split(/=(.*)/s)
    const isFlag = Object.hasOwn(allowed, name) ? allowed[name] : undefined
    if (isFlag === undefined) {
      // --help is taken by every command (a misspelt --help gets the same suggestion as any option).
      const names = [...Object.keys(allowed), 'help']
      throw new CliUsageError(
        `unknown option --${name} for "${command.name}" (it takes ${names.map((option) => `--${option}`).join(', ')}).` +
          didYouMean(name, names, (option) => `--${option}`),
      )
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

/** The registered command named `name`; an unknown name is a {@link CliUsageError} suggesting the closest one. */
function commandNamed(name: string): Registered {
  const command = commands.find((candidate) => candidate.name === name)
  if (command) return command
  const names = commands.map((candidate) => candidate.name)
  throw new CliUsageError(
    `unknown command "${name}".${didYouMean(name, names)} Commands: ${names.join(', ')} (see adk-fluent --help).`,
  )
}

/**
 * Parses `argv` (without `node` and the script); throws a {@link CliUsageError} for anything it cannot use.
 * `adk-fluent <command> --help` (or `-h`, or `adk-fluent help <command>`) asks for that command's usage.
 */
export function parseArguments(argv: readonly string[]): CliCommand {
  const [first, ...rest] = argv
  if (first === undefined || helpFlags.has(first)) return { name: 'help' }
  if (first === 'help')
    return rest[0] === undefined ? { name: 'help' } : { name: 'help', command: commandNamed(rest[0]).name }
  if (first === '--version' || first === '-v' || first === 'version') return { name: 'version' }
  const command = commandNamed(first)
  const args = split(command, rest)
  return args === 'help' ? { name: 'help', command: command.name } : command.parse(args)
}
