import { CliUsageError } from './cli-usage-error.js'

/** A parsed command line. */
export type CliCommand =
  | { readonly name: 'help' }
  | { readonly name: 'explain'; readonly file: string; readonly exportName: string | undefined; readonly json: boolean }
  | {
      readonly name: 'graph'
      readonly file: string
      readonly exportName: string | undefined
      readonly format: 'mermaid' | 'ascii'
    }
  | {
      readonly name: 'anatomy'
      readonly file: string
      readonly exportName: string | undefined
      readonly state: Readonly<Record<string, unknown>> | undefined
      readonly message: string | undefined
      readonly replies: string | undefined
      readonly at: string | undefined
      readonly json: boolean
    }
  | {
      readonly name: 'check'
      readonly file: string
      readonly exportName: string | undefined
      readonly state: Readonly<Record<string, unknown>> | undefined
    }
  | {
      readonly name: 'run'
      readonly file: string
      readonly exportName: string | undefined
      readonly prompt: string
      readonly state: Readonly<Record<string, unknown>> | undefined
      readonly json: boolean
      /** Session store URI (`--sessions`); with only `--session`, the default SQLite file. */
      readonly sessions: string | undefined
      /** Session id to continue (`--session`). */
      readonly session: string | undefined
    }
  | {
      readonly name: 'eval'
      readonly file: string
      readonly exportName: string | undefined
      readonly evalSets: readonly string[]
      readonly configFile: string | undefined
      readonly numRuns: number | undefined
      readonly printDetailedResults: boolean
      readonly junitFile: string | undefined
    }
  | {
      readonly name: 'web'
      readonly file: string
      readonly exportName: string | undefined
      readonly port: number
      readonly sessions: string | undefined
      readonly session: string | undefined
    }

const commands = ['explain', 'graph', 'anatomy', 'check', 'run', 'eval', 'web'] as const
type CommandName = (typeof commands)[number]

/** The options each command takes; `true` for a flag, `false` for an option with a value. */
const optionsOf: Readonly<Record<CommandName, Readonly<Record<string, boolean>>>> = {
  explain: { export: false, json: true },
  graph: { export: false, format: false },
  anatomy: { export: false, state: false, message: false, replies: false, at: false, json: true },
  check: { export: false, state: false },
  run: { export: false, state: false, json: true, sessions: false, session: false },
  eval: { export: false, config_file_path: false, num_runs: false, print_detailed_results: true, junit: false },
  web: { export: false, port: false, sessions: false, session: false },
}

interface RawArguments {
  readonly positional: string[]
  readonly options: Map<string, string | true>
}

function split(command: CommandName, argv: readonly string[]): RawArguments {
  const allowed = optionsOf[command]
  const positional: string[] = []
  const options = new Map<string, string | true>()
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string
    if (!argument.startsWith('--') || argument === '--') {
      positional.push(argument)
      continue
    }
    const [name = '', inline] = argument.slice(2).split(/=(.*)/s)
    const isFlag = allowed[name]
    if (isFlag === undefined) {
      const known = Object.keys(allowed)
        .map((option) => `--${option}`)
        .join(', ')
      throw new CliUsageError(`unknown option --${name} for "${command}" (it takes ${known}).`)
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

function parseState(text: string | true | undefined): Readonly<Record<string, unknown>> | undefined {
  if (text === undefined || text === true) return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new CliUsageError(
      `--state is not valid JSON (${(error as Error).message}). Pass an object, for example --state '{"topic":"cats"}'.`,
    )
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliUsageError(
      `--state must be a JSON object such as '{"topic":"cats"}', got ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}.`,
    )
  }
  return value as Record<string, unknown>
}

function text(value: string | true | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined
}

function parseEval(
  file: string,
  exportName: string | undefined,
  evalSets: string[],
  options: Map<string, string | true>,
): CliCommand {
  if (evalSets.length === 0)
    throw new CliUsageError('"eval" needs an eval set: adk-fluent eval <file> <evalset.json>[:case_id,...].')
  const runs = text(options.get('num_runs'))
  const numRuns = runs === undefined ? undefined : Number(runs)
  if (numRuns !== undefined && (!Number.isInteger(numRuns) || numRuns < 1))
    throw new CliUsageError(`--num_runs must be a positive integer, got "${runs}".`)
  return {
    name: 'eval',
    file,
    exportName,
    evalSets,
    configFile: text(options.get('config_file_path')),
    numRuns,
    printDetailedResults: options.get('print_detailed_results') === true,
    junitFile: text(options.get('junit')),
  }
}

function parsePort(value: string | true | undefined): number {
  if (value === undefined || value === true) return 8000
  const port = Number(value)
  if (!/^\d+$/.test(value) || port > 65535)
    throw new CliUsageError(`--port must be a port number (0-65535), got "${value}".`)
  return port
}

/** Parses `argv` (without `node` and the script); throws a {@link CliUsageError} for anything it cannot use. */
export function parseArguments(argv: readonly string[]): CliCommand {
  const [first, ...rest] = argv
  if (first === undefined || first === 'help' || first === '--help' || first === '-h') return { name: 'help' }
  const command = commands.find((name) => name === first)
  if (!command)
    throw new CliUsageError(`unknown command "${first}". Commands: ${commands.join(', ')} (see adk-fluent --help).`)
  const { positional, options } = split(command, rest)
  const [file, ...extra] = positional
  if (file === undefined) throw new CliUsageError(`"${command}" needs a file: adk-fluent ${command} <file>.`)
  const exportName = text(options.get('export'))
  if (command === 'run') {
    const [prompt, ...unused] = extra
    if (prompt === undefined) throw new CliUsageError('"run" needs a prompt: adk-fluent run <file> "<prompt>".')
    if (unused.length > 0)
      throw new CliUsageError(`unexpected argument "${unused[0]}". Quote the prompt: adk-fluent run <file> "<prompt>".`)
    return {
      name: 'run',
      file,
      exportName,
      prompt,
      state: parseState(options.get('state')),
      json: options.get('json') === true,
      sessions: text(options.get('sessions')),
      session: text(options.get('session')),
    }
  }
  if (command === 'eval') return parseEval(file, exportName, extra, options)
  if (extra.length > 0) throw new CliUsageError(`unexpected argument "${extra[0]}" for "${command}".`)
  switch (command) {
    case 'explain':
      return { name: 'explain', file, exportName, json: options.get('json') === true }
    case 'graph': {
      const format = options.get('format') ?? 'ascii'
      if (format !== 'mermaid' && format !== 'ascii')
        throw new CliUsageError(`--format must be mermaid or ascii, got "${String(format)}".`)
      return { name: 'graph', file, exportName, format }
    }
    case 'anatomy':
      return {
        name: 'anatomy',
        file,
        exportName,
        state: parseState(options.get('state')),
        message: text(options.get('message')),
        replies: text(options.get('replies')),
        at: text(options.get('at')),
        json: options.get('json') === true,
      }
    case 'check':
      return { name: 'check', file, exportName, state: parseState(options.get('state')) }
    case 'web':
      return {
        name: 'web',
        file,
        exportName,
        port: parsePort(options.get('port')),
        sessions: text(options.get('sessions')),
        session: text(options.get('session')),
      }
  }
}
