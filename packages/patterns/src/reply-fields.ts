/**
 * A reviewer's reply as an object: a structured answer (from `.returns(schema)`) as is, or text that is a JSON
 * object (optionally in a ```json fence); `undefined` for anything else. @internal
 */
export function replyRecord(reply: unknown): Readonly<Record<string, unknown>> | undefined {
  if (isRecord(reply)) return reply
  if (typeof reply !== 'string') return undefined
  const trimmed = reply.trim()
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(trimmed)
  const body = fenced ? (fenced[1] as string) : trimmed
  if (!body.startsWith('{')) return undefined
  try {
    const parsed: unknown = JSON.parse(body)
    return isRecord(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

/**
 * The value of the first of `names` that `record` holds (not `null`), matching field names case-insensitively.
 * @internal
 */
export function firstField(record: Readonly<Record<string, unknown>>, names: readonly string[]): unknown {
  const byLowerName = new Map(Object.keys(record).map((key) => [key.toLowerCase(), key]))
  for (const name of names) {
    const key = byLowerName.get(name.toLowerCase())
    const value = key === undefined ? undefined : record[key]
    if (value !== undefined && value !== null) return value
  }
  return undefined
}

/** A field name as a regular expression matching it in text: special characters escaped, `_` also as a space. @internal */
export function labelPattern(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/_/g, '[_ ]')
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
