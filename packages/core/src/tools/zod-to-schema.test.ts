import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ConfigError } from '../errors/config-error.js'
import { isZodSchema, toGenaiSchema, zodToSchema } from './zod-to-schema.js'

describe('zodToSchema', () => {
  it('converts a flat object with upper-case types and required fields', () => {
    expect(zodToSchema(z.object({ a: z.number(), b: z.number() }))).toEqual({
      type: 'OBJECT',
      properties: { a: { type: 'NUMBER' }, b: { type: 'NUMBER' } },
      required: ['a', 'b'],
    })
  })

  it('maps every primitive type', () => {
    const schema = zodToSchema(z.object({ s: z.string(), n: z.number(), i: z.int(), b: z.boolean() }))
    expect(schema.properties).toEqual({
      s: { type: 'STRING' },
      n: { type: 'NUMBER' },
      i: { type: 'INTEGER' },
      b: { type: 'BOOLEAN' },
    })
  })

  it('leaves optional and defaulted fields out of required', () => {
    const schema = zodToSchema(z.object({ a: z.number(), b: z.number().default(2), c: z.string().optional() }))
    expect(schema.required).toEqual(['a'])
    expect(schema.properties).toEqual({ a: { type: 'NUMBER' }, b: { type: 'NUMBER' }, c: { type: 'STRING' } })
  })

  it('omits required when every field is optional', () => {
    expect(zodToSchema(z.object({ a: z.string().optional() }))).toEqual({
      type: 'OBJECT',
      properties: { a: { type: 'STRING' } },
    })
  })

  it('carries .describe() as description, wherever it is called in the chain', () => {
    const schema = zodToSchema(
      z
        .object({
          city: z.string().describe('The city.'),
          days: z.number().optional().describe('How many days.'),
          unit: z.enum(['c', 'f']).nullable().describe('Unit.'),
        })
        .describe('Weather query.'),
    )
    expect(schema).toEqual({
      type: 'OBJECT',
      description: 'Weather query.',
      properties: {
        city: { type: 'STRING', description: 'The city.' },
        days: { type: 'NUMBER', description: 'How many days.' },
        unit: { type: 'STRING', enum: ['c', 'f'], nullable: true, description: 'Unit.' },
      },
      required: ['city', 'unit'],
    })
  })

  it('turns enums and string literals into STRING + enum', () => {
    const schema = zodToSchema(
      z.object({ e: z.enum(['x', 'y']), l: z.literal('only'), u: z.union([z.literal('a'), z.literal('b')]) }),
    )
    expect(schema.properties).toEqual({
      e: { type: 'STRING', enum: ['x', 'y'] },
      l: { type: 'STRING', enum: ['only'] },
      u: { type: 'STRING', enum: ['a', 'b'] },
    })
  })

  it('sends numeric enums as strings with format enum', () => {
    const schema = zodToSchema(z.object({ n: z.union([z.literal(1), z.literal(2)]) }))
    expect(schema.properties?.['n']).toEqual({ type: 'INTEGER', format: 'enum', enum: ['1', '2'] })
  })

  it('marks nullable fields, primitive and object', () => {
    const schema = zodToSchema(z.object({ s: z.string().nullable(), o: z.object({ q: z.string() }).nullable() }))
    expect(schema.properties).toEqual({
      s: { type: 'STRING', nullable: true },
      o: { type: 'OBJECT', properties: { q: { type: 'STRING' } }, required: ['q'], nullable: true },
    })
  })

  it('converts arrays with items, nested objects and counts', () => {
    const schema = zodToSchema(
      z.object({
        rows: z
          .array(z.object({ id: z.string(), tags: z.array(z.string()) }))
          .min(1)
          .max(3),
      }),
    )
    expect(schema.properties?.['rows']).toEqual({
      type: 'ARRAY',
      minItems: '1',
      maxItems: '3',
      items: {
        type: 'OBJECT',
        properties: { id: { type: 'STRING' }, tags: { type: 'ARRAY', items: { type: 'STRING' } } },
        required: ['id', 'tags'],
      },
    })
  })

  it('drops additionalProperties, $schema and zod-generated format patterns', () => {
    const schema = zodToSchema(z.strictObject({ email: z.email(), code: z.string().regex(/^[A-Z]{3}$/) }))
    expect(schema).toEqual({
      type: 'OBJECT',
      properties: { email: { type: 'STRING' }, code: { type: 'STRING', pattern: '^[A-Z]{3}$' } },
      required: ['email', 'code'],
    })
    expect(JSON.stringify(schema)).not.toMatch(/additionalProperties|\$schema/)
  })

  it('keeps user bounds and drops the implicit safe-integer range', () => {
    const schema = zodToSchema(z.object({ n: z.number().min(0).max(10), i: z.int(), s: z.string().min(2).max(5) }))
    expect(schema.properties).toEqual({
      n: { type: 'NUMBER', minimum: 0, maximum: 10 },
      i: { type: 'INTEGER' },
      s: { type: 'STRING', minLength: '2', maxLength: '5' },
    })
  })

  it('converts unions of different shapes to anyOf', () => {
    const schema = zodToSchema(
      z.object({
        v: z.union([z.string(), z.number()]),
        d: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('a'), x: z.string() }),
          z.object({ kind: z.literal('b') }),
        ]),
      }),
    )
    expect(schema.properties?.['v']).toEqual({ anyOf: [{ type: 'STRING' }, { type: 'NUMBER' }] })
    expect(schema.properties?.['d']).toEqual({
      anyOf: [
        {
          type: 'OBJECT',
          properties: { kind: { type: 'STRING', enum: ['a'] }, x: { type: 'STRING' } },
          required: ['kind', 'x'],
        },
        { type: 'OBJECT', properties: { kind: { type: 'STRING', enum: ['b'] } }, required: ['kind'] },
      ],
    })
  })

  it('describes the input side of transforms', () => {
    const schema = zodToSchema(z.object({ n: z.string().transform(Number) }))
    expect(schema.properties?.['n']).toEqual({ type: 'STRING' })
  })

  it('expands shared sub-schemas inline and cuts recursion', () => {
    const Tree = z.object({
      name: z.string(),
      get children() {
        return z.array(Tree)
      },
    })
    expect(zodToSchema(Tree)).toEqual({
      type: 'OBJECT',
      properties: { name: { type: 'STRING' }, children: { type: 'ARRAY', items: { type: 'OBJECT' } } },
      required: ['name', 'children'],
    })
    const Point = z.object({ x: z.number() })
    const shared = zodToSchema(z.object({ from: Point, to: Point }))
    expect(shared.properties?.['to']).toEqual(shared.properties?.['from'])
  })

  it('throws a ConfigError for types JSON cannot carry', () => {
    expect(() => zodToSchema(z.object({ when: z.date() }))).toThrow(ConfigError)
    expect(() => zodToSchema(z.object({ when: z.date() }))).toThrow(/Date cannot be represented in JSON Schema/)
  })
})

describe('toGenaiSchema', () => {
  it('converts zod schemas and passes genai schemas through unchanged', () => {
    const genai = { type: 'OBJECT' as never, properties: { q: { type: 'STRING' as never } } }
    expect(toGenaiSchema(genai)).toBe(genai)
    expect(toGenaiSchema(z.object({ q: z.string() }))).toEqual({
      type: 'OBJECT',
      properties: { q: { type: 'STRING' } },
      required: ['q'],
    })
  })

  it('recognises zod schemas', () => {
    expect(isZodSchema(z.string())).toBe(true)
    expect(isZodSchema({ type: 'STRING' })).toBe(false)
    expect(isZodSchema(undefined)).toBe(false)
  })
})
