import { hasStateKeyForm } from '../sessions/state-key.js'

/** One piece of a parsed instruction template. */
export type TemplateToken =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'variable'; readonly key: string; readonly optional: boolean; readonly raw: string }

/**
 * True for a key a template may reference: an identifier, `app:`/`user:`/`temp:` + identifier, or `artifact.name`
 * (`{artifact.}` included: as in ADK, it asks for the artifact named `''`, which is never found).
 */
export function isValidTemplateKey(key: string): boolean {
  if (key.startsWith('artifact.')) return true
  return hasStateKeyForm(key)
}

const cache = new Map<string, readonly TemplateToken[]>()

/** The next `{` or `}` (from `lastIndex`). */
const braces = /[{}]/g

/**
 * Parses a template: `{key}` required, `{key?}` optional, `{{` / `}}` literal braces. A brace group whose content is
 * not a valid key is kept as written. Results are cached per template string.
 */
export function parseTemplate(template: string): readonly TemplateToken[] {
  const cached = cache.get(template)
  if (cached) return cached
  const tokens: TemplateToken[] = []
  let text = ''
  const length = template.length
  let index = 0
  // Jumps from brace to brace (the text between is copied in one slice, not a character at a time).
  while (index < length) {
    braces.lastIndex = index
    const at = braces.exec(template)?.index ?? length
    if (at > index) text += template.slice(index, at)
    if (at === length) break
    const char = template[at] as '{' | '}'
    if (template[at + 1] === char || char === '}') {
      // `{{` and `}}` are literal braces; so is a `}` that closes nothing.
      text += char
      index = template[at + 1] === char ? at + 2 : at + 1
      continue
    }
    braces.lastIndex = at + 1
    const end = braces.exec(template)?.index ?? length
    if (template[end] !== '}') {
      // A `{` that another `{` (or the end) follows before any `}` is text.
      text += char
      index = at + 1
      continue
    }
    const raw = template.slice(at, end + 1)
    let key = raw.slice(1, -1).trim()
    const optional = key.endsWith('?')
    if (optional) key = key.slice(0, -1).trim()
    if (isValidTemplateKey(key)) {
      if (text) tokens.push({ kind: 'text', text })
      text = ''
      tokens.push({ kind: 'variable', key, optional, raw })
    } else {
      text += raw
    }
    index = end + 1
  }
  if (text) tokens.push({ kind: 'text', text })
  const frozen = Object.freeze(tokens.map((token) => Object.freeze(token)))
  if (cache.size > 1000) cache.clear()
  cache.set(template, frozen)
  return frozen
}

/** The keys a template reads, split into required and optional (a key used both ways is required). */
export function templateVariables(template: string): { required: string[]; optional: string[] } {
  // Lists made on first use at their size (a template has a few variables; `[]` would reserve room for 17).
  let required: string[] | undefined
  let optional: string[] | undefined
  for (const token of parseTemplate(template)) {
    if (token.kind !== 'variable') continue
    if (!token.optional) {
      if (!required) required = [token.key]
      else if (!required.includes(token.key)) required.push(token.key)
    } else if (!optional) optional = [token.key]
    else if (!optional.includes(token.key)) optional.push(token.key)
  }
  return {
    required: required ?? [],
    optional: optional ? optional.filter((key) => !required?.includes(key)) : [],
  }
}

/** Renders a state value for a template: strings as-is, objects as JSON, others with `String()`. */
export function renderStateValue(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'object' && value !== null) {
    try {
      return JSON.stringify(value)
    } catch {
      return String(value)
    }
  }
  return String(value)
}
