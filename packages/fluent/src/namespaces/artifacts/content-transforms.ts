import { parseStateKey } from '../../parse/parse-state-key.js'
import { StateError } from '@adk-fluent/core'
import { renderStateValue } from '@adk-fluent/core/internal'
import { createStateTransform, type StateTransform } from '../state/state-transform.js'
import { parseCsvRows, toCsvText } from './csv-text.js'

import { formatArgument } from '../shared/format-argument.js'

type Convert = (value: unknown, key: string) => unknown

function contentTransform(
  factory: string,
  key: string,
  options: { readonly into?: string } | undefined,
  convert: Convert,
): StateTransform {
  parseStateKey(key, [`A.${factory}()`])
  const into = options?.into ?? key
  if (options?.into !== undefined) parseStateKey(into, [`A.${factory}()`])
  return createStateTransform({
    name: `${factory.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}_${key}`,
    description: `A.${factory}(${formatArgument(key)}${into === key ? '' : `, { into: ${formatArgument(into)} }`})`,
    reads: [key],
    writes: [into],
    apply: (state) => (key in state ? { [into]: convert(state[key], key) } : {}),
  })
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : renderStateValue(value)
}

/**
 * After `A.snapshot()`: parses the JSON text in `key` (into `into`, default the same key); absent keys are left
 * alone, text that is not JSON is a `StateError`.
 * @example A.snapshot('data.json', { intoKey: 'data' }) then A.asJson('data')
 */
export function asJson(key: string, options?: { readonly into?: string }): StateTransform {
  return contentTransform('asJson', key, options, (value) => {
    if (typeof value !== 'string') return value
    try {
      return JSON.parse(value)
    } catch (error) {
      throw new StateError(
        `A.asJson('${key}'): the value is not JSON (${(error as Error).message}). Snapshot a JSON artifact, or use A.asText().`,
      )
    }
  })
}

/**
 * After `A.snapshot()`: parses the CSV text in `key` into a list of records keyed by the header row.
 * @example A.asCsv('table')
 */
export function asCsv(key: string, options?: { readonly into?: string }): StateTransform {
  return contentTransform('asCsv', key, options, (value) => {
    const [header, ...rows] = parseCsvRows(text(value))
    if (!header) return []
    return rows.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])))
  })
}

/**
 * After `A.snapshot()`: the value in `key` as text (JSON for structured values, inline binary data decoded as UTF-8).
 * @example A.asText('notes')
 */
export function asText(key: string, options?: { readonly into?: string }): StateTransform {
  return contentTransform('asText', key, options, (value) => {
    const inline = value as { mimeType?: unknown; data?: unknown }
    if (
      typeof inline === 'object' &&
      inline !== null &&
      typeof inline.data === 'string' &&
      typeof inline.mimeType === 'string'
    ) {
      return Buffer.from(inline.data, 'base64').toString('utf8')
    }
    return text(value)
  })
}

/**
 * Before `A.publish()`: the value in `key` as pretty JSON text (2-space indent).
 * @example A.fromJson('findings') then A.publish('findings.json', { fromKey: 'findings', mime: 'application/json' })
 */
export function fromJson(key: string, options?: { readonly into?: string }): StateTransform {
  return contentTransform('fromJson', key, options, (value) => JSON.stringify(value, null, 2))
}

/**
 * Before `A.publish()`: a list of records (or rows) in `key` as CSV text with a header row; text stays as it is.
 * @example A.fromCsv('rows')
 */
export function fromCsv(key: string, options?: { readonly into?: string }): StateTransform {
  return contentTransform('fromCsv', key, options, (value) => {
    if (typeof value === 'string') return value
    if (!Array.isArray(value))
      throw new StateError(
        `A.fromCsv('${key}'): expected a list of records, got ${typeof value}. Store rows such as [{ name: 'a', score: 1 }].`,
      )
    return toCsvText(value)
  })
}

function markdown(value: unknown, depth: number): string {
  if (typeof value === 'string') return value
  if (Array.isArray(value))
    return value
      .map((item) => `- ${typeof item === 'object' && item !== null ? JSON.stringify(item) : text(item)}`)
      .join('\n')
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .map(([name, inner]) => `${'#'.repeat(Math.min(depth, 6))} ${name}\n\n${markdown(inner, depth + 1)}`)
      .join('\n\n')
  }
  return text(value)
}

/**
 * Before `A.publish()`: the value in `key` as Markdown: text as is, a list as `- item` lines, an object as one
 * `## key` section per field (nested objects one level deeper).
 * @example A.fromMarkdown('report')
 */
export function fromMarkdown(key: string, options?: { readonly into?: string }): StateTransform {
  return contentTransform('fromMarkdown', key, options, (value) => markdown(value, 2))
}
