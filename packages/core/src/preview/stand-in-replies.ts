import type { z } from 'zod'
import type { LlmAgent } from '../agents/llm-agent.js'
import { ConfigError } from '../errors/config-error.js'
import type { LlmRequest } from '../models/llm-request.js'
import type { LlmResponse } from '../models/llm-response.js'
import { call, resolveScriptEntry, text, type ScriptEntry } from '../models/script-step.js'
import { usesSetModelResponse } from '../flows/build-llm-request.js'
import { SET_MODEL_RESPONSE_TOOL_NAME, validateStructuredOutput } from '../flows/output-schema.js'
import { sampleFromSchema } from './sample-from-schema.js'

/** Where a stand-in reply came from. */
export type PreviewReplySource = 'replies' | 'placeholder'

/**
 * The replies of the preview's stand-in model: the user's per-agent replies (in `ScriptedLlm` shapes) while they
 * last, else a deterministic placeholder (`⟨writer's reply⟩`, or a value generated from the output schema).
 */
export class StandInReplies {
  readonly #replies: ReadonlyMap<string, readonly ScriptEntry[]>
  readonly #used = new Map<string, number>()

  constructor(replies: Readonly<Record<string, readonly ScriptEntry[]>> = {}) {
    this.#replies = new Map(Object.entries(replies).map(([name, list]) => [name, [...list]]))
  }

  /** Names given replies that are not all used yet, with how many are left. */
  unused(): { agent: string; left: number }[] {
    return [...this.#replies].flatMap(([agent, list]) => {
      const left = list.length - (this.#used.get(agent) ?? 0)
      return left > 0 ? [{ agent, left }] : []
    })
  }

  /** The reply to call number `callNumber` (1-based) of `agent`. */
  async next(
    agent: LlmAgent,
    callNumber: number,
    request: LlmRequest,
  ): Promise<{ reply: LlmResponse; source: PreviewReplySource }> {
    const list = this.#replies.get(agent.name)
    if (!list) return { reply: placeholderReply(agent, request), source: 'placeholder' }
    const index = this.#used.get(agent.name) ?? 0
    if (index >= list.length) {
      throw new ConfigError(
        [
          {
            code: 'script_exhausted',
            // No path: the message names the agent and the call (the CLI shows it as is).
            path: [],
            message: `Preview replies for agent "${agent.name}" ran out: call ${callNumber} of "${agent.name}" was made, and replies["${agent.name}"] has ${list.length} entr${list.length === 1 ? 'y' : 'ies'}.`,
            hint: `Add a reply for call ${callNumber}: ${expectedReply(agent)}.`,
          },
        ],
        { agentName: agent.name },
      )
    }
    this.#used.set(agent.name, index + 1)
    const reply = await resolveScriptEntry(list[index] as ScriptEntry, request)
    checkStructuredReply(agent, callNumber, reply)
    return { reply, source: 'replies' }
  }
}

/**
 * The placeholder reply of an agent: `⟨name's reply⟩`, or schema-satisfying JSON (through set_model_response with
 * tools). A call that asks for JSON by a `responseJsonSchema` of its own (a guard's judge, say) gets a value of that
 * schema: the first `enum` value, `⟨name's reply⟩` for strings.
 */
export function placeholderReply(agent: LlmAgent, request?: LlmRequest): LlmResponse {
  const schema = agent.outputSchema
  const requested = request?.config.responseJsonSchema
  if (!schema && typeof requested === 'object' && requested !== null) {
    return text(JSON.stringify(sampleJsonSchema(requested, agent.name)))
  }
  if (!schema) return text(`⟨${agent.name}'s reply⟩`)
  const sampled = sampleFromSchema(schema, agent.name)
  if (!sampled) {
    throw new ConfigError(
      [
        {
          code: 'preview_reply_invalid',
          path: [],
          message: `Preview of agent "${agent.name}": no placeholder value satisfies its output schema (a refinement or pattern the generator cannot meet).`,
          hint: `Give the reply yourself: replies: { ${agent.name}: ['<JSON that matches the schema>'] }.`,
        },
      ],
      { agentName: agent.name },
    )
  }
  if (usesSetModelResponse(agent)) return call(SET_MODEL_RESPONSE_TOOL_NAME, sampled.value as Record<string, unknown>)
  return text(JSON.stringify(sampled.value))
}

function expectedReply(agent: LlmAgent): string {
  const schema = agent.outputSchema
  if (!schema) return 'a text reply, or a tool call such as call("tool", { ... })'
  const example = exampleJson(schema, agent.name)
  return usesSetModelResponse(agent)
    ? `a tool call, or a ${SET_MODEL_RESPONSE_TOOL_NAME} call whose arguments match the output schema${example ? ` (for example ${example})` : ''}`
    : `JSON that matches the output schema${example ? ` (for example ${example})` : ''}, or a tool call`
}

function exampleJson(schema: z.ZodType, label: string): string | undefined {
  const sampled = sampleFromSchema(schema, label)
  return sampled ? JSON.stringify(sampled.value) : undefined
}

/** A final reply of an agent with an output schema must satisfy it (a run would need a repair round). */
function checkStructuredReply(agent: LlmAgent, callNumber: number, reply: LlmResponse): void {
  const schema = agent.outputSchema
  const parts = reply.content?.parts ?? []
  if (!schema || parts.length === 0) return
  const calls = parts.filter((part) => part.functionCall)
  let json: string | undefined
  if (calls.length > 0) {
    const final = calls.find((part) => part.functionCall?.name === SET_MODEL_RESPONSE_TOOL_NAME)
    if (!final) return
    json = JSON.stringify(final.functionCall?.args ?? {})
  } else {
    json = parts.map((part) => (typeof part.text === 'string' && !part.thought ? part.text : '')).join('')
    if (json.trim().length === 0) return
  }
  const checked = validateStructuredOutput(schema, json)
  if (checked.ok) return
  throw new ConfigError(
    [
      {
        code: 'preview_reply_invalid',
        path: [],
        message: `Preview reply ${callNumber} of agent "${agent.name}" does not satisfy its output schema: ${checked.problem}.`,
        hint: `Expected ${expectedReply(agent)}.`,
      },
    ],
    { agentName: agent.name },
  )
}

/** A value of a plain JSON schema (objects, enums, strings, numbers, booleans, arrays), for placeholders. */
function sampleJsonSchema(schema: unknown, name: string): unknown {
  const node = (typeof schema === 'object' && schema !== null ? schema : {}) as {
    type?: unknown
    enum?: readonly unknown[]
    properties?: Record<string, unknown>
    items?: unknown
  }
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0]
  switch (node.type) {
    case 'object': {
      const value: Record<string, unknown> = {}
      for (const [key, property] of Object.entries(node.properties ?? {})) value[key] = sampleJsonSchema(property, name)
      return value
    }
    case 'array':
      return []
    case 'number':
    case 'integer':
      return 0
    case 'boolean':
      return false
    default:
      return `⟨${name}'s reply⟩`
  }
}
