import type { Content } from '@google/genai'
import * as core from '@adk-fluent/core'
import * as adk from '@google/adk'

/** What both scripted models answer: a fresh response computed from the request's contents (never shared objects). */
export type Responder = (contents: readonly Content[]) => ScriptedReply

/** A reply in the shape both runtimes accept (`LlmResponse` is structurally the same in both). */
export interface ScriptedReply {
  content: Content
}

export interface ScriptedModelOptions {
  /** Fixed latency of every call in milliseconds (scenario C); 0 answers without a timer. */
  delayMs?: number
}

/**
 * The string as it would arrive from a model API or a chat front end: flat, not the rope a template literal builds
 * (V8 keeps `${a} b ${c}` as a chain of cons strings, which would inflate retained memory in both runtimes).
 */
export function wire(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string
}

/** A text reply. */
export function textReply(text: string): ScriptedReply {
  return { content: { role: 'model', parts: [{ text }] } }
}

/** A reply with one function call (no id: each runtime assigns its own). */
export function callReply(name: string, args: Record<string, unknown>): ScriptedReply {
  return { content: { role: 'model', parts: [{ functionCall: { name, args } }] } }
}

/** Always the same text (a fresh object per call). */
export function constantText(text: string): Responder {
  return () => textReply(text)
}

/** The system instruction of a request as text (ADK allows a Content there; ours is always a string). */
export function systemText(config: { systemInstruction?: unknown } | undefined): string {
  const value = config?.systemInstruction
  if (typeof value === 'string') return value
  if (value && typeof value === 'object' && 'parts' in value) {
    const parts = (value as Content).parts ?? []
    return parts.map((part) => part.text ?? '').join('')
  }
  return ''
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** The scripted zero-latency model for `@adk-fluent/core`; it notes what the last request held, for checks. */
export class OurScriptedModel extends core.BaseLlm {
  /** What the last request carried (the request itself is not kept: holding it would keep its contents alive). */
  lastContentCount = 0
  lastSystemInstruction = ''
  calls = 0
  readonly #respond: Responder
  readonly #delayMs: number

  constructor(respond: Responder, options: ScriptedModelOptions = {}) {
    super({ model: 'scripted' })
    this.#respond = respond
    this.#delayMs = options.delayMs ?? 0
  }

  async *generateContentAsync(request: core.LlmRequest): AsyncGenerator<core.LlmResponse, void, undefined> {
    this.lastContentCount = request.contents.length
    this.lastSystemInstruction = systemText(request.config)
    this.calls++
    if (this.#delayMs > 0) await sleep(this.#delayMs)
    // Core's contents are Gemini's wire shape in core's own types; the responders read them as @google/genai's.
    yield this.#respond(request.contents as unknown as readonly Content[])
  }
}

/** The same scripted model for `@google/adk` 2.0.0. */
export class AdkScriptedModel extends adk.BaseLlm {
  /** What the last request carried (the request itself is not kept: holding it would keep its contents alive). */
  lastContentCount = 0
  lastSystemInstruction = ''
  calls = 0
  readonly #respond: Responder
  readonly #delayMs: number

  constructor(respond: Responder, options: ScriptedModelOptions = {}) {
    super({ model: 'scripted' })
    this.#respond = respond
    this.#delayMs = options.delayMs ?? 0
  }

  async *generateContentAsync(request: adk.LlmRequest): AsyncGenerator<adk.LlmResponse, void> {
    this.lastContentCount = request.contents.length
    this.lastSystemInstruction = systemText(request.config)
    this.calls++
    if (this.#delayMs > 0) await sleep(this.#delayMs)
    yield this.#respond(request.contents)
  }

  connect(): Promise<adk.BaseLlmConnection> {
    return Promise.reject(new Error('AdkScriptedModel does not support live connections.'))
  }
}
