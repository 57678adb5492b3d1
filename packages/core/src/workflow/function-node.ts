import { createEvent, isEvent, type Event } from '../events/event.js'
import { ConfigError } from '../errors/config-error.js'
import { describeValue } from '../util/describe-value.js'
import { BaseNode, isContent, outputEvent, type BaseNodeConfig } from './base-node.js'
import type { NodeContext } from './node-context.js'

/** What a {@link FunctionNodeHandler} may return or yield. */
export type FunctionNodeResult<TOutput> = TOutput | Event | null | undefined | void

/**
 * The function a {@link FunctionNode} wraps: `(ctx, input)` returning a value, an event, a promise of one, or a (sync
 * or async) generator of them. Read state through `ctx.state`.
 */
export type FunctionNodeHandler<TInput = unknown, TOutput = unknown> = (
  ctx: NodeContext,
  input: TInput,
) =>
  | FunctionNodeResult<TOutput>
  | Promise<FunctionNodeResult<TOutput>>
  | Generator<FunctionNodeResult<TOutput>, void, unknown>
  | AsyncGenerator<FunctionNodeResult<TOutput>, void, unknown>

/** Options of a {@link FunctionNode}: a node's configuration without its name. */
export type FunctionNodeConfig = Partial<Omit<BaseNodeConfig, 'name'>>

/**
 * A node that runs a plain function (ADK 2.0 `FunctionNode`). An event it returns passes as is; genai `Content`
 * becomes the event's content; `null`/`undefined` is skipped unless state was written; any other value becomes an
 * event whose `output` is the value. State written through `ctx.state` rides on the next event it emits (each key once).
 * @example
 * const classify = new FunctionNode('classify', (ctx, text: string) => (text.endsWith('?') ? 'question' : 'statement'))
 */
export class FunctionNode<TInput = unknown, TOutput = unknown> extends BaseNode<TInput, TOutput> {
  // Plain (not #private) fields: `node(fn, options)` copies a node with its own properties.
  private readonly handler: FunctionNodeHandler<TInput, TOutput>
  /** Per run: the state entries already sent on an event. */
  private readonly attached = new WeakMap<NodeContext, Map<string, unknown>>()

  constructor(name: string, handler: FunctionNodeHandler<TInput, TOutput>, config: FunctionNodeConfig = {}) {
    if (typeof handler !== 'function') {
      throw new ConfigError([
        {
          code: 'function_invalid',
          path: ['FunctionNode', String(name), 'handler'],
          message: `FunctionNode handler must be a function (got ${describeValue(handler)}).`,
        },
      ])
    }
    super({ ...config, name })
    this.handler = handler
  }

  protected async *runImpl(ctx: NodeContext, input: TInput): AsyncGenerator<unknown, void, undefined> {
    const result = this.handler(ctx, input)
    if (isAsyncIterable(result)) {
      for await (const item of result) yield item
    } else if (isSyncGenerator(result)) {
      for (const item of result) yield item
    } else {
      yield result instanceof Promise ? await result : result
    }
    // State written after the last item still needs an event.
    yield undefined
  }

  protected override toEvent(ctx: NodeContext, data: unknown): Event | null {
    const stateDelta = this.#pendingStateDelta(ctx)
    if (data === null || data === undefined) {
      if (!stateDelta) return null
      const event = createEvent({ author: this.name, invocationId: ctx.invocationId, actions: { stateDelta } })
      if (ctx.branch !== undefined) event.branch = ctx.branch
      return event
    }
    if (isEvent(data)) {
      if (data.output !== undefined) data.output = this.validateOutput(data.output)
      // Keys the handler put on the event win over the same keys written through ctx.state.
      if (stateDelta) data.actions.stateDelta = { ...stateDelta, ...data.actions.stateDelta }
      this.#markAttached(ctx, data.actions.stateDelta)
      return data
    }
    if (isContent(data)) {
      const event = createEvent({ author: this.name, invocationId: ctx.invocationId, content: data })
      if (stateDelta) event.actions.stateDelta = stateDelta
      if (ctx.branch !== undefined) event.branch = ctx.branch
      return event
    }
    const event = outputEvent(this.name, ctx, this.validateOutput(data))
    if (stateDelta) event.actions.stateDelta = stateDelta
    return event
  }

  /** The state entries written since the last event of this run (new keys or changed values). */
  #pendingStateDelta(ctx: NodeContext): Record<string, unknown> | undefined {
    const written = ctx.actions.stateDelta
    let delta: Record<string, unknown> | undefined
    let shadow: Map<string, unknown> | undefined
    for (const key in written) {
      shadow ??= this.#shadowOf(ctx)
      const value = written[key]
      if (shadow.has(key) && shadow.get(key) === value) continue
      ;(delta ??= {})[key] = value
      shadow.set(key, value)
    }
    return delta
  }

  /** Records an event's state as sent, and applies it to the run's own view of state. */
  #markAttached(ctx: NodeContext, delta: Record<string, unknown>): void {
    let shadow: Map<string, unknown> | undefined
    for (const key in delta) {
      shadow ??= this.#shadowOf(ctx)
      ctx.actions.stateDelta[key] = delta[key]
      shadow.set(key, delta[key])
    }
  }

  #shadowOf(ctx: NodeContext): Map<string, unknown> {
    let shadow = this.attached.get(ctx)
    if (!shadow) this.attached.set(ctx, (shadow = new Map()))
    return shadow
  }
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function'
  )
}

function isSyncGenerator(value: unknown): value is Generator<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Generator<unknown>)[Symbol.iterator] === 'function' &&
    typeof (value as Generator<unknown>).next === 'function'
  )
}
