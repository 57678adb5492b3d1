import type { InvocationContext } from '../agents/invocation-context.js'
import type { Event, Route } from '../events/event.js'
import { createEventActions, type EventActions } from '../events/event-actions.js'
import type { Session } from '../sessions/session.js'
import { State } from '../sessions/state.js'
import { ConfigError } from '../errors/config-error.js'
import type { BaseNode } from './base-node.js'
import { buildNode, type RunnableNode } from './build-node.js'
import { executeChildNode } from './node-runner.js'

/** Where a node's events go: the workflow's stream. A returned promise settles once the event was stored. */
export interface NodeEventSink {
  push(event: Event): unknown
}

/** What a finished node run reports (ADK 2.0 `NodeResult`): a fast-forwarded run returns only this. */
export interface NodeResult {
  /** The node's output (`undefined` when it produced none). */
  output: unknown
  /** The route(s) it emitted. */
  route?: Route | undefined
  /** The branch it ran on. */
  branch?: string | undefined
  /** Interrupt ids it waits on (empty when it completed). */
  interruptIds: string[]
}

/** Options of `ctx.runNode(node, input, options)` (ADK 2.0 `RunNodeOptions`). */
export interface RunNodeOptions {
  /** The name the run is tracked under; default the node's name. */
  nodeName?: string
  /**
   * This run's id; default a per-node sequence (`'1'`, `'2'`, … in call order), which is what a resumed run matches
   * recorded runs on. Give an id with a non-digit character when identity matters more than position.
   */
  runId?: string
  /** The child's output becomes the caller's output. */
  useAsOutput?: boolean
  /** Run the child on a sub-branch of its own (`parent.child@runId`). */
  useSubBranch?: boolean
  /** Run the child on this branch. */
  overrideBranch?: string
  /** The child's node path (default `parentPath.nodeName`). */
  overrideNodePath?: string
}

/** The options a {@link ScheduleDynamicNode} gets (ADK 2.0 `ScheduleDynamicNodeOptions`): the run's name and id set. */
export type ScheduleDynamicNodeOptions = RunNodeOptions & { nodeName: string; runId: string }

/** Schedules `ctx.runNode` calls inside a workflow: de-duplicates concurrent calls and replays recorded runs. */
export interface ScheduleDynamicNode {
  schedule(
    ctx: NodeContext,
    node: BaseNode,
    input: unknown,
    options: ScheduleDynamicNodeOptions,
  ): Promise<NodeContext | NodeResult>
}

/** Options of a {@link NodeContext}. */
export interface NodeContextOptions {
  invocationContext: InvocationContext
  /** Where the node's events go (an object with `push(event)`). */
  channel: NodeEventSink
  /** The node's dotted path (`''` for a root). */
  nodePath: string
  /** The node run's id. */
  runId: string
  /** Answers for interrupts, by id. */
  resumeInputs?: Record<string, unknown> | undefined
  /** Where the node's state writes accumulate (default: fresh actions). */
  actions?: EventActions
}

/**
 * The context of one node run (ADK 2.0 `NodeContext`): delta-aware `state` (writes reach the session only on an
 * event), `emit(event)`, `runNode(node, input)` for children, and the `output` / `route` the node sets.
 */
export class NodeContext {
  readonly invocationContext: InvocationContext
  readonly channel: NodeEventSink
  readonly nodePath: string
  readonly runId: string
  /** Node paths whose output this node's output also is (ancestors that ran it with `useAsOutput`). */
  outputForAncestors: readonly string[] = []
  /** The node handed its output to a child run with `useAsOutput` (its own repeat of that output is not emitted). */
  outputDelegated = false
  #actions: EventActions | undefined
  resumeInputs: Record<string, unknown>
  /** The node's output so far. */
  output: unknown = undefined
  /** The route(s) the node emitted. */
  route: Route | undefined = undefined
  /** Interrupt ids the node waits on. */
  interruptIds: string[] = []
  /** A failure the node reported with an error event rather than by throwing (cleared per attempt). */
  reportedError: { errorCode?: string | undefined; errorMessage?: string | undefined } | undefined = undefined
  /** Fires when the node must stop: its timeout, a failed sibling, or the invocation's abort. */
  abortSignal: AbortSignal | undefined = undefined
  /** Routes `runNode` calls of this subtree (set by the enclosing workflow). */
  scheduler: ScheduleDynamicNode | undefined = undefined
  /** The attempt in progress (1-based; see `retryConfig`). */
  attemptCount = 1
  /** An event carrying this run's output or route was stored (so a resumed run finds its result). @internal */
  resultRecorded = false
  #state: State | undefined
  #runCounters: Map<string, number> | undefined
  #autoRunIds: Map<string, Set<string>> | undefined
  #numericCustomRunIds: Map<string, Set<string>> | undefined

