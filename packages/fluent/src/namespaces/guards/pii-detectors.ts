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

/**
 * What a detector finds: the match replaced whole, or (`valid` returning a length) only its first `length` characters,
 * the rest left as text (a card number followed by its security code, an IBAN followed by a word).
 */
interface Detector {
  readonly pattern: RegExp
  /**
   * A checksum or shape test on the match: `true` for all of it, a number for the length of its valid start, `false`
   * when none of it counts; without one every match counts.
   */
  readonly valid?: (match: string) => boolean | number
}

const digitsOf = (text: string): string => text.replace(/\D/g, '')

/** Luhn checksum (payment cards). */
function luhn(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** ISO 13616 IBAN check: 15 to 34 letters and digits whose rearranged number modulo 97 is 1. */
function ibanChecksum(match: string): boolean {
  const iban = match.replace(/[\s-]/g, '').toUpperCase()
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

/**
 * The longest start of `match`, cut only at a separator (so a number is never split inside a group), that passes
 * `test`: `true` when all of it does, its length when a start does, `false` when none.
 */
function validStart(match: string, test: (candidate: string) => boolean): boolean | number {
  if (test(match)) return true
  for (let end = match.search(/[ -][^ -]*$/); end > 0; end = match.slice(0, end).search(/[ -][^ -]*$/)) {
    if (test(match.slice(0, end))) return end
  }
  return false
}

/** A card number as written: 13 to 19 digits, ungrouped, in groups of four, or Amex's 4-6-5; Luhn-valid. */
function cardValid(candidate: string): boolean {
  const digits = digitsOf(candidate)
  if (digits.length < 13 || digits.length > 19 || !luhn(digits)) return false
  return (
    /^\d+$/.test(candidate) ||
    /^\d{4}(?:[ -]\d{4})*(?:[ -]\d{1,4})?$/.test(candidate) ||
    /^\d{4}[ -]\d{6}[ -]\d{5}$/.test(candidate)
  )
}

/** Spanish DNI: the letter is the number modulo 23 in a fixed table. */
function dniValid(match: string): boolean {
  const number = Number(match.slice(0, 8))
  return 'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23] === match[8]?.toUpperCase()
}

/** A phone number: 9 to 15 digits with its `+` and parentheses; a closing parenthesis it did not open is left out. */
function phoneValid(match: string): boolean | number {
  const count = digitsOf(match).length
  if (count < 9 || count > 15) return false
  const opened = match.split('(').length - 1
  const closed = match.split(')').length - 1
  return match.endsWith(')') && closed > opened ? match.length - 1 : true
}

const detectors: Readonly<Record<PiiKind, Detector>> = {
  email: { pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g },
  card: { pattern: /\b\d(?:[ -]?\d){12,}\b/g, valid: (match) => validStart(match, cardValid) },
  // Letters in any case: a country code, check digits, then the account's letters and digits in groups.
  iban: {
    pattern: /\b[A-Za-z]{2}\d{2}(?:[ -]?[A-Za-z0-9]{1,4}){3,9}\b/g,
    valid: (match) => validStart(match, ibanChecksum),
  },
  us_ssn: {
    pattern: /\b(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}\b/g,
  },
  uk_nino: { pattern: /\b(?![DFIQUV])[A-CEGHJ-PR-TW-Z](?![DFIQUVO])[A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b/g },
  es_dni: { pattern: /\b\d{8}[A-HJ-NP-TV-Z]\b/gi, valid: dniValid },
  // Inside a run: the number with its country code's `+` and an area code in parentheses.
  phone: { pattern: /(?<![\w+(])\(?(?:\+ ?)?\d(?:[ ().-]{0,2}\d)*\)?/g, valid: phoneValid },
}

/** A cheap pre-test per kind: text without it cannot hold that kind. */
const needs: Readonly<Record<PiiKind, RegExp>> = {
  email: /@/,
  card: /\d{4}/,
  iban: /[A-Za-z]{2}\d{2}/,
  us_ssn: /\d-\d/,
  uk_nino: /[A-Z]{2} ?\d{2}/,
  es_dni: /\d{8}[A-Za-z]/,
  // Phone numbers are looked for only inside runs of 9 or more digits.
  phone: /\d/,
}

/** Kinds found inside runs of digits and separators (scanned only within such runs, after every other kind). */
const digitKinds: ReadonlySet<PiiKind> = new Set<PiiKind>(['card', 'us_ssn', 'phone'])

/**
 * A run of at least 9 digits (the fewest a card, an SSN or a phone number has) with up to two separators between
 * digits, from the first digit of a number (a regex that starts with a digit is scanned for fast); {@link replaceRuns}
 * adds the number's `+` or opening parenthesis before it, so no prefix is left behind. The number kinds are looked
 * for only inside such runs.
 */
const digitRun = /\d(?<!\d\d)(?:[ ().-]{0,2}\d){8,}\)?/g

/** The start of a run's prefix: `+`, `+ `, `(`, `(+` or `(+ ` right before `at`, not before `floor`. */
function prefixStart(text: string, at: number, floor: number): number {
  let start = at
  if (start - 2 >= floor && text[start - 1] === ' ' && text[start - 2] === '+') start -= 2
  else if (start - 1 >= floor && text[start - 1] === '+') start -= 1
  if (start - 1 >= floor && text[start - 1] === '(') start -= 1
  // A prefix right after a digit (`2+3`) is arithmetic, not the number's own.
  return start < at && start > floor && /\d/.test(text[start - 1] as string) ? at : start
}

/** Every {@link digitRun} of `text`, with its prefix, replaced by `rewrite(run)`. */
function replaceRuns(text: string, rewrite: (run: string) => string): string {
  digitRun.lastIndex = 0
  let result = ''
  let copied = 0
  for (let match = digitRun.exec(text); match; match = digitRun.exec(text)) {
    const start = prefixStart(text, match.index, copied)
    const end = match.index + match[0].length
    result += text.slice(copied, start) + rewrite(text.slice(start, end))
    copied = end
  }
  return copied === 0 ? text : result + text.slice(copied)
}

/** Characters of an email's local part and domain. */
const emailChar = /[A-Za-z0-9._%+-]/
const domainChar = /[A-Za-z0-9.-]/
const wholeEmail = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/

/** Emails, found from each `@` outwards (a regex starting with a character class would try every position). */
function replaceEmails(text: string, replace: () => string): string {
  let at = text.indexOf('@')
  if (at < 0) return text
  let result = ''
  let copied = 0
  while (at >= 0) {
    let start = at
    while (start > copied && emailChar.test(text[start - 1] as string)) start--
    let end = at + 1
    while (end < text.length && domainChar.test(text[end] as string)) end++
    while (end > at + 1 && !/[A-Za-z]/.test(text[end - 1] as string)) end--
    if (start < at && wholeEmail.test(text.slice(start, end))) {
      result += text.slice(copied, start) + replace()
      copied = end
    }
    at = text.indexOf('@', Math.max(end, at + 1))
  }
  return result + text.slice(copied)
}

/**
 * Finds the `kinds` of personal data in `text`: counts by kind, and the text with each finding replaced by
 * `[REDACTED:<kind>]`. `undefined` when nothing was found (the common case costs a few pre-tests). Number kinds are
 * looked for only inside runs of digits and separators, emails only around an `@`, so a 4 KB prompt is scanned in
 * a few passes.
 */
export function scanPii(
  text: string,
  kinds: readonly PiiKind[],
): { readonly found: Record<string, number>; readonly redacted: string } | undefined {
  let found: Record<string, number> | undefined
  const count = (kind: PiiKind): string => {
    found ??= {}
    found[kind] = (found[kind] ?? 0) + 1
    return `[REDACTED:${kind}]`
  }
  const replaceKind = (input: string, kind: PiiKind): string => {
    if (!needs[kind].test(input)) return input
    const { pattern, valid } = detectors[kind]
    return input.replace(pattern, (match) => {
      const verdict = valid ? valid(match) : true
      if (verdict === false) return match
      return verdict === true ? count(kind) : count(kind) + match.slice(verdict)
    })
  }
  let redacted = text
  // Letters-and-digits kinds first: an IBAN's digits must not be taken for a phone number.
  for (const kind of kinds) {
    if (kind === 'email') redacted = replaceEmails(redacted, () => count('email'))
    else if (!digitKinds.has(kind)) redacted = replaceKind(redacted, kind)
  }
  const inRuns = kinds.filter((kind) => digitKinds.has(kind))
  if (inRuns.length > 0) redacted = replaceRuns(redacted, (run) => inRuns.reduce(replaceKind, run))
  return found ? { found, redacted } : undefined
}
