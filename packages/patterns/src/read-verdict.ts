import { firstField, labelPattern, replyRecord } from './reply-fields.js'

const emphasis = /[*`]+/g
const decoration = /^[\s_#>"'“”‘’]+|[\s_"'“”‘’]+$/g

/**
 * Reads a verdict (such as `approved` or `good`) from a reviewer's reply: a string, number or boolean as its text;
 * an object (structured answer, or text that is a JSON object) by the first field present among `labels`; text by
 * the value of a `label: value` line (`Verdict: approved`; labels tried in order), else by its first non-empty
 * line. Markdown emphasis and surrounding quotes are removed (`**Approved.** Ship it.` → `Approved. Ship it.`).
 * `undefined` when there is nothing to read.
 * @example readVerdict('**Verdict:** Approved\nNice work.', ['verdict']) // 'Approved'
 */
export function readVerdict(reply: unknown, labels: readonly string[]): string | undefined {
  if (typeof reply === 'number' || typeof reply === 'boolean') return String(reply)
  const record = replyRecord(reply)
  if (record) {
    const field = firstField(record, labels)
    return typeof field === 'string' || typeof field === 'number' || typeof field === 'boolean'
      ? readVerdict(field, labels)
      : undefined
  }
  if (typeof reply !== 'string') return undefined
  const line = labelledLine(reply, labels) ?? reply.split('\n').find((candidate) => candidate.trim().length > 0)
  const verdict = line?.replace(emphasis, '').replace(decoration, '')
  return verdict ? verdict : undefined
}

/**
 * True when `verdict` says `expected`: equal ignoring case, or starting with it followed by the end of a clause
 * (`.`, `,`, `;`, `:`, `!`, a dash or a line break), so `Approved. Ship it.` says `approved` but `Approved?`,
 * `Not approved` and `Good enough? No.` do not say `approved` / `good`.
 * @example verdictMatches('Good — minor nits only', 'good') // true
 */
export function verdictMatches(verdict: string, expected: string): boolean {
  const text = verdict.replace(emphasis, '').replace(decoration, '').toLowerCase()
  const wanted = expected.trim().toLowerCase()
  if (wanted.length === 0 || !text.startsWith(wanted)) return false
  const rest = text.slice(wanted.length)
  return /^\s*$|^\s*[.,;:!\n—–]|^\s+-/.test(rest)
}

/** The value of the first `label: value` line, trying `labels` in order. */
function labelledLine(text: string, labels: readonly string[]): string | undefined {
  for (const label of labels) {
    const match = new RegExp(String.raw`^[\s*_#>-]*(?:${labelPattern(label)})[\s*_]*[:=][\s*_]*(.+)$`, 'im').exec(text)
    if (match) return match[1] as string
  }
  return undefined
}
