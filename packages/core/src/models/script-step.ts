import type { FunctionCall, Part } from './genai-types.js'
import type { LlmRequest } from './llm-request.js'
import type { LlmResponse } from './llm-response.js'

/** One scripted reply: a string (text reply), `text(...)`, `call(...)`, an `LlmResponse`, or an `Error` to throw. */
export type ScriptStep = string | LlmResponse | Error

/** A script entry: a step, or a function of the request that returns one. */
export type ScriptEntry = ScriptStep | ((request: LlmRequest) => ScriptStep | Promise<ScriptStep>)

/** A text response. */
export function text(value: string): LlmResponse {
  return { content: { role: 'model', parts: [{ text: value }] } }
}

/**
 * A response with function calls: `call('get_weather', { city: 'Tokyo' })` for one call, or
 * `call([['a', {}], ['b', { x: 1 }]])` for parallel calls in one response.
 */
export function call(name: string, args?: Record<string, unknown>, id?: string): LlmResponse
export function call(calls: ReadonlyArray<readonly [string, Record<string, unknown>?, string?]>): LlmResponse
export function call(
  nameOrCalls: string | ReadonlyArray<readonly [string, Record<string, unknown>?, string?]>,
  args: Record<string, unknown> = {},
  id?: string,
): LlmResponse {
  const list = typeof nameOrCalls === 'string' ? [[nameOrCalls, args, id] as const] : nameOrCalls
  const parts: Part[] = list.map(([name, callArgs, callId]) => {
    const functionCall: FunctionCall = { name, args: callArgs ?? {} }
    if (callId !== undefined) functionCall.id = callId
    return { functionCall }
  })
  return { content: { role: 'model', parts } }
}

/** The response a script entry stands for (a function entry is called with the request; an `Error` is thrown). */
export async function resolveScriptEntry(entry: ScriptEntry, request: LlmRequest): Promise<LlmResponse> {
  const step = typeof entry === 'function' ? await entry(request) : entry
  if (step instanceof Error) throw step
  return typeof step === 'string' ? text(step) : step
}

/**
 * A copy of a request as a model received it, safe to keep: the contents list, the config and its tool
 * declarations are copied (the content objects themselves are shared; models must not modify them).
 */
export function snapshotLlmRequest(request: LlmRequest): LlmRequest {
  return {
    ...(request.model !== undefined ? { model: request.model } : {}),
    contents: [...request.contents],
    config: { ...request.config, ...(request.config.tools ? { tools: structuredClone(request.config.tools) } : {}) },
    toolsDict: { ...request.toolsDict },
  }
}
