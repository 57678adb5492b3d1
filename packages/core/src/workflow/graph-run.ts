import { ConfigError } from '../errors/config-error.js'
import { MaxTurnsError } from '../errors/runtime-errors.js'
import type { BaseNode } from './base-node.js'
import { commonPrefixOf } from './branch-path.js'
import type { Graph } from './graph.js'
import type { NodeContext, NodeResult, RunNodeOptions } from './node-context.js'
import { executeChildNode } from './node-runner.js'
import { recordCompletion } from './completion-record.js'
import { claimNodeErrorReport, createNodeErrorEvent } from './node-error-event.js'
import { createNodeState, type NodeState } from './node-state.js'
import { NodeStatus } from './node-status.js'
import { recordedResult, repliedResult, type RecordedRun } from './rehydration.js'
import { InvocationAbortedError, isInvocationAbortedError } from './workflow-errors.js'

/** How a node is to be started: its input and branch. */
interface Trigger {
  readonly input: unknown
  readonly useSubBranch: boolean
  readonly branch?: string | undefined
}

type Completion =
  | { readonly name: string; readonly result: NodeContext | NodeResult }
  | { readonly name: string; readonly error: unknown }

/** The limits of one graph run. */
export interface GraphRunLimits {
  readonly workflowName: string
  readonly maxConcurrency: number | undefined
  readonly maxSteps: number | undefined
}

/**
 * One run of a workflow graph (ADK 2.0's orchestration loop): START's successors are triggered with the input; each
 * round starts the triggered nodes (at most `maxConcurrency` at once), waits for one to finish, and triggers the nodes
 * its route selects — a `JoinNode` once all its predecessors completed, with their outputs. A node that fails stops
 * the run: its failure is recorded (one error event), the running siblings are cancelled, the error propagates.
 */
export class GraphRun {
  readonly #graph: Graph
  readonly #ctx: NodeContext
  /** The context the nodes run under: the workflow's, carrying the workflow's cancellation signal. */
  readonly #scope: NodeContext
  readonly #limits: GraphRunLimits
  readonly #abort: AbortController
  readonly #recorded: Map<string, RecordedRun[]>
  readonly #states = new Map<string, NodeState>()
  readonly #outputs = new Map<string, unknown>()
  readonly #branches = new Map<string, string>()
  readonly #triggers = new Map<string, Trigger[]>()
  readonly #running = new Map<string, Promise<void>>()
  readonly #activated = new Set<string>()
  readonly #done: Completion[] = []
  #wake: (() => void) | undefined
  #steps = 0

