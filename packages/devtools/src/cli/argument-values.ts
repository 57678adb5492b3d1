import type { CommandArguments } from './command-definition.js'
import { CliUsageError } from './cli-usage-error.js'
import { idIssue, maxIdLength, shownId } from '../http/ids.js'

/** An option's value when it has one. */
export function text(value: string | true | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/** An option naming a session (`--session`): an id as the servers take it (see `idIssue`), when given. */
export function idValue(option: string, value: string | true | undefined): string | undefined {
  if (typeof value !== 'string') return undefined
  const issue = idIssue(value)
  if (issue !== undefined)
    throw new CliUsageError(
      `--${option} ${shownId(value)} ${issue}: use 1 to ${maxIdLength} visible characters, without "/" or "\\", not "." or "..".`,
    )
  return value
}

/** `--state`: a JSON object. */
export function parseState(text: string | true | undefined): Readonly<Record<string, unknown>> | undefined {
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

/** `--port`: 0-65535, 8000 when absent. */
export function parsePort(value: string | true | undefined): number {
  if (value === undefined || value === true) return 8000
  const port = Number(value)
  if (!/^\d+$/.test(value) || port > 65535)
    throw new CliUsageError(`--port must be a port number (0-65535), got "${value}".`)
  return port
}

/** The module file (first positional argument) and `--export`, with the positional arguments after the file. */
export function moduleArguments(
  command: string,
  args: CommandArguments,
): { readonly file: string; readonly exportName: string | undefined; readonly extra: readonly string[] } {
  const [file, ...extra] = args.positional
  if (file === undefined) throw new CliUsageError(`"${command}" needs a file: adk-fluent ${command} <file>.`)
  return { file, exportName: text(args.options.get('export')), extra }
}

/** {@link moduleArguments} for a command that takes nothing but the file. */
export function fileOnly(
  command: string,
  args: CommandArguments,
): { readonly file: string; readonly exportName: string | undefined } {
  const { file, exportName, extra } = moduleArguments(command, args)
  if (extra.length > 0) throw new CliUsageError(`unexpected argument "${extra[0]}" for "${command}".`)
  return { file, exportName }
}
