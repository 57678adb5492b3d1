import type { FunctionDeclaration, Schema } from '../models/genai-types.js'
import type { z } from 'zod'
import { BaseTool } from '../tools/base-tool.js'
import type { Context } from '../agents/context.js'
import { zodToSchema } from '../tools/zod-to-schema.js'

/** Name of the tool that carries the final answer of an agent with both tools and an output schema. */
export const SET_MODEL_RESPONSE_TOOL_NAME = 'set_model_response'

/** Instruction added when the final answer goes through {@link SET_MODEL_RESPONSE_TOOL_NAME}. */
export const SET_MODEL_RESPONSE_INSTRUCTION =
  'To output the final result, you must call the "set_model_response" function with the appropriate values. Do not output anything else.'

const schemaCache = new WeakMap<object, Schema>()

/** The genai schema of a zod output schema (converted once per schema object). */
export function responseSchemaOf(schema: z.ZodType): Schema {
  let converted = schemaCache.get(schema)
  if (!converted) {
    converted = zodToSchema(schema)
    schemaCache.set(schema, converted)
  }
  return converted
}

/** Outcome of checking a model's text against an output schema. */
export type StructuredOutput = { ok: true; value: unknown } | { ok: false; problem: string }

/** Parses `text` as JSON and validates it against `schema` (zod defaults applied). */
export function validateStructuredOutput(schema: z.ZodType, text: string): StructuredOutput {
  let parsed: unknown
  try {
    parsed = JSON.parse(stripFences(text))
  } catch (error) {
    return { ok: false, problem: `the reply is not valid JSON (${(error as Error).message})` }
  }
  const result = schema.safeParse(parsed)
  if (result.success) return { ok: true, value: result.data }
  const issues = result.error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ')
  return { ok: false, problem: `the JSON does not match the schema (${issues})` }
}

/** The value `outputKey` stores for a structured answer: the validated object, else the parsed JSON, else the text. */
export function parseStructuredOutput(schema: z.ZodType, text: string): unknown {
  const checked = validateStructuredOutput(schema, text)
  if (checked.ok) return checked.value
  try {
    return JSON.parse(stripFences(text))
  } catch {
    return text
  }
}

function stripFences(text: string): string {
  const trimmed = text.trim()
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/.exec(trimmed)
  return fenced ? (fenced[1] as string) : trimmed
}

/**
 * The `set_model_response` tool. The flow intercepts valid calls (the arguments become the final answer, the tool
 * never runs); a call with invalid arguments reaches `runAsync`, which tells the model what to fix.
 */
export class SetModelResponseTool extends BaseTool {
  readonly schema: z.ZodType

  constructor(schema: z.ZodType) {
    super({
      name: SET_MODEL_RESPONSE_TOOL_NAME,
      description:
        'Call this tool to submit your final response conforming to the output schema. Use this tool only when you have collected all the information and are ready to return the final answer.',
    })
    this.schema = schema
  }

  override getDeclaration(): FunctionDeclaration {
    return { name: this.name, description: this.description, parameters: responseSchemaOf(this.schema) }
  }

  async runAsync({ args }: { args: Record<string, unknown>; toolContext: Context }): Promise<unknown> {
    const checked = validateStructuredOutput(this.schema, JSON.stringify(args))
    if (checked.ok) return checked.value
    return {
      error: `Invalid arguments for ${SET_MODEL_RESPONSE_TOOL_NAME}: ${checked.problem}. Call it again with arguments that match the schema.`,
    }
  }
}