  constructor(
    graph: Graph,
    ctx: NodeContext,
    limits: GraphRunLimits,
    abort: AbortController,
    recorded: Map<string, RecordedRun[]>,
  ) {
    this.#graph = graph
    this.#ctx = ctx
    // One copy of the invocation context carrying the workflow's signal, shared by every node run (not one per node).
    this.#scope = ctx.spawn({
      invocationContext: ctx.invocationContext.clone({ abortSignal: abort.signal }),
      channel: ctx.channel,
      nodePath: ctx.nodePath,
      runId: ctx.runId,
      resumeInputs: ctx.resumeInputs,
      stateSchema: ctx.stateSchema,
    })
    this.#limits = limits
    this.#abort = abort
    this.#recorded = recorded
  }

  /** Runs the graph to its end and sets the workflow's output (its one terminal output) or interrupt ids on `ctx`. */
  async run(input: unknown): Promise<void> {
    const starts = this.#graph.getNextPendingNodes('__START__', null)
    for (const name of starts) this.#push(name, { input, useSubBranch: starts.length > 1 })
    for (;;) {
      if (this.#abort.signal.aborted) {
        // Cancelled (the invocation was aborted, or its caller stopped): no node starts any more.
        await this.#stop()
        throw new InvocationAbortedError(`Workflow "${this.#limits.workflowName}" was cancelled.`, {
          invocationId: this.#ctx.invocationId,
        })
      }
      try {
        this.#scheduleReady()
      } catch (error) {
        await this.#stop()
        throw error
      }
      if (this.#running.size === 0) break
      const done = await this.#next()
      this.#running.delete(done.name)
      if ('error' in done) {
        const state = this.#states.get(done.name)
        if (state) state.status = NodeStatus.FAILED
        this.#report(done.name, done.error)
        await this.#stop()
        throw done.error
      }
      this.#complete(done.name, done.result)
    }
    this.#finish()
  }

  /** Cancels the running nodes and waits until they stopped. */
  async #stop(): Promise<void> {
    this.#abort.abort()
    await Promise.allSettled([...this.#running.values()])
  }

  #next(): Promise<Completion> {
    const ready = this.#done.shift()
    if (ready) return Promise.resolve(ready)
    return new Promise<void>((resolve) => (this.#wake = resolve)).then(() => this.#done.shift() as Completion)
  }

  #settle(completion: Completion): void {
    this.#done.push(completion)
    const wake = this.#wake
    this.#wake = undefined
    wake?.()
  }

  #scheduleReady(): void {
    for (const name of [...this.#triggers.keys()]) {
      if (this.#running.has(name)) continue
      const state = this.#states.get(name)
      if (state?.status === NodeStatus.WAITING && state.interrupts.length > 0) continue
      if (this.#limits.maxConcurrency !== undefined && this.#running.size >= this.#limits.maxConcurrency) break
      const trigger = this.#pop(name)
      if (trigger) this.#start(name, trigger)
    }
  }

  #start(name: string, trigger: Trigger): void {
    const node = this.#graph.getNode(name) as BaseNode
    if (this.#limits.maxSteps !== undefined && ++this.#steps > this.#limits.maxSteps) {
      throw new MaxTurnsError(
        `Workflow "${this.#limits.workflowName}" stopped before running node "${name}": it ran ${this.#limits.maxSteps} nodes (maxSteps). A routed cycle kept looping; raise maxSteps or make the loop end sooner.`,
        { agentName: this.#limits.workflowName, invocationId: this.#ctx.invocationId },
      )
    }
    const previous = this.#states.get(name)
    const state = createNodeState({ runCounter: previous?.runCounter ?? 0, status: NodeStatus.RUNNING })
    state.input = trigger.input
    state.runCounter++
    state.runId = String(state.runCounter)
    this.#states.set(name, state)
    const repeat = this.#activated.has(name)
    this.#activated.add(name)
    // As in ADK 2.0, a run the session recorded as finished is not run again (`rerunOnResume` is about runs that
    // were waiting for an answer).
    const recorded = this.#recorded.get(name)?.shift()
    if (recorded?.finished) {
      this.#running.set(name, Promise.resolve())
      this.#settle({ name, result: recordedResult(recorded) })
      return
    }
    // A node that paused for input and is not rerun on resume: the replies are its output (ADK 2.0).
    const replied = recorded && !node.rerunOnResume ? repliedResult(recorded, this.#ctx.resumeInputs) : undefined
    if (replied) {
      this.#running.set(name, Promise.resolve())
      this.#settle({ name, result: replied })
      return
    }
    const options: RunNodeOptions = { runId: state.runId }
    if (trigger.useSubBranch) options.useSubBranch = true
    if (trigger.branch !== undefined) options.overrideBranch = trigger.branch
    const task = this.#run(name, node, trigger.input, state, options, repeat ? {} : undefined)
    this.#running.set(name, task)
  }

  /** One node run, settled into the completion queue (never rejects). */
  async #run(
    name: string,
    node: BaseNode,
    input: unknown,
    state: NodeState,
    options: RunNodeOptions,
    resumeInputs: Record<string, unknown> | undefined,
  ): Promise<void> {
    try {
      const child = await executeChildNode({
        parent: this.#scope,
        node,
        input,
        abortSignal: this.#abort.signal,
        nodeState: state,
        resumeInputs,
        options,
      })
      const stored = recordCompletion(node, child)
      if (stored instanceof Promise) await stored
      this.#settle({ name, result: child })
    } catch (error) {
      this.#settle({ name, error })
    }
  }

  #complete(name: string, result: NodeContext | NodeResult): void {
    const state = this.#states.get(name) as NodeState
    const node = this.#graph.getNode(name) as BaseNode
    if (result.interruptIds.length > 0) {
      state.status = NodeStatus.WAITING
      state.interrupts = [...result.interruptIds]
      return
    }
    if (node.waitForOutput && result.output === undefined && result.route === undefined) {
      state.status = NodeStatus.WAITING
      return
    }
    state.status = NodeStatus.COMPLETED
    if (result.output !== undefined) this.#outputs.set(name, result.output)
    this.#branches.set(name, result.branch ?? '')
    const next = this.#graph.getNextPendingNodes(name, result.route ?? null)
    const useSubBranch = next.length > 1
    for (const target of next) {
      const targetNode = this.#graph.getNode(target) as BaseNode
      if (!targetNode.requiresAllPredecessors) {
        this.#push(target, { input: result.output, useSubBranch, branch: result.branch })
        continue
      }
      const predecessors = this.#graph.predecessorsOf(target)
      if (!predecessors.every((p) => this.#states.get(p)?.status === NodeStatus.COMPLETED)) continue
      const outputs: Record<string, unknown> = {}
      for (const p of predecessors) outputs[p] = this.#outputs.get(p)
      const common = commonPrefixOf(predecessors.map((p) => this.#branches.get(p) ?? ''))
      this.#push(target, { input: outputs, useSubBranch: false, branch: common || undefined })
    }
  }

  #finish(): void {
    const interrupts: string[] = []
    for (const state of this.#states.values()) {
      if (state.status === NodeStatus.WAITING)
        for (const id of state.interrupts) if (!interrupts.includes(id)) interrupts.push(id)
    }
    for (const id of this.#ctx.interruptIds) if (!interrupts.includes(id)) interrupts.push(id)
    if (interrupts.length > 0) {
      this.#ctx.interruptIds = interrupts
      return
    }
    const outputs = [...this.#graph.terminalNodeNames].filter((name) => this.#outputs.has(name))
    if (outputs.length > 1) {
      throw new ConfigError(
        [
          {
            code: 'graph_invalid',
            // No path: the event's errorMessage is this sentence.
            path: [],
            message: `Workflow ${this.#limits.workflowName}: multiple terminal nodes produced output (${outputs.join(', ')}). A workflow must have at most one terminal output: join the branches with a JoinNode.`,
          },
        ],
        { agentName: this.#limits.workflowName, invocationId: this.#ctx.invocationId },
      )
    }
    if (outputs.length === 1) this.#ctx.output = this.#outputs.get(outputs[0] as string)
  }

  /** Records a node's failure once, where it happened (not for a cancellation). */
  #report(name: string, error: unknown): void {
    if (isInvocationAbortedError(error) || this.#ctx.invocationContext.abortSignal?.aborted) return
    if (!claimNodeErrorReport(error, this.#ctx.invocationId)) return
    const path = this.#ctx.nodePath ? `${this.#ctx.nodePath}.${name}` : name
    const event = createNodeErrorEvent({
      error,
      attemptCount: this.#states.get(name)?.attemptCount ?? 1,
      author: name,
      invocationId: this.#ctx.invocationId,
      nodeInfo: { path },
    })
    const branch = this.#ctx.branch
    if (branch !== undefined) event.branch = branch
    this.#ctx.emit(event)
  }

  #push(name: string, trigger: Trigger): void {
    const list = this.#triggers.get(name)
    if (list) list.push(trigger)
    else this.#triggers.set(name, [trigger])
  }

  #pop(name: string): Trigger | undefined {
    const list = this.#triggers.get(name)
    const trigger = list?.shift()
    if (list && list.length === 0) this.#triggers.delete(name)
    return trigger
  }
}
