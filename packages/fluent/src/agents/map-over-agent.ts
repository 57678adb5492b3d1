import {
  BaseAgent,
  StateError,
  isErrorEvent,
  isFinalResponse,
  stringifyContent,
  type BaseAgentConfig,
  type Event,
  type InvocationContext,
} from '@adk-fluent/core'
import { createStepEvent } from './create-step-event.js'
import { EventChannel } from './event-channel.js'
import { forkInvocationContext } from './fork-invocation-context.js'
import { createLinkedAbortController } from './linked-abort-controller.js'
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
 * session as they come; at the end one event writes the outputs, in item order, to `state[outputKey]`. When an
 * item fails (throws, or yields an error event that then ends the map) or the run stops, the items still running are
 * aborted.
 */
export class MapOverAgent extends BaseAgent {
  readonly #config: MapOverAgentConfig

  constructor(config: MapOverAgentConfig) {
    super(config)
    this.#config = config
  }

  protected async *runAsyncImpl(invocation: InvocationContext): AsyncGenerator<Event, void, undefined> {
    const items = this.#items(invocation)
    const outputs: unknown[] = new Array(items.length).fill(null)
    const channel = new EventChannel()
    const link = createLinkedAbortController(invocation.abortSignal)
    let next = 0
    let stopped = false
    const work = async () => {
      while (!stopped && next < items.length) {
        const index = next++
        const item = { item: items[index], index, abortSignal: link.controller.signal }
        outputs[index] = await this.#runItem(invocation, item, channel)
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
    let failed = false
    try {
      for await (const event of channel.drain()) {
        yield event
        // An item that failed (an error event) ends the map: the items still running are aborted, no output is written.
        if (isErrorEvent(event)) {
          failed = true
          break
        }
      }
    } finally {
      stopped = true
      link.controller.abort()
      link.dispose()
    }
    if (failed) return
    yield createStepEvent(invocation, this.name, { actions: { stateDelta: { [this.#config.outputKey]: outputs } } })
  }

  #items(invocation: InvocationContext): readonly unknown[] {
    const { listKey } = this.#config
    const list = invocation.readState(listKey) ?? undefined
    if (Array.isArray(list)) return list
    const found = list === undefined ? 'state has no value for it' : `its value is a ${typeof list}, not a list`
    throw new StateError(
      `mapOver "${this.name}" maps over state["${listKey}"], but ${found}. Write a list to "${listKey}" in an earlier step (or initial state).`,
      { agentName: this.name, invocationId: invocation.invocationId },
    )
  }

  async #runItem(
    invocation: InvocationContext,
    { item, index, abortSignal }: { readonly item: unknown; readonly index: number; readonly abortSignal: AbortSignal },
    channel: EventChannel,
  ): Promise<unknown> {
    const body = this.subAgents[0] as BaseAgent
    const view: SessionView = createSessionView(invocation.session, invocation.tempState, { sharedEvents: true })
    setInView(view, this.#config.itemKey, item)
    const branch = `${invocation.branch ? `${invocation.branch}.` : ''}${this.name}.item_${index}`
    const itemContext = forkInvocationContext(invocation, {
      session: view.session,
      tempState: view.tempState,
      branch,
      abortSignal,
    })
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
