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

/**
 * A cache per template string, bounded by the characters of the templates it holds (not their number): a tree of a few
 * thousand agents with short instructions fits, so a build() of it does not parse every template again; a few huge
 * templates cannot hold much memory. Emptied when full.
 */
class TemplateCache<V> {
  static readonly maxChars = 1_000_000
  readonly #entries = new Map<string, V>()
  #chars = 0

  get(template: string): V | undefined {
    return this.#entries.get(template)
  }

  set(template: string, value: V): void {
    if (template.length > TemplateCache.maxChars) return
    if (this.#chars + template.length > TemplateCache.maxChars) {
      this.#entries.clear()
      this.#chars = 0
    }
    this.#entries.set(template, value)
    this.#chars += template.length
  }
}

const cache = new TemplateCache<readonly TemplateToken[]>()

/**
 * The position of the next `{` or `}` at or after `from` (`length` when none). It remembers the next of each it found,
 * so a template is scanned once however its braces alternate (and no match object is made per brace).
 */
class BraceScanner {
  readonly #template: string
  #open = -1
  #close = -1

  constructor(template: string) {
    this.#template = template
  }

  next(from: number): number {
    const template = this.#template
    if (this.#open !== template.length && this.#open < from) {
      const found = template.indexOf('{', from)
      this.#open = found === -1 ? template.length : found
    }
    if (this.#close !== template.length && this.#close < from) {
      const found = template.indexOf('}', from)
      this.#close = found === -1 ? template.length : found
    }
    return Math.min(this.#open, this.#close)
  }
}

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
  const braces = new BraceScanner(template)
  // Jumps from brace to brace (the text between is copied in one slice, not a character at a time).
  while (index < length) {
    const at = braces.next(index)
    if (at > index) text += template.slice(index, at)
    if (at === length) break
    const char = template[at] as '{' | '}'
    if (template[at + 1] === char || char === '}') {
      // `{{` and `}}` are literal braces; so is a `}` that closes nothing.
      text += char
      index = template[at + 1] === char ? at + 2 : at + 1
      continue
    }
    const end = braces.next(at + 1)
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
  cache.set(template, frozen)
  return frozen
}

const variablesCache = new TemplateCache<TemplateVariables>()

/** The state keys a template reads (frozen lists). */
export interface TemplateVariables {
  readonly required: readonly string[]
  readonly optional: readonly string[]
}

/**
 * The keys a template reads, split into required and optional (a key used both ways is required). Cached per template
 * string like {@link parseTemplate}: `build()` asks for every agent's instruction.
 */
export function templateVariables(template: string): TemplateVariables {
  const cached = variablesCache.get(template)
  if (cached) return cached
  const required: string[] = []
  const optional: string[] = []
  for (const token of parseTemplate(template)) {
    if (token.kind !== 'variable') continue
    const list = token.optional ? optional : required
    if (!list.includes(token.key)) list.push(token.key)
  }
  const variables: TemplateVariables = Object.freeze({
    required: Object.freeze(required),
    optional: Object.freeze(optional.filter((key) => !required.includes(key))),
  })
  variablesCache.set(template, variables)
  return variables
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
