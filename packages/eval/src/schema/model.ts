/**
 * A small description language for ADK's pydantic models, and the two walks over it: a lenient reader (snake_case
 * or camelCase keys, explicit `null` and default values read as absent, unknown keys kept, every problem reported with
 * its path) and a
 * writer that produces what current ADK writes (snake_case, `null`s and default values left out).
 */

/** The type of a field. */
export type TypeSpec =
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  /** Any JSON value, kept verbatim (tool arguments, state). */
  | 'json'
  /** A JSON object, kept verbatim. */
  | 'dict'
  | ObjectSpec
  | { readonly array: TypeSpec }
  | { readonly tuple: readonly TypeSpec[] }
  /** Picks the spec from the raw value (ADK's unions). */
  | { readonly union: (raw: Record<string, unknown>) => ObjectSpec }

/** One field: its snake_case name (as ADK writes it), its type, and ADK's default (left out when written). */
export interface FieldSpec {
  readonly name: string
  readonly type: TypeSpec
  readonly required?: boolean
  /** Left out of written files when the value equals it (pydantic's `exclude_defaults`). */
  readonly default?: unknown
}

/** An object model; `camelCase: false` for the models that accept only snake_case (ADK's `EvalSet`). */
export interface ObjectSpec {
  readonly model: string
  readonly fields: readonly FieldSpec[]
  readonly camelCase?: boolean
}

/** Unknown keys of an object, kept as they were spelled, written back unchanged. */
export const EXTRA = 'extra'

/** A problem found while reading: where (`eval_cases[2].conversation[0].user_content`) and what. */
export interface ReadIssue {
  readonly path: string
  readonly message: string
}

/** `eval_set_id` → `evalSetId`. */
export function camelOf(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
}

function isSpecObject(type: TypeSpec): type is ObjectSpec {
  return typeof type === 'object' && 'fields' in type
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return 'an object'
  return `${typeof value} ${JSON.stringify(value)}`
}

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`
  return path.length === 0 ? key : `${path}.${key}`
}

/** Reads `raw` as `type`; problems go to `issues` (the result is then unusable). `null` must be handled by the caller. */
export function readValue(raw: unknown, type: TypeSpec, path: string, issues: ReadIssue[]): unknown {
  const fail = (expected: string): undefined => {
    issues.push({ path, message: `expected ${expected}, got ${describe(raw)}` })
    return undefined
  }
  if (type === 'json') return raw
  if (type === 'dict') return isRecord(raw) ? raw : fail('object')
  if (type === 'string') return typeof raw === 'string' ? raw : fail('string')
  if (type === 'boolean') return typeof raw === 'boolean' ? raw : fail('boolean')
  if (type === 'number') return typeof raw === 'number' ? raw : fail('number')
  if (type === 'integer') return typeof raw === 'number' && Number.isInteger(raw) ? raw : fail('integer')
  if ('array' in type) {
    if (!Array.isArray(raw)) return fail('array')
    return raw.map((item, index) =>
      item === null && type.array !== 'json' ? fail('no null') : readValue(item, type.array, join(path, index), issues),
    )
  }
  if ('tuple' in type) {
    if (!Array.isArray(raw) || raw.length !== type.tuple.length) return fail(`array of ${type.tuple.length}`)
    return type.tuple.map((item, index) => readValue(raw[index], item, join(path, index), issues))
  }
  if (!isRecord(raw)) return fail('object')
  return readObject(raw, 'union' in type ? type.union(raw) : type, path, issues)
}

function readObject(
  raw: Record<string, unknown>,
  spec: ObjectSpec,
  path: string,
  issues: ReadIssue[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const known = new Set<string>()
  for (const field of spec.fields) {
    const camel = camelOf(field.name)
    known.add(field.name)
    if (spec.camelCase !== false) known.add(camel)
    const key = Object.hasOwn(raw, field.name)
      ? field.name
      : spec.camelCase !== false && Object.hasOwn(raw, camel)
        ? camel
        : undefined
    const value = key === undefined ? undefined : raw[key]
    if (value === undefined || value === null) {
      if (field.required)
        issues.push({ path: join(path, field.name), message: value === null ? 'required, got null' : 'required' })
      continue
    }
    const read = readValue(value, field.type, join(path, field.name), issues)
    // A default value is the same as no value (ADK writes neither), so files read the same before and after a write.
    if (!isDefault(read, field.default)) out[camel] = read
  }
  const extra = Object.entries(raw).filter(([key, value]) => !known.has(key) && value !== null)
  if (extra.length > 0) out[EXTRA] = Object.fromEntries(extra)
  return out
}

function isDefault(value: unknown, fallback: unknown): boolean {
  if (fallback === undefined) return false
  if (Array.isArray(fallback) && fallback.length === 0) return Array.isArray(value) && value.length === 0
  if (isRecord(fallback) && Object.keys(fallback).length === 0)
    return isRecord(value) && Object.keys(value).length === 0
  return value === fallback
}

/** Writes an in-memory value as ADK does: snake_case keys, no `null`s, no default values; unknown keys as read. */
export function writeValue(value: unknown, type: TypeSpec): unknown {
  if (typeof type === 'string') return value
  if ('array' in type) return (value as unknown[]).map((item) => writeValue(item, type.array))
  if ('tuple' in type) return (value as unknown[]).map((item, index) => writeValue(item, type.tuple[index] as TypeSpec))
  const record = value as Record<string, unknown>
  const spec = isSpecObject(type) ? type : type.union(snakeKeysOf(record))
  const out: Record<string, unknown> = {}
  for (const field of spec.fields) {
    const item = record[camelOf(field.name)]
    if (item === undefined || item === null || isDefault(item, field.default)) continue
    out[field.name] = writeValue(item, field.type)
  }
  const extra = record[EXTRA]
  if (isRecord(extra))
    for (const [key, item] of Object.entries(extra)) if (item !== null && !(key in out)) out[key] = item
  return out
}

/** A shallow copy with snake_case keys, so a union picker sees in-memory values the way it sees raw files. */
function snakeKeysOf(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([key, item]) => [key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), item]),
  )
}
