import { findCards, findPhones } from './pii-numbers.js'
import { findAcross, findInText, type GuardSpan } from './scan-text.js'

/** The personal data `G.pii` finds. */
export type PiiKind = 'email' | 'phone' | 'card' | 'iban' | 'us_ssn' | 'uk_nino' | 'es_dni'

/** Every kind, in the order they are looked for (numbers with a checksum before the looser phone pattern). */
export const piiKinds: readonly PiiKind[] = Object.freeze([
  'email',
  'card',
  'iban',
  'us_ssn',
  'uk_nino',
  'es_dni',
  'phone',
])

/** ISO 13616 IBAN check: 15 to 34 letters and digits whose rearranged number modulo 97 is 1. */
function ibanChecksum(candidate: string): boolean {
  const iban = candidate.replace(/[\s-]/g, '').toUpperCase()
  if (iban.length < 15 || iban.length > 34 || !/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const char of rearranged) {
    const code = char.charCodeAt(0)
    const value = code >= 65 ? code - 55 : code - 48
    remainder = (value > 9 ? remainder * 100 + value : remainder * 10 + value) % 97
  }
  return remainder === 1
}

const ibanStart = /\b[A-Za-z]{2}\d{2}/g
const alphanumeric = /[A-Za-z0-9]/
const wordChar = /\w/

/**
 * IBANs: from each `XXnn` that starts a word, the words of letters and digits that follow it, joined by single spaces
 * or dashes (at most 34 letters and digits); the longest run of whole words that passes mod-97 is one. Each start
 * looks at no more than 34 characters of words: no pattern that backtracks.
 */
function findIbans(text: string): GuardSpan[] {
  const spans: GuardSpan[] = []
  ibanStart.lastIndex = 0
  for (let found = ibanStart.exec(text); found; found = ibanStart.exec(text)) {
    const start = found.index
    let at = start
    let count = 0
    let best = -1
    while (at < text.length && count <= 34) {
      let end = at
      while (end < text.length && end - at <= 34 && alphanumeric.test(text[end] as string)) end++
      if (end === at || (end < text.length && wordChar.test(text[end] as string))) break
      count += end - at
      if (count > 34) break
      if (count >= 15 && ibanChecksum(text.slice(start, end))) best = end
      const separator = text[end]
      if ((separator !== ' ' && separator !== '-') || !alphanumeric.test(text[end + 1] ?? '')) break
      at = end + 1
    }
    if (best > 0) {
      spans.push({ start, end: best, kind: 'iban' })
      ibanStart.lastIndex = best
    }
  }
  return spans
}

/** Spanish DNI: the letter is the number modulo 23 in a fixed table. */
const dniValid = (match: string) =>
  'TRWAGMYFPDXBNJZSQVHLCKE'[Number(match.slice(0, 8)) % 23] === match[8]?.toUpperCase()

/** Every match of a fixed-length pattern that `valid` accepts. */
function matches(text: string, pattern: RegExp, kind: PiiKind, valid: (match: string) => boolean = () => true) {
  const spans: GuardSpan[] = []
  for (const found of text.matchAll(pattern))
    if (valid(found[0])) spans.push({ start: found.index, end: found.index + found[0].length, kind })
  return spans
}

/** Characters of an email's local part and domain. */
const emailChar = /[A-Za-z0-9._%+-]/
const domainChar = /[A-Za-z0-9.-]/
const wholeEmail = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/

/** Emails, found from each `@` outwards (a regex starting with a character class would try every position). */
function findEmails(text: string): GuardSpan[] {
  const spans: GuardSpan[] = []
  let floor = 0
  for (let at = text.indexOf('@'); at >= 0; ) {
    let start = at
    while (start > floor && emailChar.test(text[start - 1] as string)) start--
    let end = at + 1
    while (end < text.length && domainChar.test(text[end] as string)) end++
    while (end > at + 1 && !/[A-Za-z]/.test(text[end - 1] as string)) end--
    if (start < at && wholeEmail.test(text.slice(start, end))) {
      spans.push({ start, end, kind: 'email' })
      floor = end
    }
    at = text.indexOf('@', Math.max(end, at + 1))
  }
  return spans
}

