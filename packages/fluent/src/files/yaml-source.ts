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

/**
 * Parses YAML `text` read from `file`. `lineOffset` shifts reported lines (front matter that starts below line 1).
 * Syntax errors, duplicate keys and tags that plain YAML cannot resolve (`!!python/object`) throw one
 * {@link AgentFileError} listing each with its line and column.
 */
export function parseYaml(text: string, file: string, lineOffset = 0): YamlSource {
  const yaml = loadYaml()
  const lineCounter = new yaml.LineCounter()
  const document = yaml.parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true })
  const position = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset)
    return { line: Math.max(line, 1) + lineOffset, column: Math.max(col, 1) }
  }
  const failures = [...document.errors, ...document.warnings].map((error) => {
    const { line, column } = position(error.pos[0])
    return { file, line, column, field: [], message: `YAML ${shortMessage(error.message)}.`.replace(/\.\.$/, '.') }
  })
  if (failures.length > 0) throw new AgentFileError(failures)
  const value: unknown = document.contents === null ? null : document.toJS({ maxAliasCount: 1000 })

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
