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
  while (index < length) {
    const char = template[index]
    const next = template[index + 1]
    if (char === '{' && next === '{') {
      text += '{'
      index += 2
      continue
    }
    if (char === '}' && next === '}') {
      text += '}'
      index += 2
      continue
    }
    if (char === '{') {
      let end = index + 1
      while (end < length && template[end] !== '{' && template[end] !== '}') end++
      if (end < length && template[end] === '}') {
        const raw = template.slice(index, end + 1)
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
        continue
      }
    }
    text += char
    index++
  }
  if (text) tokens.push({ kind: 'text', text })
  const frozen = Object.freeze(tokens.map((token) => Object.freeze(token)))
  if (cache.size > 1000) cache.clear()
  cache.set(template, frozen)
  return frozen
}

/** The keys a template reads, split into required and optional (a key used both ways is required). */
export function templateVariables(template: string): { required: string[]; optional: string[] } {
  const required = new Set<string>()
  const optional = new Set<string>()
  for (const token of parseTemplate(template)) {
    if (token.kind !== 'variable') continue
    if (token.optional) optional.add(token.key)
    else required.add(token.key)
  }
  for (const key of required) optional.delete(key)
  return { required: [...required], optional: [...optional] }
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