/** The kinds found by a pattern of letters and digits over the whole text. */
const wordKinds: Readonly<Record<'iban' | 'uk_nino' | 'es_dni' | 'email', (text: string) => GuardSpan[]>> = {
  email: (text) => (text.includes('@') ? findEmails(text) : []),
  iban: (text) => (/[A-Za-z]{2}\d{2}/.test(text) ? findIbans(text) : []),
  uk_nino: (text) =>
    matches(
      text,
      /\b(?![DFIQUV])[A-CEGHJ-PR-TW-Z](?![DFIQUVO])[A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b/g,
      'uk_nino',
    ),
  es_dni: (text) => matches(text, /\b\d{8}[A-HJ-NP-TV-Z]\b/gi, 'es_dni', dniValid),
}

/**
 * A run of at least 9 digits (the fewest a card, an SSN or a phone number has) with up to two separators between
 * digits, from the first digit of a number (a regex that starts with a digit is scanned for fast); {@link runStart} adds
 * the number's `+` or opening parenthesis before it. The number kinds are looked for only inside such runs.
 */
const digitRun = /\d(?<!\d\d)(?:[ ().-]{0,2}\d){8,}\)?/g

/** The start of a run's prefix: `+`, `+ `, `(`, `(+` or `(+ ` right before `at`, not before `floor`. */
function runStart(text: string, at: number, floor: number): number {
  let start = at
  if (start - 2 >= floor && text[start - 1] === ' ' && text[start - 2] === '+') start -= 2
  else if (start - 1 >= floor && text[start - 1] === '+') start -= 1
  if (start - 1 >= floor && text[start - 1] === '(') start -= 1
  // A prefix right after a digit (`2+3`) is arithmetic, not the number's own.
  return start < at && start > floor && /\d/.test(text[start - 1] as string) ? at : start
}

const ssn = /\b(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}\b/g

/** `text` with each span (in order, not overlapping) replaced by as many characters no pattern takes. */
function masked(text: string, spans: readonly GuardSpan[]): string {
  if (spans.length === 0) return text
  let result = ''
  let copied = 0
  for (const span of spans) {
    result += text.slice(copied, span.start) + '\u0001'.repeat(span.end - span.start)
    copied = span.end
  }
  return result + text.slice(copied)
}

/** Cards, SSNs and phone numbers inside one run (its text alone), in the order of `kinds`, each on what the others left. */
function findInRun(run: string, kinds: readonly PiiKind[]): GuardSpan[] {
  const spans: GuardSpan[] = []
  let left = run
  for (const kind of kinds) {
    const found =
      kind === 'card'
        ? findCards(left, 0, left.length)
        : kind === 'us_ssn'
          ? matches(left, ssn, 'us_ssn')
          : findPhones(left, 0, left.length)
    spans.push(...found)
    left = masked(left, found)
  }
  return spans
}

const shift = (span: GuardSpan, by: number): GuardSpan => ({ ...span, start: span.start + by, end: span.end + by })

/**
 * Where the `kinds` of personal data are in `text` as it is (see `findPii` for the text as a guard reads it): letter
 * and digit kinds first (an IBAN's digits must not be taken for a phone number), then cards, SSNs and phone numbers
 * inside runs of digits. What one kind found is masked for the next. Linear in the text: every pattern has bounded
 * work per position.
 */
export function findPiiAsWritten(text: string, kinds: readonly PiiKind[]): GuardSpan[] {
  const spans: GuardSpan[] = []
  let left = text
  for (const kind of kinds) {
    if (!(kind in wordKinds)) continue
    const found = wordKinds[kind as keyof typeof wordKinds](left)
    spans.push(...found)
    left = masked(left, found)
  }
  const numberKinds = kinds.filter((kind) => kind === 'card' || kind === 'us_ssn' || kind === 'phone')
  if (numberKinds.length > 0 && /\d/.test(left)) {
    let floor = 0
    digitRun.lastIndex = 0
    for (let found = digitRun.exec(left); found; found = digitRun.exec(left)) {
      const end = found.index + found[0].length
      const start = runStart(left, found.index, floor)
      for (const span of findInRun(left.slice(start, end), numberKinds)) spans.push(shift(span, start))
      floor = end
    }
  }
  return spans.sort((a, b) => a.start - b.start)
}

/**
 * Where the `kinds` of personal data are in `text`, read as a guard reads it (`readText`: invisible characters left
 * out, digits of every script, full-width forms and look-alike letters as ASCII), placed on the text as written.
 */
export function findPii(text: string, kinds: readonly PiiKind[]): GuardSpan[] {
  return findInText(text, (read) => findPiiAsWritten(read, kinds))
}

/**
 * Finds the `kinds` of personal data in `text` (see {@link findPii}): counts by kind, and the text with each finding
 * replaced by `[REDACTED:<kind>]`. `undefined` when nothing was found.
 */
export function scanPii(
  text: string,
  kinds: readonly PiiKind[],
): { readonly found: Record<string, number>; readonly redacted: string } | undefined {
  const finding = findAcross([text], [], (read) => findPii(read, kinds))
  return finding && { found: finding.found, redacted: finding.texts[0] as string }
}
