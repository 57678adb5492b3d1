import type { Stats } from './measure.js'

/** What "good enough" means for a row: a bound on ours / theirs, or on ours' median itself. */
export type Target =
  | { readonly kind: 'ratio'; readonly max: number }
  | { readonly kind: 'absolute'; readonly max: number }

/** One line of the results table. Figures are in `unit`. */
export interface ResultRow {
  readonly scenario: string
  readonly name: string
  readonly unit: string
  readonly ours?: Stats | undefined
  readonly theirs?: Stats | undefined
  readonly target?: Target | undefined
  /** ours / theirs when measured in pairs (median of the pair ratios); else the ratio of the medians is shown. */
  readonly ratio?: number | undefined
  /** Why a row is skipped, how it was measured, or why a target is missed. */
  readonly note?: string | undefined
}

export type Verdict = 'met' | 'MISSED' | '—'

/** ours / theirs: the paired ratio when measured so, else the ratio of the medians. */
export function ratio(row: ResultRow): number | undefined {
  if (row.ratio !== undefined) return row.ratio
  if (!row.ours || !row.theirs || row.theirs.median === 0) return undefined
  return row.ours.median / row.theirs.median
}

export function verdict(row: ResultRow): Verdict {
  if (!row.target || !row.ours) return '—'
  if (row.target.kind === 'absolute') return row.ours.median <= row.target.max ? 'met' : 'MISSED'
  const value = ratio(row)
  if (value === undefined) return '—'
  return value <= row.target.max ? 'met' : 'MISSED'
}

/** A number with about three significant digits. */
export function formatNumber(value: number): string {
  const magnitude = Math.abs(value)
  if (magnitude === 0) return '0'
  if (magnitude >= 100) return value.toFixed(0)
  if (magnitude >= 10) return value.toFixed(1)
  if (magnitude >= 1) return value.toFixed(2)
  if (magnitude >= 0.01) return value.toFixed(3)
  return value.toPrecision(2)
}

function formatStats(value: Stats | undefined, unit: string): string {
  if (!value) return 'n/a'
  return `${formatNumber(value.median)} ${unit} (${formatNumber(value.min)}–${formatNumber(value.max)})`
}

function formatTarget(row: ResultRow): string {
  if (!row.target) return ''
  return row.target.kind === 'ratio' ? `≤ ${row.target.max}` : `≤ ${formatNumber(row.target.max)} ${row.unit}`
}

/**
 * The columns. "theirs" is @google/adk 2.0.0 unless the case names the other side (`… vs <other>`): a peer framework
 * in the P rows, the core runner, hand construction (see {@link THEIRS}).
 */
const headers = ['', 'case', 'ours: median (min–max)', 'theirs: median (min–max)', 'ours/theirs', 'target', '']

/** What the "theirs" column holds, said once under the table's header. */
export const THEIRS =
  '"theirs" is `@google/adk` 2.0.0 unless the case names the other side ("… vs …"): the peer framework in the P rows, our core runner for fluent `.ask()`, hand construction in H.'

function cells(row: ResultRow): string[] {
  const value = ratio(row)
  return [
    row.scenario,
    row.name,
    formatStats(row.ours, row.unit),
    formatStats(row.theirs, row.unit),
    value === undefined ? '' : formatNumber(value),
    formatTarget(row),
    verdict(row) === '—' ? '' : verdict(row),
  ]
}

/** The table as Markdown (its first line is the header: {@link tableHeader}). */
export function tableHeader(): string {
  return `| ${headers.join(' | ')} |`
}

export function markdownTable(rows: readonly ResultRow[]): string {
  const escape = (text: string) => text.replaceAll('|', '\\|')
  const lines = [tableHeader(), `|${headers.map(() => '---').join('|')}|`]
  for (const row of rows) lines.push(`| ${cells(row).map(escape).join(' | ')} |`)
  return lines.join('\n')
}

/** The table as aligned plain text, for the terminal. */
export function textTable(rows: readonly ResultRow[]): string {
  const table = [headers, ...rows.map(cells)]
  const widths = headers.map((_, column) => Math.max(...table.map((line) => (line[column] ?? '').length)))
  return table
    .map((line) =>
      line
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

/** Notes of the rows that have one, as a Markdown list. */
export function notes(rows: readonly ResultRow[]): string[] {
  return rows.filter((row) => row.note).map((row) => `- **${row.scenario} ${row.name}**: ${row.note}`)
}

/** Why a per-turn ratio can still miss 0.2 (from CPU profiles of ours); shown only on a miss. */
export const TURN_COST_NOTE =
  'CPU profiles of ours show no single hot spot left: about 30 % of a turn is garbage collection (async-generator frames and promises of the 6–7 nested generators an event passes through, and the per-request copies of the contents), the rest spread over request building, events and the session.'
