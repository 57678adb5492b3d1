import type { Content, FunctionCall } from '@adk-fluent/core'
import type { IntermediateData, Invocation, InvocationEvents } from '../schema/types.js'

/** Every tool call of an invocation: `tool_uses` as stored, or every function-call part of its invocation events. */
export function toolCallsOf(invocation: Invocation | undefined): FunctionCall[] {
  const data = invocation?.intermediateData
  if (!data) return []
  if ('invocationEvents' in data) {
    return ((data as InvocationEvents).invocationEvents ?? []).flatMap((event) =>
      (event.content?.parts ?? []).flatMap((part) => (part.functionCall ? [part.functionCall] : [])),
    )
  }
  return [...((data as IntermediateData).toolUses ?? [])]
}

/** ADK's text of a content: its text parts joined with a newline (`""` without content). */
export function textOf(content: Content | undefined): string {
  return (content?.parts ?? [])
    .filter((part) => typeof part.text === 'string' && part.text.length > 0)
    .map((part) => part.text)
    .join('\n')
}
