import { zodToSchema } from '@adk-fluent/core/internal'
import type { z } from 'zod'

/** A `@google/genai` schema, as core's `zodToSchema` produces and as requests carry. */
export type GenaiSchema = ReturnType<typeof zodToSchema>

function quote(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value)
}

function scalar(type: string | undefined): string {
  switch (type) {
    case 'STRING':
      return 'string'
    case 'NUMBER':
      return 'number'
    case 'INTEGER':
      return 'integer'
    case 'BOOLEAN':
      return 'boolean'
    case 'NULL':
      return 'null'
    case 'OBJECT':
      return 'object'
    case 'ARRAY':
      return 'unknown[]'
    default:
      return 'unknown'
  }
}

function shape(schema: GenaiSchema): string {
  let text: string
  if (schema.enum && schema.enum.length > 0) text = schema.enum.map(quote).join(' | ')
  else if (schema.anyOf && schema.anyOf.length > 0) text = schema.anyOf.map(shape).join(' | ')
  else if (schema.type === 'OBJECT' && schema.properties) {
    const required = new Set(schema.required ?? [])
    const fields = Object.entries(schema.properties).map(
      ([key, value]) => `${key}${required.has(key) ? '' : '?'}: ${shape(value)}`,
    )
    text = fields.length > 0 ? `{ ${fields.join(', ')} }` : '{}'
  } else if (schema.type === 'ARRAY' && schema.items) {
    const item = shape(schema.items)
    text = item.includes(' | ') ? `(${item})[]` : `${item}[]`
  } else text = scalar(schema.type)
  return schema.nullable ? `${text} | null` : text
}

/**
 * The shape of a request schema in TypeScript-like notation, prefixed with its title when it has one:
 * `Intent { category: 'billing' | 'tech', confidence: number }`.
 */
export function describeGenaiSchema(schema: GenaiSchema): string {
  const text = shape(schema)
  return schema.title ? `${schema.title} ${text}` : text
}

/** The genai form of a zod schema, or `undefined` when JSON cannot carry it (`z.date()` …). */
export function toGenaiShape(schema: z.ZodType): GenaiSchema | undefined {
  try {
    return zodToSchema(schema)
  } catch {
    return undefined
  }
}

/** The shape of a zod schema (see {@link describeGenaiSchema}); `a zod schema` when it cannot be converted. */
export function describeSchema(schema: z.ZodType): string {
  const converted = toGenaiShape(schema)
  return converted ? describeGenaiSchema(converted) : 'a zod schema'
}

/** The top-level field names of an object schema (the state keys of `.produces()` / `.consumes()`). */
export function schemaKeys(schema: z.ZodType): string[] {
  const converted = toGenaiShape(schema)
  return converted?.properties ? Object.keys(converted.properties) : []
}
