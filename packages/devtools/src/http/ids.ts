import { HttpRequestError } from './request-error.js'

/** The longest id a devtools server takes (ADK's database session service keeps ids in 128-character columns). */
export const maxIdLength = 128

/** Control, format (zero-width, bidi) and line/paragraph separator characters, and lone surrogates. */
const hidden = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\uD800-\uDFFF]/u

/**
 * What is wrong with `value` as an id (a user id, a session id, an artifact or eval set name, a path segment), or
 * `undefined` when it is fine. An id is 1 to {@link maxIdLength} characters of well-formed text without `/`, `\`,
 * control or invisible characters (zero-width, bidi controls), and is not `.` or `..`: it may end up in a file
 * path, a log line or a UI, and two ids that look alike must not be two different owners.
 */
export function idIssue(value: string): string | undefined {
  if (value.length === 0) return 'is empty'
  if (value.length > maxIdLength) return `is longer than ${maxIdLength} characters`
  if (value === '.' || value === '..') return 'is a relative path'
  if (value.includes('/') || value.includes('\\')) return 'holds a path separator ("/" or "\\")'
  const found = hidden.exec(value)
  if (found) {
    const code = (found[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')
    return /[\u0000-\u001f\u007f]/.test(found[0])
      ? 'holds a control character'
      : `holds an invisible or control character (U+${code})`
  }
  return undefined
}

/** An id as an error message shows it: JSON-quoted, at most 60 characters. */
export function shownId(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)
}

/** `value` when it is a valid id (see {@link idIssue}); otherwise a 400 naming `what` and the rule. */
export function checkedId(value: string, what: string): string {
  const issue = idIssue(value)
  if (issue === undefined) return value
  throw new HttpRequestError(
    'HTTP_BAD_REQUEST',
    `${what} ${shownId(value)} ${issue}: ids are 1 to ${maxIdLength} visible characters, without "/" or "\\", and not "." or "..".`,
  )
}
