import type { Content, Tool } from './genai-types.js'
import { genaiSchemaToJsonSchema } from './genai-schema-to-json-schema.js'
import type { LlmRequest } from './llm-request.js'

/** One message of an OpenAI-style chat completion request. */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string }

/** A tool call as OpenAI-style APIs send and receive it. */
export interface ChatToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

/**
 * Turns an {@link LlmRequest} into an OpenAI-style `/chat/completions` body: the system instruction as a system
 * message, model turns as assistant messages (function calls as `tool_calls`), function responses as `tool`
 * messages, function declarations as `tools` (genai schemas turned into JSON Schema), and the usual generation
 * parameters. Calls without an id (the runtime strips its own `adk-` ids) get positional ids that their responses
 * are matched to by name, in order. Thought parts are not sent.
 */
export function toChatCompletionRequest(request: LlmRequest, model: string): Record<string, unknown> {
  const config = request.config
  const messages: ChatMessage[] = config.systemInstruction
    ? [{ role: 'system', content: config.systemInstruction }]
    : []
  const pendingIds = new Map<string, string[]>()
  request.contents.forEach((content, contentIndex) => messages.push(...toMessages(content, contentIndex, pendingIds)))
  const declarations = ((config.tools ?? []) as Tool[]).flatMap((tool) => tool.functionDeclarations ?? [])
  const schema =
    config.responseJsonSchema ?? (config.responseSchema ? genaiSchemaToJsonSchema(config.responseSchema) : undefined)
  const body: Record<string, unknown> = {
    model: request.model ?? model,
    messages,
    temperature: config.temperature,
    top_p: config.topP,
    max_tokens: config.maxOutputTokens,
    stop: config.stopSequences,
    seed: config.seed,
    presence_penalty: config.presencePenalty,
    frequency_penalty: config.frequencyPenalty,
  }
  if (declarations.length > 0) {
    body['tools'] = declarations.map((declaration) => ({
      type: 'function',
      function: {
        name: declaration.name,
        description: declaration.description ?? '',
        parameters:
          declaration.parametersJsonSchema ??
          (declaration.parameters
            ? genaiSchemaToJsonSchema(declaration.parameters)
            : { type: 'object', properties: {} }),
      },
    }))
  }
  if (schema) body['response_format'] = { type: 'json_schema', json_schema: { name: 'response', schema } }
  else if (config.responseMimeType === 'application/json') body['response_format'] = { type: 'json_object' }
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined))
}

function toMessages(content: Content, contentIndex: number, pendingIds: Map<string, string[]>): ChatMessage[] {
  const parts = content.parts ?? []
  const text = parts
    .filter((part) => typeof part.text === 'string' && !part.thought)
    .map((part) => part.text)
    .join('')
  if (content.role === 'model') {
    const toolCalls = parts.flatMap((part, partIndex): ChatToolCall[] => {
      if (!part.functionCall) return []
      const name = part.functionCall.name ?? ''
      const id = part.functionCall.id ?? `call_${contentIndex}_${partIndex}`
      pendingIds.set(name, [...(pendingIds.get(name) ?? []), id])
      return [{ id, type: 'function', function: { name, arguments: JSON.stringify(part.functionCall.args ?? {}) } }]
    })
    return [{ role: 'assistant', content: text || null, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) }]
  }
  const messages: ChatMessage[] = parts.flatMap((part): ChatMessage[] => {
    if (!part.functionResponse) return []
    const name = part.functionResponse.name ?? ''
    const id = part.functionResponse.id ?? pendingIds.get(name)?.shift() ?? name
    return [{ role: 'tool', tool_call_id: id, content: JSON.stringify(part.functionResponse.response ?? {}) }]
  })
  if (text) messages.push({ role: 'user', content: text })
  return messages
}
