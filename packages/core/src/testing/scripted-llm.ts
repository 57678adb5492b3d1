import type { FunctionCall, Part } from '@google/genai'
import { BaseLlm } from '../models/base-llm.js'
import type { LlmRequest } from '../models/llm-request.js'
import type { LlmResponse } from '../models/llm-response.js'
import { AbortError } from '../errors/runtime-errors.js'
import { ConfigError } from '../errors/config-error.js'

/** One scripted reply: a string (text reply), `text(...)`, `call(...)`, an `LlmResponse`, or an `Error` to throw. */
export type ScriptStep = string | LlmResponse | Error

/** A script entry: a step, or a function of the request that returns one. */
export type ScriptEntry = ScriptStep | ((request: LlmRequest) => ScriptStep | Promise<ScriptStep>)

export interface ScriptedLlmOptions {
  /** Model name reported in requests (default `'scripted'`). */
  model?: string
  /** Simulated latency of every call, in milliseconds (default 0). */
  delayMs?: number
}

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

function toResponse(step: ScriptStep): LlmResponse {
  if (step instanceof Error) throw step
  return typeof step === 'string' ? text(step) : step
}

/**
 * An offline model that replays a script, one entry per call, and records every request it received in
 * {@link ScriptedLlm.requests}. With streaming on, text replies arrive as partial word chunks followed by the
 * aggregated response, like a real streaming model.
 */
export class ScriptedLlm extends BaseLlm {
  /** Every request received, in order (snapshots taken when the call was made). */
  readonly requests: LlmRequest[] = []
  readonly #script: readonly ScriptEntry[]
  readonly #byAgent: ReadonlyMap<string, readonly ScriptEntry[]> | undefined
  readonly #nextByAgent = new Map<string, number>()
  readonly #delayMs: number
  #next = 0

  /**
   * @param script replies in call order, or one list of replies per agent name (for agents that run concurrently,
   *   where call order is not fixed).
   */
  constructor(script: readonly ScriptEntry[] | Readonly<Record<string, readonly ScriptEntry[]>>, options: ScriptedLlmOptions = {}) {
    super({ model: options.model ?? 'scripted' })
    if (Array.isArray(script)) {
      this.#script = [...(script as readonly ScriptEntry[])]
    } else {
      this.#script = []
      this.#byAgent = new Map(Object.entries(script as Readonly<Record<string, readonly ScriptEntry[]>>).map(([name, list]) => [name, [...list]]))
    }
    this.#delayMs = options.delayMs ?? 0
  }

  /** How many script entries have not been used yet. */
  get remaining(): number {
    if (!this.#byAgent) return this.#script.length - this.#next
    let left = 0
    for (const [name, list] of this.#byAgent) left += list.length - (this.#nextByAgent.get(name) ?? 0)
    return left
  }

  #take(agentName: string): ScriptEntry {
    if (this.#byAgent) {
      const list = this.#byAgent.get(agentName)
      const index = this.#nextByAgent.get(agentName) ?? 0
      if (!list || index >= list.length) {
        throw new ConfigError(
          `ScriptedLlm for agent "${agentName}" has no reply left: its script for "${agentName}" has ${list?.length ?? 0} entries and call ${index + 1} was made. Add replies for "${agentName}" to the script.`,
        )
      }
      this.#nextByAgent.set(agentName, index + 1)
      return list[index] as ScriptEntry
    }
    if (this.#next >= this.#script.length) {
      throw new ConfigError(
        `ScriptedLlm for agent "${agentName}" has no reply left: its script has ${this.#script.length} entr${this.#script.length === 1 ? 'y' : 'ies'} and call ${this.#next + 1} was made. Add replies to the script.`,
      )
    }
    return this.#script[this.#next++] as ScriptEntry
  }

  async *generateContentAsync(
    request: LlmRequest,
    stream = false,
    abortSignal?: AbortSignal,
  ): AsyncGenerator<LlmResponse, void, undefined> {
    this.requests.push(snapshot(request))
    const agentName = String(request.config.labels?.['adk_agent_name'] ?? 'unknown')
    const entry = this.#take(agentName)
    if (this.#delayMs > 0) await sleep(this.#delayMs, abortSignal)
    const response = toResponse(typeof entry === 'function' ? await entry(request) : entry)
    const parts = response.content?.parts
    const onlyText = parts && parts.length > 0 && parts.every((part) => typeof part.text === 'string' && !part.thought)
    if (stream && onlyText && response.content) {
      const full = parts.map((part) => part.text).join('')
      const chunks = full.match(/\S+\s*|\s+/g) ?? [full]
      for (const chunk of chunks) yield { content: { role: 'model', parts: [{ text: chunk }] }, partial: true }
      yield { ...response, content: { role: response.content.role ?? 'model', parts: [{ text: full }] } }
      return
    }
    yield response
  }
}

function snapshot(request: LlmRequest): LlmRequest {
  return {
    ...(request.model !== undefined ? { model: request.model } : {}),
    contents: [...request.contents],
    config: { ...request.config, ...(request.config.tools ? { tools: structuredClone(request.config.tools) } : {}) },
    toolsDict: { ...request.toolsDict },
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError())
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(new AbortError())
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
