import { AdkFluentError, ConfigError, type IssueCode } from '@adk-fluent/core'
import { similarKey } from '../check/similar-key.js'
import type { AgentFileProblem } from './agent-file-error.js'
import type { FieldPath, YamlSource } from './yaml-source.js'

/** A plain YAML mapping. */
export type YamlRecord = Readonly<Record<string, unknown>>

/** True for a YAML mapping (not a list, not a scalar). */
export function isYamlRecord(value: unknown): value is YamlRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function kindOf(value: unknown): string {
  if (value === null || value === undefined) return 'nothing'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a mapping'
  return `${typeof value} ${JSON.stringify(value)}`
}

/**
 * Reads typed fields out of one YAML document and records every problem (with its line and column) instead of
 * stopping at the first, so one error lists all of a file's mistakes. @internal
 */
export class FieldReader {
  readonly source: YamlSource
  readonly problems: AgentFileProblem[]

  constructor(source: YamlSource, problems: AgentFileProblem[]) {
    this.source = source
    this.problems = problems
  }

  /** Records a problem at `path`; returns `undefined` so callers can `return reader.fail(...)`. */
  fail(path: FieldPath, message: string, hint?: string, code?: IssueCode): undefined {
    const problem = this.source.problem(path, message, hint)
    this.problems.push(code === undefined ? problem : { ...problem, code })
    return undefined
  }

  /** Runs a builder step; a `ConfigError` it throws becomes a problem at `path` (its issues' messages). */
  attempt<T>(path: FieldPath, step: () => T): T | undefined {
    try {
      return step()
    } catch (error) {
      if (!(AdkFluentError.isInstance(error) && ConfigError.isConfigError(error))) throw error
      const issues = (error as ConfigError).issues
      for (const issue of issues) this.fail(path, issue.message, issue.hint, issue.code)
      return undefined
    }
  }

  /** Every key of `record` that `allowed` does not name is a problem (with the closest allowed name, if any). */
  onlyKnown(record: YamlRecord, path: FieldPath, allowed: readonly string[], what: string, explain = ''): void {
    for (const key of Object.keys(record)) {
      if (allowed.includes(key)) continue
      const close = similarKey(key, allowed)
      this.fail(
        [...path, key],
        `field "${key}" is not part of ${what}${explain}.`,
        close ? `Did you mean "${close}"?` : `Its fields: ${allowed.join(', ')}.`,
      )
    }
  }

  string(record: YamlRecord, path: FieldPath, key: string, required = false): string | undefined {
    const value = record[key]
    if (value === undefined || value === null) {
      return required
        ? this.fail([...path, key], `the required field "${key}" is missing.`, `Add ${key}: <text>.`)
        : undefined
    }
    if (typeof value !== 'string') return this.fail([...path, key], `expected text, got ${kindOf(value)}.`)
    return value
  }

  /**
   * A model name: text without whitespace, control characters, `?`, `#`, `%`, `\\` or a `.`/`..` path segment (a name
   * becomes part of a model request's URL, so a file cannot point that request elsewhere).
   */
  modelName(record: YamlRecord, path: FieldPath, key: string): string | undefined {
    const value = this.string(record, path, key)
    if (value === undefined) return undefined
    if (
      /[\s\u0000-\u001F\u007F-\u009F?#%\\]/.test(value) ||
      value.split('/').some((part) => part === '.' || part === '..')
    )
      return this.fail(
        [...path, key],
        `${JSON.stringify(value)} is not a model name: it has a space, a control character, ?, #, %, \\ or a . or .. segment.`,
        'Write a name such as gemini-2.5-flash.',
      )
    return value
  }

  boolean(record: YamlRecord, path: FieldPath, key: string): boolean | undefined {
    const value = record[key]
    if (value === undefined || value === null) return undefined
    if (typeof value !== 'boolean') return this.fail([...path, key], `expected true or false, got ${kindOf(value)}.`)
    return value
  }

  integer(record: YamlRecord, path: FieldPath, key: string, minimum: number): number | undefined {
    const value = record[key]
    if (value === undefined || value === null) return undefined
    if (typeof value !== 'number' || !Number.isInteger(value) || value < minimum) {
      return this.fail([...path, key], `expected a whole number >= ${minimum}, got ${kindOf(value)}.`)
    }
    return value
  }

  list(record: YamlRecord, path: FieldPath, key: string): readonly unknown[] | undefined {
    const value = record[key]
    if (value === undefined || value === null) return undefined
    if (!Array.isArray(value)) return this.fail([...path, key], `expected a list, got ${kindOf(value)}.`)
    return value
  }

  record(value: unknown, path: FieldPath, example: string): YamlRecord | undefined {
    if (isYamlRecord(value)) return value
    return this.fail(path, `expected a mapping, got ${kindOf(value)}.`, `For example ${example}.`)
  }
}
