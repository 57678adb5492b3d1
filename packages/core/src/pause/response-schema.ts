import { z } from 'zod'
import type { Schema } from '../models/genai-types.js'
import { genaiSchemaToJsonSchema } from '../models/genai-schema-to-json-schema.js'
import { isZodSchema } from '../tools/zod-to-schema.js'
import { ConfigError } from '../errors/config-error.js'
import type { ResponseSchema } from './request-input.js'

/** The key a client wraps a bare value in (`{ result: <value> }`), as ADK reads it. */
const RESULT_KEY = 'result'

/** True for a `@google/genai` `Schema` (upper-case `type`), as opposed to a JSON Schema. */
function isGenaiSchema(value: Record<string, unknown>): value is Schema & Record<string, unknown> {
  const type = value['type']
  return typeof type === 'string' && type.length > 0 && type === type.toUpperCase()
}

/** The JSON Schema of a `RequestInput`'s `responseSchema`, as stored on its pause (`response_schema`). */
export function toResponseJsonSchema(schema: ResponseSchema): Record<string, unknown> {
  if (isZodSchema(schema)) {
    try {
      return z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>
    } catch (error) {
      throw new ConfigError(
        [
          {
            code: 'schema_invalid',
            path: ['RequestInput', 'responseSchema'],
            message: `cannot be turned into JSON Schema: ${error instanceof Error ? error.message : String(error)}. Use types JSON can carry.`,
          },
        ],
        { cause: error },
      )
    }
  }
  const record = schema as Record<string, unknown>
  return isGenaiSchema(record) ? genaiSchemaToJsonSchema(record) : { ...record }
}

function acceptsString(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return true
  const record = schema as Record<string, unknown>
  const type = record['type']
  if (type === 'string' || (Array.isArray(type) && type.includes('string'))) return true
  const options = (record['anyOf'] ?? record['oneOf']) as unknown[] | undefined
  return Array.isArray(options) && options.some(acceptsString)
}

/**
 * The value a reply carries: `{ result: x }` is unwrapped to `x` (a string that the schema does not accept as a
 * string is read as JSON when it parses); any other reply is the value itself.
 */
export function unwrapReply(response: unknown, jsonSchema: unknown): unknown {
  if (typeof response !== 'object' || response === null || Array.isArray(response)) return response
  const keys = Object.keys(response)
  if (keys.length !== 1 || keys[0] !== RESULT_KEY) return response
  const value = (response as Record<string, unknown>)[RESULT_KEY]
  if (typeof value !== 'string' || jsonSchema === undefined || acceptsString(jsonSchema)) return value
  try {
    return JSON.parse(value) as unknown
  } catch {
    return value
  }
}

/**
 * Why a reply does not match the schema its interrupt declared, or `undefined` when it does (or when there is no
 * schema). As in ADK only a structured (object or array) reply is checked: a bare value (plain text, a number) is
 * what a chat box sends and is accepted as it is.
 */
export function replyMismatch(interruptId: string, value: unknown, jsonSchema: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  if (typeof jsonSchema !== 'object' || jsonSchema === null) return undefined
  let validator: z.ZodType
  try {
    validator = z.fromJSONSchema(jsonSchema as Parameters<typeof z.fromJSONSchema>[0])
  } catch {
    return undefined
  }
  const result = validator.safeParse(value)
  if (result.success) return undefined
  const issues = result.error.issues
    .map((issue) => `${issue.message}${issue.path.length > 0 ? ` at '${issue.path.join('.')}'` : ''}`)
    .join('; ')
  return `The reply to interrupt '${interruptId}' does not match its responseSchema: ${issues}. Send an object that matches the schema, or a bare value as { result: <value> }.`
}

/** The tool result a reply becomes: an object as it is, anything else as `{ result: <value> }`. */
export function replyAsResult(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { [RESULT_KEY]: value }
}
