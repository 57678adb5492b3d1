import type { Schema } from './genai-types.js'

/**
 * A `@google/genai` `Schema` (upper-case `type`s, `nullable`, `propertyOrdering`) as JSON Schema: lower-case types,
 * `nullable` as a `[type, 'null']` union, the rest kept as is. For model adapters whose API takes JSON Schema for
 * tool parameters and structured output (function declarations and `responseSchema` hold genai schemas).
 *
 * @example
 * ```ts
 * genaiSchemaToJsonSchema({ type: Type.OBJECT, properties: { city: { type: Type.STRING } } })
 * // { type: 'object', properties: { city: { type: 'string' } } }
 * ```
 */
export function genaiSchemaToJsonSchema(schema: Schema): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    if (value === undefined || key === 'nullable' || key === 'propertyOrdering') continue
    if (key === 'type') result['type'] = String(value).toLowerCase()
    else if (key === 'items') result['items'] = genaiSchemaToJsonSchema(value as Schema)
    else if (key === 'anyOf') result['anyOf'] = (value as Schema[]).map(genaiSchemaToJsonSchema)
    else if (key === 'properties') {
      const entries = Object.entries(value as Record<string, Schema>).map(([name, child]) => [
        name,
        genaiSchemaToJsonSchema(child),
      ])
      result['properties'] = Object.fromEntries(entries)
    } else result[key] = value
  }
  if (schema.nullable && typeof result['type'] === 'string') result['type'] = [result['type'], 'null']
  return result
}
