/**
 * The port of `@google/adk` 2.0's own workflow tests (google/adk-js `core/test/workflow/*_test.ts`), written once
 * against an implementation handle so the same cases run on Google's implementation (`bench/`, `pnpm --filter
 * @adk-fluent/bench test:adk-port`) and on ours (`adk-port.test.ts`). Only public API is used on both sides; where
 * Google's tests reach for internals (`AsyncQueue`, `executeChildNode`, `createGraphFromEdgeItems`) the cases go
 * through the public equivalent (`NodeContext#runNode` with a channel of our own, `new Workflow({ edges }).graph`).
 */

// The cases drive two unrelated type worlds (Google's and ours) through one handle.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Any = any

/** A class of the implementation to extend (`BaseNode`, `WorkflowNode`), constructed with a node configuration. */
export type NodeBaseClass = new (config: Any) => Any

/** One implementation of ADK 2.0's workflow API, as the ported cases use it. */
export interface PortImpl {
  /** `'google'` or `'ours'` (a case that checks an adk-fluent rule names the difference). */
  readonly name: 'google' | 'ours'
  /** The module: `Workflow`, `BaseNode`, `FunctionNode`, `JoinNode`, `ToolNode`, `Edge`, `Graph`, `START`, … */
  readonly adk: Any
  /** An invocation context on a fresh in-memory session (as Google's `createIc` test helper). */
  createIc(options?: {
    state?: Record<string, unknown>
    abortSignal?: AbortSignal
    invocationId?: string
    plugins?: Any[]
  }): Any
  /** A plugin whose `beforeToolCallback` answers `result` instead of the tool. */
  overridePlugin(result: Record<string, unknown>): Any
  /** A plain (non-LLM) agent that answers `reply` with one event whose `output` is `reply`. */
  echoAgent(name: string, reply: string): Any
  /** A plain agent that records the invocation context it ran under. */
  capturingAgent(name: string, seen: (ic: Any) => void): Any
  /** An LlmAgent on a scripted model that always answers `reply`. */
  replyAgent(
    name: string,
    reply: string,
    options?: { instructionSeen?: (contents: Any[]) => void; outputKey?: string },
  ): Any
  /**
   * Runs `root` (a workflow) through the implementation's Runner on a new in-memory session with `text`; each event
   * is also handed to `onEvent` as it arrives.
   */
  runViaRunner(
    root: Any,
    text: string,
    onEvent?: (event: Any) => void,
  ): Promise<{ events: Any[]; state: Record<string, unknown> }>
  /** True for the error an aborted invocation ends a node run with. */
  isInvocationAbortedError(error: unknown): boolean
}

/** A channel like Google's `AsyncQueue`: nodes `push`, the test drains it. */
export class TestChannel<T> {
  readonly #items: T[] = []
  #wake: (() => void) | undefined
  #closed = false
  #error: { error: unknown } | undefined

  push(item: T): void {
    this.#items.push(item)
    this.#signal()
  }

  close(): void {
    this.#closed = true
    this.#signal()
  }

  fail(error: unknown): void {
    this.#error = { error }
    this.close()
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for (;;) {
      const item = this.#items.shift()
      if (item !== undefined) {
        yield item
        continue
      }
      if (this.#closed) {
        if (this.#error) throw this.#error.error
        return
      }
      await new Promise<void>((resolve) => (this.#wake = resolve))
    }
  }

  #signal(): void {
    const wake = this.#wake
    this.#wake = undefined
    wake?.()
  }
}

/** Google's `driveNode` / `driveWorkflow`: runs a node under a root context, collecting its events and output. */
export async function driveNode(
  impl: PortImpl,
  node: Any,
  input?: unknown,
  ic: Any = impl.createIc(),
  options: { resumeInputs?: Record<string, unknown> } = {},
): Promise<{ events: Any[]; output: unknown; ctx: Any; interruptIds: string[] }> {
  const channel = new TestChannel<Any>()
  const root = new impl.adk.NodeContext({
    invocationContext: ic,
    channel,
    nodePath: '',
    runId: 'root',
    ...(options.resumeInputs ? { resumeInputs: options.resumeInputs } : {}),
  })
  const events: Any[] = []
  const result = root.runNode(node, input, { useAsOutput: true })
  const settle = result.then(
    () => channel.close(),
    (error: unknown) => channel.fail(error),
  )
  for await (const event of channel) events.push(event)
  await settle
  const child = await result
  return { events, output: root.output, ctx: root, interruptIds: child.interruptIds }
}

/** Like {@link driveNode}, but a failure is returned with the events seen before it. */
export async function driveExpectingFailure(
  impl: PortImpl,
  node: Any,
  input?: unknown,
  ic: Any = impl.createIc(),
): Promise<{ events: Any[]; errorEvents: Any[]; thrown: unknown }> {
  const channel = new TestChannel<Any>()
  const root = new impl.adk.NodeContext({ invocationContext: ic, channel, nodePath: '', runId: 'root' })
  const events: Any[] = []
  const settle = root.runNode(node, input, { useAsOutput: true }).then(
    () => channel.close(),
    (error: unknown) => channel.fail(error),
  )
  let thrown: unknown
  try {
    for await (const event of channel) events.push(event)
  } catch (error) {
    thrown = error
  }
  await settle
  return { events, errorEvents: events.filter((event) => impl.adk.isNodeErrorEvent(event)), thrown }
}

/** Google's `FnNode` test helper: a node whose behaviour is a plain function returning a value or an event. */
export function fnNodeClass(
  impl: PortImpl,
): new (name: string, fn: (ctx: Any, input: Any) => unknown, config?: Record<string, unknown>) => Any {
  const BaseNode: NodeBaseClass = impl.adk.BaseNode
  return class FnNode extends BaseNode {
    readonly fn: (ctx: Any, input: Any) => unknown
    constructor(name: string, fn: (ctx: Any, input: Any) => unknown, config: Record<string, unknown> = {}) {
      super({ name, ...config })
      this.fn = fn
    }
    protected async *runImpl(ctx: Any, input: Any): AsyncGenerator<unknown, void, undefined> {
      yield await this.fn(ctx, input)
    }
  }
}

/** Waits `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
