import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type * as Yaml from 'yaml'
import { AgentFileError, type AgentFileProblem } from './agent-file-error.js'

/** A field's path inside a YAML document: map keys and list indexes. */
export type FieldPath = readonly (string | number)[]

/** A parsed YAML document: its plain value, and where each field is written. */
export interface YamlSource {
  /** The file as it is named in errors. */
  readonly file: string
  /** The document as plain data (`null` for an empty document). */
  readonly value: unknown
  /** The 1-based line and column of `path`: its key for a map field, else its value; the nearest written ancestor when absent. */
  at(path: FieldPath): { readonly line: number; readonly column: number }
  /** A problem at `path`, for an {@link AgentFileError}. */
  problem(path: FieldPath, message: string, hint?: string): AgentFileProblem
}

/** The largest agent file read (an agent config or a `SKILL.md`): 1 MiB. */
export const MAX_AGENT_FILE_BYTES = 1024 * 1024

/** The deepest nesting of maps and lists in an agent file. */
export const MAX_YAML_DEPTH = 64

/** The most alias expansions a document may make (`*anchor`): a few are handy, thousands are an alias bomb. */
export const MAX_YAML_ALIASES = 1000

let yamlModule: typeof Yaml | undefined

/** The `yaml` package, loaded the first time a file is read (importing fluent never loads it). */
function loadYaml(): typeof Yaml {
  if (yamlModule) return yamlModule
  const here = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url)
  yamlModule = createRequire(here)('yaml') as typeof Yaml
  return yamlModule
}

/** The first line of a `yaml` error, without its own position (the caller prefixes file, line and column). */
function shortMessage(message: string): string {
  const first = message.split('\n')[0] ?? message
  return first.replace(/ at line \d+, column \d+:?$/, '').trim()
}

function fileProblem(file: string, message: string, hint?: string): AgentFileError {
  return new AgentFileError([{ file, line: 1, column: 1, field: [], message, ...(hint ? { hint } : {}) }])
}

/**
 * The text of the agent file at `path` (named `file` in errors): a regular file (never a pipe or device, which could
 * block for ever) of at most {@link MAX_AGENT_FILE_BYTES}, read as UTF-8. Anything else is an {@link AgentFileError}
 * naming the file.
 */
export function readAgentFileText(path: string, file: string): string {
  let descriptor: number
  try {
    // Non-blocking: opening a named pipe for reading would otherwise wait for a writer.
    descriptor = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  } catch {
    throw fileProblem(file, 'file not found.')
  }
  try {
    const stats = fstatSync(descriptor)
    if (!stats.isFile()) throw fileProblem(file, 'not a regular file.', 'Point at the YAML or SKILL.md file itself.')
    if (stats.size > MAX_AGENT_FILE_BYTES)
      throw fileProblem(
        file,
        `the file is ${stats.size} bytes; agent files are at most ${MAX_AGENT_FILE_BYTES} bytes.`,
        'Split it into sub-agent files (config_path), or keep large text out of it.',
      )
    // One more byte than the limit: a file that grew after fstat is refused too.
    const buffer = Buffer.alloc(Math.min(stats.size, MAX_AGENT_FILE_BYTES) + 1)
    let length = 0
    for (let read = -1; read !== 0 && length < buffer.length; length += read)
      read = readSync(descriptor, buffer, length, buffer.length - length, null)
    if (length > MAX_AGENT_FILE_BYTES)
      throw fileProblem(file, `the file is larger than ${MAX_AGENT_FILE_BYTES} bytes; agent files are at most that.`)
    return buffer.subarray(0, length).toString('utf8')
  } finally {
    closeSync(descriptor)
  }
}

/** The first node nested deeper than `limit` maps and lists (walked without recursion), or `undefined`. */
function tooDeep(yaml: typeof Yaml, root: unknown, limit: number): { readonly range?: unknown } | undefined {
  const stack: [unknown, number][] = [[root, 0]]
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [node, depth] = top
    if (!yaml.isCollection(node)) continue
    if (depth >= limit) return node
    for (const item of node.items as unknown[]) {
      if (yaml.isPair(item)) {
        stack.push([item.key, depth + 1])
        stack.push([item.value, depth + 1])
      } else stack.push([item, depth + 1])
    }
  }
  return undefined
}

/**
 * Parses YAML `text` read from `file`. `lineOffset` shifts reported lines (front matter that starts below line 1).
 * Syntax errors, duplicate keys and tags that plain YAML cannot resolve (`!!python/object`) throw one
 * {@link AgentFileError} listing each with its line and column; so do maps and lists nested more than
 * {@link MAX_YAML_DEPTH} deep and aliases that expand more than {@link MAX_YAML_ALIASES} times (an alias bomb).
 */
export function parseYaml(text: string, file: string, lineOffset = 0): YamlSource {
  const yaml = loadYaml()
  const lineCounter = new yaml.LineCounter()
  const document = yaml.parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true })
  const position = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset)
    return { line: Math.max(line, 1) + lineOffset, column: Math.max(col, 1) }
  }
  const deep = `maps and lists are nested more than ${MAX_YAML_DEPTH} levels deep.`
  const failures = [...document.errors, ...document.warnings].map((error) => {
    const { line, column } = position(error.pos[0])
    // The parser's own recursion limit: say what it means.
    const message = /call stack/i.test(error.message)
      ? deep
      : `YAML ${shortMessage(error.message)}.`.replace(/\.\.$/, '.')
    return { file, line, column, field: [], message }
  })
  if (failures.length > 0) throw new AgentFileError(failures)
  const nested = tooDeep(yaml, document.contents, MAX_YAML_DEPTH)
  if (nested) {
    const start = Array.isArray(nested.range) && typeof nested.range[0] === 'number' ? nested.range[0] : 0
    throw new AgentFileError([{ file, ...position(start), field: [], message: deep }])
  }
  let value: unknown
  try {
    value = document.contents === null ? null : document.toJS({ maxAliasCount: MAX_YAML_ALIASES })
  } catch (error) {
    const aliases = error instanceof ReferenceError && /alias/i.test(error.message)
    throw new AgentFileError([
      {
        file,
        line: 1 + lineOffset,
        column: 1,
        field: [],
        message: aliases
          ? `YAML aliases expand more than ${MAX_YAML_ALIASES} times (an alias bomb): the file is refused.`
          : `YAML could not be read: ${shortMessage(error instanceof Error ? error.message : String(error))}.`,
        ...(aliases ? { hint: 'Write the values out, or use fewer anchors and aliases.' } : {}),
      },
    ])
  }

  const at = (path: FieldPath) => {
    let node: unknown = document.contents
    let offset = (node as { range?: [number] } | null)?.range?.[0] ?? 0
    for (const segment of path) {
      if (yaml.isMap(node)) {
        const pair = node.items.find((item) => yaml.isScalar(item.key) && item.key.value === segment)
        if (!pair) break
        offset = (pair.key as Yaml.Scalar).range?.[0] ?? offset
        node = pair.value
      } else if (yaml.isSeq(node) && typeof segment === 'number' && segment < node.items.length) {
        node = node.items[segment]
        offset = (node as { range?: [number] } | null)?.range?.[0] ?? offset
      } else break
    }
    return position(offset)
  }
  return Object.freeze({
    file,
    value,
    at,
    problem: (path: FieldPath, message: string, hint?: string): AgentFileProblem => ({
      file,
      ...at(path),
      field: path,
      message,
      ...(hint === undefined ? {} : { hint }),
    }),
  })
}
