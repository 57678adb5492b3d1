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

interface Detector {
  readonly pattern: RegExp
  /** A checksum or shape test on the match; without one every match counts. */
  readonly valid?: (match: string) => boolean
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

/** ISO 13616 IBAN check: the rearranged number modulo 97 is 1. */
function ibanValid(match: string): boolean {
  const iban = match.replace(/[\s-]/g, '').toUpperCase()
  if (iban.length < 15 || iban.length > 34) return false
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const char of rearranged) {
    const code = char.charCodeAt(0)
    const value = code >= 65 ? code - 55 : code - 48
    remainder = (value > 9 ? remainder * 100 + value : remainder * 10 + value) % 97
  }
  return remainder === 1
}

/** Spanish DNI: the letter is the number modulo 23 in a fixed table. */
function dniValid(match: string): boolean {
  const number = Number(match.slice(0, 8))
  return 'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23] === match[8]?.toUpperCase()
}

const detectors: Readonly<Record<PiiKind, Detector>> = {
  email: { pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g },
  card: { pattern: /\b\d(?:[ -]?\d){12,18}\b/g, valid: (match) => luhn(digitsOf(match)) },
  iban: { pattern: /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{1,4}){3,8}\b/g, valid: ibanValid },
  us_ssn: {
    pattern: /\b(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}\b/g,
  },
  uk_nino: { pattern: /\b(?![DFIQUV])[A-CEGHJ-PR-TW-Z](?![DFIQUVO])[A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b/g },
  es_dni: { pattern: /\b\d{8}[A-HJ-NP-TV-Z]\b/gi, valid: dniValid },
  phone: {
    pattern: /(?<![\w+])(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{2,4}(?:[ .-]?\d{2,4}){2,4}(?!\w)/g,
    valid: (match) => {
      const count = digitsOf(match).length
      return count >= 9 && count <= 15
    },
  },
}

/** A cheap pre-test per kind: text without it cannot hold that kind. */
const needs: Readonly<Record<PiiKind, RegExp>> = {
  email: /@/,
  card: /\d{4}/,
  iban: /[A-Z]{2}\d{2}/,
  us_ssn: /\d-\d/,
  uk_nino: /[A-Z]{2} ?\d{2}/,
  es_dni: /\d{8}[A-Za-z]/,
  phone: /\d{3}/,
}

/** Kinds found inside runs of digits and separators (scanned only within such runs). */
const digitKinds: ReadonlySet<PiiKind> = new Set<PiiKind>(['card', 'us_ssn', 'phone'])

/**
 * A run of at least 9 digits (the fewest a card, an SSN or a phone number has) with up to two separators between
 * digits, starting at the first digit of a number; the number kinds are looked for only inside such runs.
 */
const digitRun = /\d(?<!\d\d)(?:[ ().-]{0,2}\d){8,}/g

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
    return input.replace(pattern, (match) => (valid && !valid(match) ? match : count(kind)))
  }
  let redacted = text
  const inRuns = kinds.filter((kind) => digitKinds.has(kind))
  for (const kind of kinds) {
    if (kind === 'email') redacted = replaceEmails(redacted, () => count('email'))
    else if (!digitKinds.has(kind)) redacted = replaceKind(redacted, kind)
    else if (kind === inRuns[0]) {
      redacted = redacted.replace(digitRun, (run) => inRuns.reduce(replaceKind, run))
    }
  }
  return found ? { found, redacted } : undefined
}
