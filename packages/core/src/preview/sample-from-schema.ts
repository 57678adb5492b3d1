import { z } from 'zod'

type JsonSchema = {
  readonly type?: string | readonly string[]
  readonly const?: unknown
  readonly enum?: readonly unknown[]
  readonly default?: unknown
  readonly anyOf?: readonly JsonSchema[]
  readonly oneOf?: readonly JsonSchema[]
  readonly allOf?: readonly JsonSchema[]
  readonly $ref?: string
  readonly $defs?: Readonly<Record<string, JsonSchema>>
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly items?: JsonSchema | false
  readonly prefixItems?: readonly JsonSchema[]
  readonly minItems?: number
  readonly minLength?: number
  readonly maxLength?: number
  readonly format?: string
  readonly minimum?: number
  readonly maximum?: number
  readonly exclusiveMinimum?: number
  readonly exclusiveMaximum?: number
  readonly multipleOf?: number
}

const formats: Readonly<Record<string, string>> = {
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  'date-time': '2025-01-01T00:00:00.000Z',
  date: '2025-01-01',
  time: '00:00:00',
  uuid: '00000000-0000-4000-8000-000000000000',
  ipv4: '127.0.0.1',
  ipv6: '::1',
}

/**
 * A deterministic value that satisfies `schema`, for a stand-in model's structured reply: the first enum value,
 * the lowest allowed number, every object property, one array item, and strings such as `⟨label's field⟩`.
 * Returns `undefined` when no value made this way passes the schema (a refinement, a pattern, …).
 */
export function sampleFromSchema(schema: z.ZodType, label: string): { value: unknown } | undefined {
  let json: JsonSchema
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  } catch {
    return undefined
  }
  const value = sample(json, json, label, 'reply', 0)
  return schema.safeParse(value).success ? { value } : undefined
}

function sample(node: JsonSchema, root: JsonSchema, label: string, field: string, depth: number): unknown {
  if (depth > 8) return null
  if (node.$ref) return sample(resolveRef(node.$ref, root), root, label, field, depth + 1)
  if ('const' in node) return node.const
  if (node.default !== undefined) return node.default
  if (node.enum && node.enum.length > 0) return node.enum[0]
  const choices = node.anyOf ?? node.oneOf
  if (choices && choices.length > 0) {
    const preferred = choices.find((choice) => choice.type !== 'null') ?? (choices[0] as JsonSchema)
    return sample(preferred, root, label, field, depth + 1)
  }
  if (node.allOf && node.allOf.length > 0)
    return sample(Object.assign({}, ...node.allOf) as JsonSchema, root, label, field, depth + 1)
  const type = Array.isArray(node.type) ? (node.type.find((item) => item !== 'null') ?? 'null') : node.type
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(node.properties ?? {}))
        result[key] = sample(value, root, label, key, depth + 1)
      return result
    }
    case 'array': {
      if (node.prefixItems)
        return node.prefixItems.map((item, index) => sample(item, root, label, `${field}[${index}]`, depth + 1))
      const count = Math.max(node.minItems ?? 1, 1)
      const item = node.items === false || node.items === undefined ? {} : node.items
      return Array.from({ length: count }, () => sample(item, root, label, field, depth + 1))
    }
    case 'number':
    case 'integer':
      return sampleNumber(node, type === 'integer')
    case 'boolean':
      return true
    case 'null':
      return null
    default:
      return sampleString(node, label, field)
  }
}

function resolveRef(ref: string, root: JsonSchema): JsonSchema {
  if (ref === '#') return root
  const name = ref.replace(/^#\/\$defs\//, '')
  return root.$defs?.[name] ?? {}
}

function sampleNumber(node: JsonSchema, integer: boolean): number {
  const step = integer ? 1 : (node.multipleOf ?? 0.5)
  let value = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + step : undefined)
  if (value === undefined) {
    const max = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - step : undefined)
    value = max !== undefined && max < 0 ? max : 0
  }
  if (integer) value = Math.ceil(value)
  if (node.multipleOf) value = Math.ceil(value / node.multipleOf) * node.multipleOf
  return value
}

function sampleString(node: JsonSchema, label: string, field: string): string {
  const known = node.format ? formats[node.format] : undefined
  let value = known ?? `⟨${label}'s ${field}⟩`
  if (node.minLength !== undefined && value.length < node.minLength) value = value.padEnd(node.minLength, '…')
  if (node.maxLength !== undefined && value.length > node.maxLength) value = value.slice(0, node.maxLength)
  return value
}
