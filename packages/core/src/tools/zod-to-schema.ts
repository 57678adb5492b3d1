import type { Schema } from '../models/genai-types.js'
import { Type } from '../models/genai-types.js'
import { z } from 'zod'
import { ConfigError } from '../errors/config-error.js'

/** A JSON Schema node as emitted by `z.toJSONSchema` (draft 2020-12). */
type JsonSchema = { [key: string]: unknown }

const jsonTypeToGenai: Readonly<Record<string, Type>> = {
  string: Type.STRING,
  number: Type.NUMBER,
  integer: Type.INTEGER,
  boolean: Type.BOOLEAN,
  array: Type.ARRAY,
  object: Type.OBJECT,
  null: Type.NULL,
}

/** String formats the Gemini API understands; zod's other formats (`email`, `uuid` …) are dropped. */
const supportedStringFormats = new Set(['date-time', 'enum'])

/** The key under which the root schema is registered, for zod's `{ $ref: '#' }` (a recursive root). */
const rootReference = '#'

/** True for a zod v4 schema (classic or mini). */
export function isZodSchema(value: unknown): value is z.core.$ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value
}

/**
 * Converts a zod v4 schema to a `@google/genai` {@link Schema}: upper-case types, enums as `STRING` + `enum`,
 * `nullable`, `.describe()` → `description`, `.optional()` / `.default()` fields left out of `required`, nested
 * objects and arrays; `additionalProperties` and JSON-Schema-only keywords are dropped. Recursive schemas are
 * expanded once and then cut to their bare type.
 *
 * Throws {@link ConfigError} for types JSON cannot carry (`z.date()`, `z.bigint()` …).
 *
 * @example
 * zodToSchema(z.object({ a: z.number(), b: z.number() }))
 * // { type: 'OBJECT', properties: { a: { type: 'NUMBER' }, b: { type: 'NUMBER' } }, required: ['a', 'b'] }
 */
export function zodToSchema(schema: z.core.$ZodType): Schema {
  let json: JsonSchema
  try {
    json = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as JsonSchema
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new ConfigError(
      [
        {
          code: 'schema_invalid',
          path: ['zodToSchema'],
          message: `Cannot turn the zod schema into a function schema: ${reason}.`,
          hint: 'Use types JSON can carry (strings, numbers, booleans, enums, arrays, objects).',
        },
      ],
      { cause: error },
    )
  }
  const definitions = { ...(json['$defs'] as Record<string, JsonSchema> | undefined), [rootReference]: json }
  return convertNode(json, { definitions, expanding: new Set([rootReference]) })
}

/**
 * A JSON Schema (as MCP servers and OpenAPI documents declare parameters) as a genai {@link Schema}, with the same
 * rules as {@link zodToSchema}; `$ref`s into `$defs` / `definitions` are expanded.
 */
export function jsonSchemaToSchema(json: Readonly<Record<string, unknown>>): Schema {
  const defs = (json['$defs'] ?? json['definitions']) as Record<string, JsonSchema> | undefined
  const definitions = { ...defs, [rootReference]: json as JsonSchema }
  return convertNode(json as JsonSchema, { definitions, expanding: new Set([rootReference]) })
}

/** A genai {@link Schema} as is, or a zod schema converted with {@link zodToSchema}. */
export function toGenaiSchema(schema: z.core.$ZodType | Schema): Schema {
  return isZodSchema(schema) ? zodToSchema(schema) : schema
}

interface ConversionState {
  readonly definitions: Record<string, JsonSchema>
  /** `$ref`s being expanded on the current path, to cut recursion. */
  readonly expanding: Set<string>
}

function convertNode(node: JsonSchema, state: ConversionState): Schema {
  const reference = node['$ref']
  if (typeof reference === 'string') return convertReference(reference, node, state)

  const variants = (node['anyOf'] ?? node['oneOf']) as JsonSchema[] | undefined
  if (Array.isArray(variants)) return withCommonFields(convertVariants(variants, state), node)

  const intersection = node['allOf'] as JsonSchema[] | undefined
  if (Array.isArray(intersection))
    return withCommonFields(mergeObjects(intersection.map((item) => convertNode(item, state))), node)

  const type = node['type']
  if (Array.isArray(type)) return withCommonFields(convertTypeList(type as string[], node, state), node)
  return withCommonFields(convertTyped(typeof type === 'string' ? type : undefined, node, state), node)
}

