/** Longest text of an error that leaves the process (a task's failure message, a remote's error in ours). */
export const MAX_PUBLIC_TEXT = 2000

// An absolute POSIX path (`/home/ana/app/db.sqlite`, `file:///srv/x`) not inside a URL: at least two segments,
// preceded by the start, a space or punctuation, never by a word character, `:` or `/` (so `http://host/a/b` stays).
const posixPath = /(?<![\w.:/\\-])(?:file:\/\/)?\/(?:[^\s/\\'"`()<>[\]{},;]+\/)+[^\s/\\'"`()<>[\]{},;]*/g
const windowsPath = /(?<![\w])[A-Za-z]:\\(?:[^\s\\'"`()<>[\]{},;]+\\)*[^\s\\'"`()<>[\]{},;]*/g
const userInfo = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi
const secretParameter =
  /([?&](?:key|api[-_]?key|token|access_token|auth|password|secret|sig|signature)=)[^&\s"'#()<>]+/gi
const bearer = /\b(Bearer\s+)[A-Za-z0-9._~+/-]+=*/g
const apiKeyLike = /\b(?:sk-[A-Za-z0-9_-]{8,}|AIza[0-9A-Za-z_-]{20,})\b/g
// Every C0 and C1 control character but tab and newline (ANSI escapes start with ESC).
const controls = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g

/** `<path>` for a path, keeping the sentence's full stop. */
function hidePath(path: string): string {
  return path.endsWith('.') ? '<path>.' : '<path>'
}

/**
 * `text` as it may leave this process, to a caller or a log it does not own: absolute file paths become `<path>`, the
 * `user:password@` of URLs, secret query parameters (`key=`, `token=`, …), bearer tokens and API-key-like words
 * become `[redacted]`, control characters (ANSI escapes included) are dropped, and the text is cut at `max`
 * characters. Stack traces never reach it: callers pass messages.
 */
export function publicText(text: string, max = MAX_PUBLIC_TEXT): string {
  const cleaned = text
    .replace(controls, '')
    .replace(userInfo, '$1[redacted]@')
    .replace(secretParameter, '$1[redacted]')
    .replace(bearer, '$1[redacted]')
    .replace(apiKeyLike, '[redacted]')
    .replace(posixPath, hidePath)
    .replace(windowsPath, hidePath)
  return cleaned.length > max ? `${cleaned.slice(0, max)}… (${cleaned.length - max} more characters)` : cleaned
}
