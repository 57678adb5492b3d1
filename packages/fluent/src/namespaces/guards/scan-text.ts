/** Where a guard found something in a text: `[start, end)` in the text as written, and what it found. */
export interface GuardSpan {
  readonly start: number
  readonly end: number
  /** The kind (`card`, `email`, …) or the guard's name. */
  readonly kind: string
}

/** A text as a guard reads it, and for each of its characters where it came from in the text as written. */
interface ReadText {
  readonly text: string
  /** Start and end (exclusive) in the text as written of each character of `text`; absent when the two are equal. */
  readonly from?: { readonly starts: Int32Array; readonly ends: Int32Array }
}

/** Characters nobody sees: format characters (zero-width spaces and joiners, bidi controls, soft hyphens) and variation selectors. */
const invisible = /^[\p{Cf}\uFE00-\uFE0F\u{E0100}-\u{E01EF}]$/u
const decimalDigit = /^\p{Nd}$/u
const spaceLike = /^[\p{Zs}]$/u
const dashLike = /^[\p{Pd}\u2212]$/u

/**
 * Latin letters' look-alikes in Cyrillic and Greek (the ones that pass for Latin in a word: `раypal`, `Ρassword`). Kept
 * to letters that are drawn the same in common fonts, so that Cyrillic and Greek text stays mostly itself.
 */
const lookAlikes: Readonly<Record<string, string>> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  Ѕ: 'S',
  І: 'I',
  Ј: 'J',
  Ԛ: 'Q',
  Ԝ: 'W',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  ο: 'o',
  ν: 'v',
  ι: 'i',
}

/** The value of a decimal digit of any script: its distance from the zero of its block of ten. */
function digitValue(codePoint: number): number {
  let zero = codePoint
  while (zero > codePoint - 9 && decimalDigit.test(String.fromCodePoint(zero - 1))) zero--
  return (codePoint - zero) % 10
}

const readCache = new Map<number, string>()

/** How a guard reads one character (not ASCII): `''` when invisible, else its NFKC form with look-alikes folded. */
function readCharacter(codePoint: number): string {
  let read = readCache.get(codePoint)
  if (read !== undefined) return read
  const char = String.fromCodePoint(codePoint)
  if (invisible.test(char)) read = ''
  else if (decimalDigit.test(char)) read = String(digitValue(codePoint))
  else if (spaceLike.test(char)) read = ' '
  else if (dashLike.test(char)) read = '-'
  else read = [...char.normalize('NFKC')].map((part) => lookAlikes[part] ?? part).join('')
  if (readCache.size < 20_000) readCache.set(codePoint, read)
  return read
}

const ascii = /^[\u0000-\u007f]*$/
/** What may be an escape a guard reads through: `%40`, `&#64;`, `&#x40;`. */
const escapeLike = /%[0-9A-Fa-f]{2}|&#/
const percent = /%([0-9A-Fa-f]{2})/y
const entity = /&#(?:([0-9]{1,7})|[xX]([0-9A-Fa-f]{1,6}));/y

/** The escape at `at` (`%XX` of a printable ASCII character, or an HTML character reference): its length and code point. */
function escapeAt(text: string, at: number): { readonly length: number; readonly codePoint: number } | undefined {
  const pattern = text[at] === '%' ? percent : text[at] === '&' ? entity : undefined
  if (!pattern) return undefined
  pattern.lastIndex = at
  const found = pattern.exec(text)
  if (!found) return undefined
  const codePoint =
    pattern === percent
      ? parseInt(found[1] as string, 16)
      : found[1]
        ? Number(found[1])
        : parseInt(found[2] as string, 16)
  if (pattern === percent ? codePoint < 0x20 || codePoint > 0x7e : codePoint > 0x10ffff) return undefined
  return { length: found[0].length, codePoint }
}

/**
 * `text` as a guard reads it: invisible characters (zero-width, bidi, soft hyphens) left out, every decimal digit as
 * its ASCII digit (full-width `４`, Arabic-Indic `٤`, `𝟒`), every space as a space and dash as `-`, compatibility
 * forms as NFKC gives them (`＠` → `@`, `ﬁ` → `fi`), Cyrillic or Greek look-alikes of Latin letters as those letters,
 * and percent escapes of printable ASCII (`%40`) and HTML character references (`&#64;`, `&#x40;`) as the characters
 * they stand for. ASCII text without escapes is read as it is, at no cost. One pass, no backtracking.
 */
