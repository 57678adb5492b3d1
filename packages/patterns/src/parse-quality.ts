import { firstField, labelPattern, replyRecord } from './reply-fields.js'

/** The field names and text labels a numeric quality is looked up under, after the pattern's own quality key. */
export const qualityLabels: readonly string[] = Object.freeze(['quality', 'score', 'rating', 'grade'])

const numberPart = String.raw`(\d+(?:\.\d+)?|\.\d+)`
const scalePart = String.raw`(?:\s*(?:\/|out\s+of)\s*(\d+(?:\.\d+)?)|\s*(%))?`
const firstNumber = new RegExp(numberPart + scalePart, 'i')

/**
 * Reads a numeric quality from a reviewer's reply. The rules, in order:
 *
 * 1. A number is taken as it is.
 * 2. An object — a structured answer, or text that is a JSON object — gives the first field present among
 *    `labels` (matched case-insensitively), read by these same rules.
 * 3. Text gives the number after a label — the first of `labels`, in order, that the text has (`Score: 9/10`,
 *    `**Quality** = 0.85`, `rating of 4 out of 5`) — and without a label, the first number in the text. `N/M` and `N out of M` become `N ÷ M` (so `9/10` is `0.9`),
 *    `N%` becomes `N ÷ 100`; a bare number is taken as it is (`8` stays `8`, so pick a target on the reviewer's
 *    scale or ask it for a fraction or a percentage).
 * 4. Anything else, or text without a number, gives `undefined`.
 *
 * @param labels the field names and text labels to look for, most specific first (such as the quality key).
 * @example parseQuality('Score: 9/10. Tighten the intro.', ['quality', 'score']) // 0.9
 */
export function parseQuality(reply: unknown, labels: readonly string[]): number | undefined {
  return readQuality(reply, labels)?.value
}

/** A quality read from a reply: its value, and whether it was a bare number (no `/M`, `out of M` or `%`). */
export interface QualityReading {
  readonly value: number
  readonly bare: boolean
}

/** {@link parseQuality}, telling whether the number was bare (so on the reviewer's own scale). @internal */
export function readQuality(reply: unknown, labels: readonly string[]): QualityReading | undefined {
  if (typeof reply === 'number') return Number.isFinite(reply) ? { value: reply, bare: true } : undefined
  const record = replyRecord(reply)
  if (record) {
    const field = firstField(record, labels)
    return typeof field === 'number' || typeof field === 'string' ? readQuality(field, labels) : undefined
  }
  if (typeof reply !== 'string') return undefined
  const match = firstLabelled(reply, labels) ?? firstNumber.exec(reply)
  if (!match) return undefined
  return {
    value: scaledNumber(match[1] as string, match[2], match[3]),
    bare: match[2] === undefined && match[3] === undefined,
  }
}

/** The number after the first label (in the order given) that the text has. */
function firstLabelled(text: string, labels: readonly string[]): RegExpExecArray | null {
  for (const label of labels) {
    const match = new RegExp(
      String.raw`\b(?:${labelPattern(label)})\b[^\d\n.]{0,12}?` + numberPart + scalePart,
      'i',
    ).exec(text)
    if (match) return match
  }
  return null
}

function scaledNumber(value: string, denominator: string | undefined, percent: string | undefined): number {
  const number = Number(value)
  if (denominator !== undefined && Number(denominator) > 0) return number / Number(denominator)
  return percent === undefined ? number : number / 100
}
