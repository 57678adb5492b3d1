import { ModelError } from '@adk-fluent/core'
import type { z } from 'zod'

function withoutFence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/.exec(text)
  return fenced ? (fenced[1] as string) : text
}

/** Parses an agent's answer with its `.returns()` schema; a `ModelError` naming the agent when it does not fit. */
export function parseAnswer<T>(text: string, schema: z.ZodType<T>, agentName: string): T {
  let value: unknown
  try {
    value = JSON.parse(withoutFence(text))
  } catch (error) {
    throw new ModelError(
      `Agent "${agentName}" has .returns(schema) but its answer is not JSON. Check the agent's instruction and model, or remove .returns() to get the text.`,
      { agentName, cause: error },
    )
  }
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const problems = result.error.issues
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ')
  throw new ModelError(
    `Agent "${agentName}" answered JSON that does not match its .returns() schema (${problems}). Check the agent's instruction and model.`,
    { agentName, cause: result.error },
  )
}
