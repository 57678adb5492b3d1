import { z } from 'zod'
import type { Schema } from '../models/genai-types.js'
import { genaiSchemaToJsonSchema } from '../models/genai-schema-to-json-schema.js'

/** A parser with zod's `safeParse` (zod v4 classic or mini, or zod v3). */
export interface SafeParser {
  safeParse(value: unknown): { success: true; data?: unknown } | { success: false; error: unknown }
}

/** A schema a node's input or output is checked against: a zod schema (v3 or v4) or a `@google/genai` `Schema`. */
export type SchemaLike = SafeParser | z.core.$ZodType | Schema

function isSafeParser(schema: unknown): schema is SafeParser {
  return typeof (schema as Partial<SafeParser>).safeParse === 'function'
}

/** genai schemas turned into zod once each (a schema object is reused for every value it checks). */
const converted = new WeakMap<object, SafeParser>()

/** The parser that checks values against `schema` (a genai `Schema` is converted once). */
export function parserOf(schema: SchemaLike): SafeParser {
  if (isSafeParser(schema)) return schema
  if (typeof schema === 'object' && schema !== null && '_zod' in schema) {
    return { safeParse: (value) => z.safeParse(schema as z.core.$ZodType, value) }
  }
  let parser = converted.get(schema)
  if (!parser) {
    parser = z.fromJSONSchema(genaiSchemaToJsonSchema(schema as Schema) as never) as unknown as SafeParser
    converted.set(schema, parser)
  }
  return parser
}

/**
 * Checks `value` against `schema` and returns the parsed value (zod's output, defaults applied); a genai `Schema` is
 * checked through its JSON Schema. Without a schema the value is returned as is. Throws the parser's error.
 */
export function parseWithSchema(schema: SchemaLike | undefined, value: unknown): unknown {
  if (schema === undefined) return value
  const result = parserOf(schema).safeParse(value)
  if (!result.success) throw result.error
  return 'data' in result ? result.data : value
}