export function readText(text: string): ReadText {
  if (ascii.test(text) && !escapeLike.test(text)) return { text }
  let read = ''
  const starts: number[] = []
  const ends: number[] = []
  for (let at = 0; at < text.length; ) {
    const escape = escapeAt(text, at)
    const codePoint = escape ? escape.codePoint : (text.codePointAt(at) as number)
    const width = escape ? escape.length : codePoint > 0xffff ? 2 : 1
    const chars = codePoint < 0x80 ? String.fromCharCode(codePoint) : readCharacter(codePoint)
    for (let index = 0; index < chars.length; index++) {
      starts.push(at)
      ends.push(at + width)
    }
    read += chars
    at += width
  }
  return { text: read, from: { starts: Int32Array.from(starts), ends: Int32Array.from(ends) } }
}

/**
 * Where in `text` the last `count` characters of it as a guard reads it begin (`0` when it reads shorter): what a
 * stream holds back so that a finding written with invisible characters or escapes between its characters is held
 * back whole.
 */
export function startOfLast(text: string, count: number): number {
  const read = readText(text)
  if (read.text.length <= count) return 0
  return read.from ? (read.from.starts[read.text.length - count] as number) : text.length - count
}

/** Spans in order, overlapping or touching ones of the same finding merged (the first's kind kept). */
export function mergeSpans(spans: readonly GuardSpan[]): GuardSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end)
  const merged: GuardSpan[] = []
  for (const span of sorted) {
    const last = merged[merged.length - 1]
    if (last && span.start < last.end) {
      if (span.end > last.end) merged[merged.length - 1] = { ...last, end: span.end }
    } else merged.push(span)
  }
  return merged
}

/**
 * The spans `find` reports in `text` as a guard reads it (see {@link readText}), placed on the text as written; with
 * `asWritten`, also those it finds in the text as written (for patterns of the user's own, which may be written for
 * the characters as they are). Merged, in order.
 */
export function findInText(text: string, find: (text: string) => readonly GuardSpan[], asWritten = false): GuardSpan[] {
  const read = readText(text)
  const found = find(read.text)
  const from = read.from
  if (!from) return mergeSpans(found)
  const placed = found
    .filter((span) => span.end > span.start)
    .map((span) => ({
      start: from.starts[span.start] as number,
      end: from.ends[span.end - 1] as number,
      kind: span.kind,
    }))
  return mergeSpans(asWritten ? [...placed, ...find(text)] : placed)
}

/** What findings over several texts read as one came to. */
export interface FoundAcross {
  /** Counts by kind (every kind as `countAs` when given): a finding that runs over several texts counts once. */
  readonly found: Readonly<Record<string, number>>
  /** Each text with the part of every finding it holds taken out; the first text a finding touches holds its mark. */
  readonly texts: readonly string[]
}

/**
 * Runs `find` over `texts` joined into one (each pair joined by its `joiners` entry: `''` between the parts of one
 * message, `' '` between messages), so that a finding split over parts or messages is found whole (a card number sent
 * as `'4111 1111'` and `'1111 1111'`), and redacts it as `[REDACTED:<kind>]` in the first text it touches, its rest
 * taken out of the others. `undefined` when nothing was found.
 */
export function findAcross(
  texts: readonly string[],
  joiners: readonly string[],
  find: (text: string) => readonly GuardSpan[],
  countAs?: string,
): FoundAcross | undefined {
  const offsets: number[] = []
  let joined = ''
  texts.forEach((text, index) => {
    if (index > 0) joined += joiners[index - 1] ?? ''
    offsets.push(joined.length)
    joined += text
  })
  const spans = find(joined)
  if (spans.length === 0) return undefined
  const found: Record<string, number> = {}
  for (const span of spans) found[countAs ?? span.kind] = (found[countAs ?? span.kind] ?? 0) + 1
  const marked = new Set<GuardSpan>()
  const rewritten = texts.map((text, index) => {
    const from = offsets[index] as number
    const to = from + text.length
    let result = ''
    let copied = from
    for (const span of spans) {
      if (span.end <= from || span.start >= to) continue
      result += joined.slice(copied, Math.max(span.start, from))
      if (!marked.has(span)) result += `[REDACTED:${span.kind}]`
      marked.add(span)
      copied = Math.min(span.end, to)
    }
    return copied === from ? text : result + joined.slice(copied, to)
  })
  return { found, texts: rewritten }
}