function convertReference(reference: string, node: JsonSchema, state: ConversionState): Schema {
  const name = reference === rootReference ? rootReference : reference.replace(/^#\/(\$defs|definitions)\//, '')
  const target = state.definitions[name]
  if (!target)
    throw new ConfigError([
      {
        code: 'schema_invalid',
        path: ['zodToSchema'],
        message: `Cannot turn the zod schema into a function schema: unresolved reference "${reference}".`,
        hint: 'Declare the referenced schema in the same zod schema (z.lazy or a named definition).',
      },
    ])
  if (state.expanding.has(name)) {
    const type = typeof target['type'] === 'string' ? jsonTypeToGenai[target['type']] : undefined
    return withCommonFields(type ? { type } : {}, { ...target, ...node })
  }
  state.expanding.add(name)
  try {
    return withCommonFields(convertNode(target, state), node)
  } finally {
    state.expanding.delete(name)
  }
}

/** `anyOf` / `oneOf`: a `null` branch becomes `nullable`; a single remaining branch is inlined. */
function convertVariants(variants: readonly JsonSchema[], state: ConversionState): Schema {
  const nonNull = variants.filter((variant) => variant['type'] !== 'null')
  const nullable = nonNull.length < variants.length
  const converted = nonNull.map((variant) => convertNode(variant, state))
  const enumValues = collectConstEnum(nonNull)
  let result: Schema
  if (enumValues) result = enumValues
  else if (converted.length === 1) result = { ...(converted[0] as Schema) }
  else if (converted.length === 0) result = { type: Type.NULL }
  else result = { anyOf: converted }
  if (nullable && converted.length > 0) result.nullable = true
  return result
}

/** A union of literals of one JSON type (`z.union([z.literal(1), z.literal(2)])`) becomes one enum. */
function collectConstEnum(variants: readonly JsonSchema[]): Schema | undefined {
  if (variants.length < 2) return undefined
  const type = variants[0]?.['type']
  if (typeof type !== 'string') return undefined
  const values: unknown[] = []
  for (const variant of variants) {
    if (variant['type'] !== type || !('const' in variant)) return undefined
    values.push(variant['const'])
  }
  return enumSchema(type, values)
}

function convertTypeList(types: readonly string[], node: JsonSchema, state: ConversionState): Schema {
  const nonNull = types.filter((type) => type !== 'null')
  const nullable = nonNull.length < types.length
  let result: Schema
  if (nonNull.length === 1) result = convertTyped(nonNull[0], node, state)
  else if (nonNull.length === 0) result = { type: Type.NULL }
  else result = { anyOf: nonNull.map((type) => convertTyped(type, node, state)) }
  if (nullable && nonNull.length > 0) result.nullable = true
  return result
}

function convertTyped(type: string | undefined, node: JsonSchema, state: ConversionState): Schema {
  if ('const' in node) return enumSchema(type, [node['const']])
  if (Array.isArray(node['enum'])) return enumSchema(type, node['enum'] as unknown[])
  const genaiType = type === undefined ? undefined : jsonTypeToGenai[type]
  const result: Schema = genaiType ? { type: genaiType } : {}
  switch (type) {
    case 'object':
      Object.assign(result, convertObject(node, state))
      break
    case 'array':
      Object.assign(result, convertArray(node, state))
      break
    case 'string':
      Object.assign(result, convertString(node))
      break
    case 'number':
    case 'integer':
      Object.assign(result, convertNumber(node))
      break
    default:
      break
  }
  return result
}

/** Gemini enums are strings: string values give `STRING` + `enum`; numbers keep their type with `format: 'enum'`. */
function enumSchema(type: string | undefined, values: readonly unknown[]): Schema {
  if (values.every((value) => typeof value === 'string')) return { type: Type.STRING, enum: values as string[] }
  if (values.every((value) => typeof value === 'number')) {
    const numberType =
      type === 'integer' || values.every((value) => Number.isInteger(value)) ? Type.INTEGER : Type.NUMBER
    return { type: numberType, format: 'enum', enum: values.map(String) }
  }
  if (values.every((value) => typeof value === 'boolean')) return { type: Type.BOOLEAN }
  return { type: Type.STRING, enum: values.map((value) => JSON.stringify(value)) }
}

function convertObject(node: JsonSchema, state: ConversionState): Schema {
  const result: Schema = {}
  const properties = node['properties'] as Record<string, JsonSchema> | undefined
  if (properties) {
    result.properties = {}
    for (const [key, value] of Object.entries(properties)) result.properties[key] = convertNode(value, state)
  }
  const required = node['required'] as string[] | undefined
  if (required && required.length > 0) result.required = [...required]
  copyCount(node, 'minProperties', result)
  copyCount(node, 'maxProperties', result)
  return result
}

function convertArray(node: JsonSchema, state: ConversionState): Schema {
  const result: Schema = {}
  const tuple = node['prefixItems'] as JsonSchema[] | undefined
  const items = node['items']
  if (Array.isArray(tuple) && tuple.length > 0) {
    const converted = tuple.map((item) => convertNode(item, state))
    result.items = converted.length === 1 ? (converted[0] as Schema) : { anyOf: converted }
  } else if (typeof items === 'object' && items !== null) {
    result.items = convertNode(items as JsonSchema, state)
  }
  copyCount(node, 'minItems', result)
  copyCount(node, 'maxItems', result)
  return result
}

function convertString(node: JsonSchema): Schema {
  const result: Schema = {}
  copyCount(node, 'minLength', result)
  copyCount(node, 'maxLength', result)
  const format = node['format']
  if (typeof format === 'string' && supportedStringFormats.has(format)) result.format = format
  // zod emits a pattern for every built-in format (email, uuid …); only a user's own regex is worth sending.
  if (typeof node['pattern'] === 'string' && typeof format !== 'string') result.pattern = node['pattern']
  return result
}

function convertNumber(node: JsonSchema): Schema {
  const result: Schema = {}
  const minimum = node['minimum'] ?? node['exclusiveMinimum']
  const maximum = node['maximum'] ?? node['exclusiveMaximum']
  // `z.int()` adds the safe-integer range; it says nothing to the model.
  if (typeof minimum === 'number' && minimum !== Number.MIN_SAFE_INTEGER) result.minimum = minimum
  if (typeof maximum === 'number' && maximum !== Number.MAX_SAFE_INTEGER) result.maximum = maximum
  return result
}

type CountKey = 'minItems' | 'maxItems' | 'minLength' | 'maxLength' | 'minProperties' | 'maxProperties'

/** genai carries these int64 counts as strings. */
function copyCount(node: JsonSchema, key: CountKey, target: Schema): void {
  const value = node[key]
  if (typeof value === 'number') target[key] = String(value)
}

/** `description` and `title` apply whatever the node's shape. */
function withCommonFields(schema: Schema, node: JsonSchema): Schema {
  if (typeof node['description'] === 'string') schema.description = node['description']
  if (typeof node['title'] === 'string') schema.title = node['title']
  return schema
}

/** `allOf` of objects: properties and required lists merged; anything else keeps the first typed branch. */
function mergeObjects(schemas: readonly Schema[]): Schema {
  if (schemas.every((schema) => schema.type === Type.OBJECT)) {
    const properties: Record<string, Schema> = {}
    const required = new Set<string>()
    for (const schema of schemas) {
      Object.assign(properties, schema.properties)
      for (const key of schema.required ?? []) required.add(key)
    }
    const merged: Schema = { type: Type.OBJECT, properties }
    if (required.size > 0) merged.required = [...required]
    return merged
  }
  return { ...(schemas.find((schema) => schema.type !== undefined) ?? {}) }
}