  constructor(options: NodeContextOptions) {
    this.invocationContext = options.invocationContext
    this.channel = options.channel
    this.nodePath = options.nodePath
    this.runId = options.runId
    this.resumeInputs = options.resumeInputs ?? {}
    this.#actions = options.actions
  }

  /** Where the node's state writes accumulate (`actions.stateDelta`); made on first use. */
  get actions(): EventActions {
    return (this.#actions ??= createEventActions())
  }

  /** True once something used {@link NodeContext.actions}. @internal */
  get hasActions(): boolean {
    return this.#actions !== undefined
  }

  /** Delta-aware session state: writes go to `actions.stateDelta` and reach the session with the node's next event. */
  get state(): State {
    this.#state ??= new State(
      this.invocationContext.session.state,
      this.actions.stateDelta,
      this.invocationContext.tempState,
    )
    return this.#state
  }

  /** The branch the node runs on. */
  get branch(): string | undefined {
    return this.invocationContext.branch
  }

  get invocationId(): string {
    return this.invocationContext.invocationId
  }

  get session(): Session {
    return this.invocationContext.session
  }

  /** The invocation context an agent run by this node runs under. */
  getInvocationContext(): InvocationContext {
    return this.invocationContext
  }

  /** Sends an event out through the workflow's stream (stored like the node's own events). */
  emit(event: Event): void {
    const stored = this.channel.push(event)
    if (stored instanceof Promise) stored.catch(() => undefined)
  }

  /**
   * Runs a child node — an agent, a tool, a plain function or a node — and resolves to its result; its events stream
   * out with this node's. Inside a workflow the call is tracked (`wf.node@1`, `@2`, …) so a resumed run reuses a
   * recorded result instead of running the child again.
   * @example
   * const draft = await ctx.runNode(writer, topic)
   */
  runNode(nodeLike: RunnableNode, input?: unknown, options: RunNodeOptions = {}): Promise<NodeContext | NodeResult> {
    const node = buildNode(nodeLike)
    if (!this.scheduler) return executeChildNode({ parent: this, node, input, options })
    const nodeName = options.nodeName ?? node.name
    let runId = options.runId
    if (runId !== undefined) {
      this.#checkCustomRunId(runId, nodeName)
    } else {
      this.#checkNoNumericCustomRunIds(nodeName)
      this.#runCounters ??= new Map()
      const next = (this.#runCounters.get(nodeName) ?? 0) + 1
      this.#runCounters.set(nodeName, next)
      runId = String(next)
      setOf((this.#autoRunIds ??= new Map()), nodeName).add(runId)
    }
    return this.scheduler.schedule(this, node, input, { ...options, nodeName, runId })
  }

  /** A child context (used by the node runner). @internal */
  spawn(options: NodeContextOptions): NodeContext {
    const child = new NodeContext(options)
    child.scheduler = this.scheduler
    return child
  }

  #checkCustomRunId(runId: string, nodeName: string): void {
    if (runId.trim() === '') {
      throw new ConfigError([
        {
          code: 'run_id_invalid',
          path: [],
          message: `Invalid runId for node '${nodeName}': a custom run id cannot be empty. Omit runId to let the workflow number the run.`,
        },
      ])
    }
    if (!/^\d+$/.test(runId)) return
    if ((this.#autoRunIds?.get(nodeName)?.size ?? 0) > 0) throw numericRunIdError(nodeName, runId)
    setOf((this.#numericCustomRunIds ??= new Map()), nodeName).add(runId)
  }

  #checkNoNumericCustomRunIds(nodeName: string): void {
    const first = this.#numericCustomRunIds?.get(nodeName)?.values().next()
    if (first && !first.done) throw numericRunIdError(nodeName, first.value)
  }
}

function setOf(map: Map<string, Set<string>>, key: string): Set<string> {
  let set = map.get(key)
  if (!set) map.set(key, (set = new Set()))
  return set
}

function numericRunIdError(nodeName: string, runId: string): ConfigError {
  return new ConfigError([
    {
      code: 'run_id_invalid',
      path: [],
      message: `Invalid runId '${runId}' for node '${nodeName}': automatic runs of a node are numbered "1", "2", "3", … per context, so an all-digit custom id shares that sequence and a resumed run could match the wrong recorded run. Give the id a non-digit part, e.g. '${nodeName}-${runId}', or give every run of this node an explicit id.`,
    },
  ])
}
