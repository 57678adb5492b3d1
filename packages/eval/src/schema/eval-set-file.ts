import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { ConfigError } from '@adk-fluent/core'
import { evalSetSpec } from './eval-set-specs.js'
import { convertLegacyEvalSet } from './legacy-formats.js'
import { readValue, writeValue, type ReadIssue } from './model.js'
import type { EvalSet } from './types.js'

/** Where an eval set came from, for messages, and the id the old list formats get (ADK: the path as typed). */
export interface ParseEvalSetOptions {
  /** The file name used in error messages (default `eval set`). */
  readonly source?: string
  /** The id of an eval set in one of the old list formats (default: `source`). */
  readonly evalSetId?: string
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function caseLabel(raw: Record<string, unknown>, path: string): string {
  const index = /^eval_cases\[(\d+)\]/.exec(path)?.[1]
  if (index === undefined) return ''
  const cases = raw['eval_cases']
  const item = Array.isArray(cases) ? cases[Number(index)] : undefined
  const id = isRecord(item) ? (item['eval_id'] ?? item['evalId']) : undefined
  return typeof id === 'string' ? `eval case "${id}": ` : `eval case #${index}: `
}

function fail(source: string, issues: readonly ReadIssue[], raw: unknown): never {
  const label = (issue: ReadIssue) =>
    `${isRecord(raw) ? caseLabel(raw, issue.path) : ''}${issue.path ? `${issue.path}: ` : ''}${issue.message}`
  throw new ConfigError(issues.map((issue) => ({ code: 'eval_set_invalid', path: [source], message: label(issue) })))
}

function checkConversations(set: EvalSet, issues: ReadIssue[]): void {
  set.evalCases.forEach((evalCase, index) => {
    if ((evalCase.conversation === undefined) === (evalCase.conversationScenario === undefined)) {
      issues.push({
        path: `eval_cases[${index}]`,
        message: 'needs exactly one of conversation and conversation_scenario',
      })
    }
  })
}

/**
 * Reads an eval set from parsed JSON the way ADK's loader does: the current format (snake_case top level; both
 * casings below it; `null` read as absent; unknown keys kept), else one of the two old list formats, converted.
 * Problems throw a {@link ConfigError} naming the source, the case and the field
 * (`eval_cases[2].conversation[0].user_content: expected object, got string "hi"`).
 */
export function parseEvalSet(raw: unknown, options: ParseEvalSetOptions = {}): EvalSet {
  const source = options.source ?? 'eval set'
  const issues: ReadIssue[] = []
  if (Array.isArray(raw)) {
    const set = convertLegacyEvalSet(raw, options.evalSetId ?? source, issues)
    if (issues.length > 0) fail(source, issues, raw)
    return set
  }
  if (!isRecord(raw)) fail(source, [{ path: '', message: 'expected an eval set object (or an old-format list)' }], raw)
  if (!('eval_set_id' in raw) && ('evalSetId' in raw || 'evalCases' in raw)) {
    fail(
      source,
      [
        {
          path: '',
          message:
            'the top level of an eval set is snake_case in ADK (eval_set_id, eval_cases, creation_timestamp); camelCase keys (evalSetId, evalCases) are accepted only below it, so ADK rejects this file too',
        },
      ],
      raw,
    )
  }
  const set = readValue(raw, evalSetSpec, '', issues) as EvalSet
  if (issues.length === 0) checkConversations(set, issues)
  if (issues.length > 0) fail(source, issues, raw)
  return set
}

/** Reads and parses an eval-set file (see {@link parseEvalSet}); the path as given is the id of an old-format set. */
export function readEvalSetFile(path: string, options: ParseEvalSetOptions = {}): EvalSet {
  const source = options.source ?? path
  let text: string
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory())
    throw new ConfigError([
      {
        code: 'file_unreadable',
        path: [],
        message: `${source} is a directory:`,
        hint: 'pass an eval set file in it (…/name.evalset.json).',
      },
    ])
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new ConfigError(
      [
        {
          code: 'file_unreadable',
          path: [source],
          message: `cannot read the eval set (${(error as Error).message})`,
          hint: 'Check that the file exists and is readable.',
        },
      ],
      { cause: error },
    )
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    throw new ConfigError([
      {
        code: 'json_invalid',
        path: [source],
        message: `not valid JSON (${(error as Error).message})`,
        hint: 'Fix the JSON of the eval set file.',
      },
    ])
  }
  return parseEvalSet(raw, { source, evalSetId: options.evalSetId ?? path })
}

/** The eval set as current ADK writes it: snake_case, `null`s and defaults left out (a JSON-ready object). */
export function evalSetToJson(set: EvalSet): Record<string, unknown> {
  return writeValue(set, evalSetSpec) as Record<string, unknown>
}

/** Writes an eval set file like ADK's `LocalEvalSetsManager` (2-space indent, snake_case, no nulls or defaults). */
export function writeEvalSetFile(path: string, set: EvalSet): void {
  writeFileSync(path, `${JSON.stringify(evalSetToJson(set), null, 2)}\n`)
}
