import { BaseLlm } from '../models/base-llm.js'
import type { LlmRequest } from '../models/llm-request.js'
import type { LlmResponse } from '../models/llm-response.js'
import { AbortError } from '../errors/runtime-errors.js'
import { ConfigError } from '../errors/config-error.js'
import { snapshotLlmRequest, text, type ScriptEntry } from '../models/script-step.js'

export { call, text } from '../models/script-step.js'
export type { ScriptEntry, ScriptStep } from '../models/script-step.js'

export interface ScriptedLlmOptions {
  /** Model name reported in requests (default `'scripted'`). */
  model?: string
  /** Simulated latency of every call, in milliseconds (default 0). */
  delayMs?: number
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
  constructor(
    script: readonly ScriptEntry[] | Readonly<Record<string, readonly ScriptEntry[]>>,
    options: ScriptedLlmOptions = {},
  ) {
    super({ model: options.model ?? 'scripted' })
    if (Array.isArray(script)) {
      this.#script = [...(script as readonly ScriptEntry[])]
    } else {
      this.#script = []
      this.#byAgent = new Map(
        Object.entries(script as Readonly<Record<string, readonly ScriptEntry[]>>).map(([name, list]) => [
          name,
          [...list],
        ]),
      )
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
        // No path: the message starts with what failed (servers and CLIs show it as is).
        throw new ConfigError([
          {
            code: 'script_exhausted',
            path: [],
            message: `ScriptedLlm for agent "${agentName}" has no reply left: its script for "${agentName}" has ${list?.length ?? 0} entries and call ${index + 1} was made.`,
            hint: `Add replies for "${agentName}" to the script.`,
          },
        ])
      }
      this.#nextByAgent.set(agentName, index + 1)
      return list[index] as ScriptEntry
    }
    if (this.#next >= this.#script.length) {
      throw new ConfigError([
        {
          code: 'script_exhausted',
          path: [],
          message: `ScriptedLlm for agent "${agentName}" has no reply left: its script has ${this.#script.length} entr${this.#script.length === 1 ? 'y' : 'ies'} and call ${this.#next + 1} was made.`,
          hint: 'Add replies to the script.',
        },
      ])
    }
    return this.#script[this.#next++] as ScriptEntry
  }

  async *generateContentAsync(
    request: LlmRequest,
    stream = false,
    abortSignal?: AbortSignal,
  ): AsyncGenerator<LlmResponse, void, undefined> {
    this.requests.push(snapshotLlmRequest(request))
    const agentName = String(request.config.labels?.['adk_agent_name'] ?? 'unknown')
    const entry = this.#take(agentName)
    if (this.#delayMs > 0) await sleep(this.#delayMs, abortSignal)
    const step = typeof entry === 'function' ? await entry(request) : entry
    if (step instanceof Error) throw step
    const response = typeof step === 'string' ? text(step) : step
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
