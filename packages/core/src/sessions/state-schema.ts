import type { Schema } from '../models/genai-types.js'
import { parserOf, type SafeParser, type SchemaLike } from '../workflow/schema-like.js'
import { StateSchemaError } from './state-schema-error.js'
import { ConfigError } from '../errors/config-error.js'
import { describeValue } from '../util/describe-value.js'

/** The declared keys of a state schema, each with its parser (made on first check). */
type StateFields = Map<string, SchemaLike>

const fieldsCache = new WeakMap<object, StateFields | null>()
const parsers = new WeakMap<object, SafeParser>()

/**
 * The declared keys of an object schema — zod v4 or v3 `z.object({...})`, or a genai `Schema` with `properties` — or
 * `undefined` for any other schema (which cannot be a state schema).
 */
export function stateSchemaFields(schema: SchemaLike): StateFields | undefined {
  const cached = fieldsCache.get(schema)
  if (cached !== undefined) return cached ?? undefined
  const shape = shapeOf(schema)
  const fields = shape ? new Map(Object.entries(shape)) : null
  fieldsCache.set(schema, fields)
  return fields ?? undefined
}

function shapeOf(schema: SchemaLike): Record<string, SchemaLike> | undefined {
  const loose = schema as {
    _zod?: { def?: { type?: string; shape?: Record<string, SchemaLike> } }
    _def?: { typeName?: string }
    shape?: Record<string, SchemaLike>
    properties?: Record<string, Schema>
    type?: string
  }
  if (loose._zod) return loose._zod.def?.type === 'object' ? loose._zod.def.shape : undefined
  if (loose._def) return loose._def.typeName === 'ZodObject' ? loose.shape : undefined
  if (typeof (schema as Partial<SafeParser>).safeParse === 'function') return undefined
  const type = typeof loose.type === 'string' ? loose.type.toUpperCase() : undefined
  if (loose.properties && typeof loose.properties === 'object' && (type === undefined || type === 'OBJECT')) {
    return loose.properties as Record<string, SchemaLike>
  }
  return undefined
}

/**
 * Checks one state write against `schema` (ADK 2.0's rule): a key with a prefix (`app:`, `user:`, `temp:` or any
 * other `x:`) belongs to a wider scope and is not checked; any other key must be declared and its value must match
 * the declared type. Throws a {@link StateSchemaError} naming `nodePath`, the key and what was expected.
 */
export function checkStateWrite(schema: SchemaLike, nodePath: string, key: string, value: unknown): void {
  if (key.includes(':')) return
  const fields = stateSchemaFields(schema)
  if (!fields) return
  const field = fields.get(key)
  if (field === undefined) {
    const expected = JSON.stringify([...fields.keys()].sort())
    throw new StateSchemaError({ nodePath, key, violation: 'undeclared', expected })
  }
  let parser = parsers.get(field)
  if (!parser) parsers.set(field, (parser = parserOf(field)))
  const result = parser.safeParse(value)
  if (!result.success) {
    throw new StateSchemaError({ nodePath, key, violation: 'type', expected: describeIssues(result.error) })
  }
}

/** The parser's complaint in one line: each issue's path and message. */
function describeIssues(error: unknown): string {
  const issues = (error as { issues?: { path?: PropertyKey[]; message?: string }[] } | null)?.issues
  if (!Array.isArray(issues) || issues.length === 0) return error instanceof Error ? error.message : String(error)
  return issues
    .map((issue) => {
      const path = issue.path?.length ? `${issue.path.map(String).join('.')}: ` : ''
      return `${path}${issue.message ?? 'invalid'}`
    })
    .join('; ')
}

/** Throws a {@link ConfigError} when `schema` is set but is not an object schema (it could declare no keys). */
export function assertStateSchema(schema: SchemaLike | undefined, path: string[]): void {
  if (schema === undefined || stateSchemaFields(schema)) return
  throw new ConfigError([
    {
      code: 'schema_invalid',
      path: [...path, 'stateSchema'],
      message: `stateSchema must be an object schema declaring the state keys (got ${describeValue(schema)}).`,
      hint: 'Pass z.object({ count: z.number(), … }) or a genai Schema { type: "OBJECT", properties: { … } }.',
    },
  ])
}
