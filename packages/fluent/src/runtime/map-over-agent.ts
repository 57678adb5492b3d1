import {
  BaseAgent,
  StateError,
  isFinalResponse,
  stringifyContent,
  type BaseAgentConfig,
  type Event,
  type InvocationContext,
} from '@adk-fluent/core'
import { createStepEvent } from './create-step-event.js'
import { EventChannel } from './event-channel.js'
import { forkInvocationContext } from './fork-invocation-context.js'
import { applyDeltaToView, createSessionView, readFromView, setInView, type SessionView } from './session-view.js'

/** Configuration of a {@link MapOverAgent}; `subAgents` holds the body alone. */
export interface MapOverAgentConfig extends BaseAgentConfig {
  readonly listKey: string
  readonly itemKey: string
  readonly outputKey: string
  readonly concurrency: number
  /** Where the body stores its answer; without one, the body's last final text is its output. */
  readonly bodyOutputKey: string | undefined
}

/**
 * Runs the body once per item of `state[listKey]`, at most `concurrency` at a time. Each item runs on its own
 * branch (`<map>.item_<i>`, so it sees only its own history) and its own state view holding `state[itemKey] = item`
 * and the body's own writes, so concurrent items never see each other's values. The body's events reach the
 * session as they come; at the end one event writes the outputs, in item order, to `state[outputKey]`.
 */
export class MapOverAgent extends BaseAgent {
  readonly #config: MapOverAgentConfig

  constructor(config: MapOverAgentConfig) {
    super(config)
    this.#config = config
  }

  protected async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    const items = this.#items(ctx)
    const outputs: unknown[] = new Array(items.length).fill(null)
    const channel = new EventChannel()
    let next = 0
    let stopped = false
    const work = async () => {
      while (!stopped && next < items.length) {
        const index = next++
        outputs[index] = await this.#runItem(ctx, items[index], index, channel)
      }
    }
    const workers = Array.from({ length: Math.min(this.#config.concurrency, items.length) }, work)
    Promise.all(workers).then(
      () => channel.close(),
      (error: unknown) => {
        stopped = true
        channel.fail(error)
      },
    )
    try {
      yield* channel.drain()
    } finally {
      stopped = true
    }
    yield createStepEvent(ctx, this.name, { actions: { stateDelta: { [this.#config.outputKey]: outputs } } })
  }

  #items(ctx: InvocationContext): readonly unknown[] {
    const { listKey } = this.#config
    const list = ctx.readState(listKey) ?? undefined
    if (Array.isArray(list)) return list
    const found = list === undefined ? 'state has no value for it' : `its value is a ${typeof list}, not a list`
    throw new StateError(
      `mapOver "${this.name}" maps over state["${listKey}"], but ${found}. Write a list to "${listKey}" in an earlier step (or initial state).`,
      { agentName: this.name, invocationId: ctx.invocationId },
    )
  }

  async #runItem(ctx: InvocationContext, item: unknown, index: number, channel: EventChannel): Promise<unknown> {
    const body = this.subAgents[0] as BaseAgent
    const view: SessionView = createSessionView(ctx.session, ctx.tempState, { sharedEvents: true })
    setInView(view, this.#config.itemKey, item)
    const branch = `${ctx.branch ? `${ctx.branch}.` : ''}${this.name}.item_${index}`
    const itemContext = forkInvocationContext(ctx, { session: view.session, tempState: view.tempState, branch })
    let answer: string | undefined
    for await (const event of body.runAsync(itemContext)) {
      const delta = { ...event.actions.stateDelta }
      await channel.send(event)
      if (event.partial) continue
      applyDeltaToView(view, delta)
      const text = isFinalResponse(event) ? stringifyContent(event) : ''
      if (text) answer = text
    }
    const { bodyOutputKey } = this.#config
    return (bodyOutputKey ? readFromView(view, bodyOutputKey) : answer) ?? null
  }
}
