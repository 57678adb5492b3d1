import type { BaseTool, Context } from '@adk-fluent/core'
import { ForwardingTool } from './forwarding-tool.js'

type Call = { args: Record<string, unknown>; toolContext: Context }

/** A key for a call's arguments: their JSON with sorted object keys. @internal */
export function argumentsKey(args: unknown): string {
  return JSON.stringify(args, (_, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  )
}

/** `T.cache(tool, { ttlMs })`: equal arguments within `ttlMs` answer the stored result without running the tool. @internal */
export class CachedTool extends ForwardingTool {
  readonly #ttlMs: number
  readonly #key: (args: Record<string, unknown>) => string
  readonly #entries = new Map<string, { readonly at: number; readonly result: unknown }>()

  constructor(inner: BaseTool, ttlMs: number, key: (args: Record<string, unknown>) => string) {
    super(inner)
    this.#ttlMs = ttlMs
    this.#key = key
  }

  override async runAsync(request: Call): Promise<unknown> {
    const key = this.#key(request.args)
    const cached = this.#entries.get(key)
    if (cached && Date.now() - cached.at < this.#ttlMs) return cached.result
    const result = await this.inner.runAsync(request)
    const failed = typeof result === 'object' && result !== null && 'error' in result
    if (!failed) this.#entries.set(key, { at: Date.now(), result })
    return result
  }
}

/** `T.transform(tool, { pre, post })`: arguments rewritten before the call, the result after it. @internal */
export class TransformedTool extends ForwardingTool {
  readonly #pre: ((args: Record<string, unknown>) => Record<string, unknown>) | undefined
  readonly #post: ((result: unknown) => unknown) | undefined

  constructor(
    inner: BaseTool,
    pre?: (args: Record<string, unknown>) => Record<string, unknown>,
    post?: (result: unknown) => unknown,
  ) {
    super(inner)
    this.#pre = pre
    this.#post = post
  }

  override async runAsync(request: Call): Promise<unknown> {
    const args = this.#pre ? this.#pre(request.args) : request.args
    const result = await this.inner.runAsync({ ...request, args })
    return this.#post ? this.#post(result) : result
  }
}

/**
 * `T.effectful(tool, { key })`: an idempotent side effect. The result of each effect key is stored in session state
 * (`_effects_<tool>`), so a repeated call with the same key (a retry, a resumed run, a loop round) answers the
 * stored result instead of doing the effect again.
 * @internal
 */
export class EffectfulTool extends ForwardingTool {
  readonly #key: (args: Record<string, unknown>) => string
  readonly stateKey: string

  constructor(inner: BaseTool, key: (args: Record<string, unknown>) => string) {
    super(inner)
    this.#key = key
    this.stateKey = `_effects_${inner.name.replace(/[^A-Za-z0-9_]/g, '_')}`
  }

  override async runAsync(request: Call): Promise<unknown> {
    const key = this.#key(request.args)
    const done = (request.toolContext.state.get(this.stateKey) ?? {}) as Record<string, unknown>
    if (Object.prototype.hasOwnProperty.call(done, key)) return done[key]
    const result = await this.inner.runAsync(request)
    const failed = typeof result === 'object' && result !== null && 'error' in result
    if (!failed) request.toolContext.state.set(this.stateKey, { ...done, [key]: result })
    return result
  }
}
