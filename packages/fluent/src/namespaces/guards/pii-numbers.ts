import type { GuardSpan } from './scan-text.js'

/** The digits of a text. */
export const digitsOf = (text: string): string => text.replace(/\D/g, '')

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

/** A run's digit groups: where each starts and ends in the text, and the separator before the next one. */
interface Group {
  readonly start: number
  readonly end: number
  /** The characters between this group and the next (`''` after the last). */
  readonly after: string
}

function groupsOf(text: string, start: number, end: number): Group[] {
  const groups: Group[] = []
  const digits = /\d+/g
  digits.lastIndex = start
  for (let found = digits.exec(text); found && found.index < end; found = digits.exec(text)) {
    const groupEnd = Math.min(found.index + found[0].length, end)
    groups.push({ start: found.index, end: groupEnd, after: '' })
  }
  return groups.map((group, index) => ({
    ...group,
    after: text.slice(group.end, groups[index + 1]?.start ?? group.end),
  }))
}

const length = (group: Group) => group.end - group.start
const cardSeparator = (separator: string) => separator === ' ' || separator === '-'

/**
 * The card starting at group `first`: 13 to 19 digits, ungrouped, in groups of four (the last of one to four) or as
 * Amex's 4-6-5, joined by single spaces or dashes, passing the Luhn check; the longest such, or `-1`. Looks at no more
 * than five groups: bounded work per group.
 */
function cardAt(text: string, groups: readonly Group[], first: number): number {
  const head = groups[first] as Group
  if (length(head) >= 13 && length(head) <= 19 && luhn(text.slice(head.start, head.end))) return first
  if (length(head) !== 4) return -1
  let best = -1
  let digits = 4
  for (let last = first + 1; last < groups.length && last <= first + 4; last++) {
    const group = groups[last] as Group
    if (!cardSeparator((groups[last - 1] as Group).after)) break
    digits += length(group)
    if (digits > 19) break
    const amex = last === first + 2 && length(groups[first + 1] as Group) === 6 && length(group) === 5
    const fours = length(group) <= 4 && groups.slice(first + 1, last).every((between) => length(between) === 4)
    if (digits >= 13 && (amex || fours) && luhn(digitsOf(text.slice(head.start, group.end)))) best = last
    if (length(group) !== 4 && !(last === first + 1 && length(group) === 6)) break
  }
  return best
}

/** Cards inside `[start, end)` of `text` (a run of digits), each from its first group, left to right. */
export function findCards(text: string, start: number, end: number): GuardSpan[] {
  const groups = groupsOf(text, start, end)
  const spans: GuardSpan[] = []
  for (let first = 0; first < groups.length; first++) {
    const last = cardAt(text, groups, first)
    if (last < 0) continue
    spans.push({ start: (groups[first] as Group).start, end: (groups[last] as Group).end, kind: 'card' })
    first = last
  }
  return spans
}

/**
 * Phone numbers inside `[start, end)` of `text` (a run of digits with up to two of ` ().-` between them, its `+` or
 * `(` prefix included): stretches of whole groups holding 9 to 15 digits, chosen so that as many digits as possible
 * are covered (two numbers written one after the other are two numbers). A number keeps the run's prefix when it starts
 * the run, and a closing parenthesis it opened.
 */
export function findPhones(text: string, start: number, end: number): GuardSpan[] {
  const groups = groupsOf(text, start, end)
  const count = groups.length
  // covered[i]: the most digits numbers can cover in groups i…; take[i]: the last group of the number at i, or -1.
  const covered = new Array<number>(count + 1).fill(0)
  const take = new Array<number>(count).fill(-1)
  for (let first = count - 1; first >= 0; first--) {
    covered[first] = covered[first + 1] as number
    let digits = 0
    for (let last = first; last < count; last++) {
      digits += length(groups[last] as Group)
      if (digits > 15) break
      if (digits >= 9 && digits + (covered[last + 1] as number) > (covered[first] as number)) {
        covered[first] = digits + (covered[last + 1] as number)
        take[first] = last
      }
    }
  }
  const spans: GuardSpan[] = []
  for (let first = 0; first < count; first++) {
    const last = take[first] as number
    if (last < 0 || (covered[first] as number) === (covered[first + 1] as number)) continue
    const from = first === 0 ? start : (groups[first] as Group).start
    let to = (groups[last] as Group).end
    const opened = text.slice(from, to).split('(').length - text.slice(from, to).split(')').length
    if (opened > 0 && text[to] === ')') to++
    spans.push({ start: from, end: to, kind: 'phone' })
    first = last
  }
  return spans
}
