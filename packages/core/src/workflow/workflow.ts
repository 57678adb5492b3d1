import type { InvocationContext } from '../agents/invocation-context.js'
import { BaseAgent, type BaseAgentConfig } from '../agents/base-agent.js'
import type { Event } from '../events/event.js'
import { ConfigError, type ConfigIssueInit } from '../errors/config-error.js'
import { workflowBrand } from './is-workflow.js'
import { describeValue } from '../util/describe-value.js'
import type { EdgeItem } from './edge.js'
import { createGraphFromEdgeItems, type Graph } from './graph.js'
import { GraphRun } from './graph-run.js'
import { DynamicNodeScheduler } from './dynamic-node-scheduler.js'
import type { NodeContext } from './node-context.js'
import { invocationEvents, recordedRuns, recordedRunsByPath, type RecordedRun } from './rehydration.js'
import { runNodeAsInvocation } from './run-node-as-invocation.js'

/**
 * The imperative entry of a workflow: runs children with `ctx.runNode(node, input)` and returns the workflow's
 * output.
 */
export type DynamicEntry = (ctx: NodeContext, input: unknown) => unknown

/** What every workflow takes. */
export interface WorkflowBaseConfig extends Omit<BaseAgentConfig, 'subAgents'> {
  /** The most graph nodes running at once (a positive integer); unset: no limit. `ctx.runNode` children do not count. */
  maxConcurrency?: number
  /**
   * The most node runs in one run of the graph (a positive integer): a routed cycle that keeps looping stops with a
   * `MaxTurnsError` naming the node. Unset: no limit (a cycle ends when its node stops emitting the route).
   */
  maxSteps?: number
}

/**
 * A workflow (ADK 2.0 `WorkflowConfig`): a graph of `edges`, or an imperative `dynamicEntry` — exactly one of them.
 */
export type WorkflowConfig = WorkflowBaseConfig &
  ({ edges: EdgeItem[]; dynamicEntry?: never } | { dynamicEntry: DynamicEntry; edges?: never })

/**
 * A graph workflow (ADK 2.0 `Workflow`), and an agent: it runs under the `Runner`, in a `SequentialAgent`, as a node
 * of another workflow. Its input is the user's message (or its node input); its output is the output of its one
 * terminal node that produced one (or `dynamicEntry`'s return value). Each node's events are stored in the session
 * as the node produces them, and a node starts only after the events it depends on are stored; a run resumed under
 * the same invocation id skips the nodes whose results the session recorded.
 * @example
 * const triage = new Workflow({
 *   name: 'triage',
 *   edges: [['START', classify, { question: answer, complaint: [apologise, escalate] }]],
 * })
 */
export class Workflow extends BaseAgent {
  static {
    Object.defineProperty(Workflow.prototype, workflowBrand, { value: true })
  }

  readonly graph: Graph | undefined
  readonly dynamicEntry: DynamicEntry | undefined
  readonly maxConcurrency: number | undefined
  readonly maxSteps: number | undefined

  constructor(config: WorkflowConfig) {
    const parts = workflowParts(config)
    super({ ...config, rerunOnResume: config?.rerunOnResume ?? true } as BaseAgentConfig, parts.issues)
    this.graph = parts.graph
    this.dynamicEntry = config.dynamicEntry
    this.maxConcurrency = config.maxConcurrency
    this.maxSteps = config.maxSteps
  }

  /** A workflow's name follows the node rule (any non-empty name without `.`), not the identifier rule. */
  protected override nameIssue(name: unknown): string | undefined {
    if (typeof name !== 'string' || name.trim().length === 0)
      return `Workflow name must be a non-empty string, got ${describeValue(name)}.`
    if (name.includes('.')) return `Workflow name "${name}" may not contain "." (it separates the parts of node paths).`
    if (name === 'user') return `Workflow name cannot be 'user'. 'user' is reserved for end-user's input.`
    return undefined
  }

  protected runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    return runNodeAsInvocation(this, ctx)
  }

  /** Runs the graph (or the dynamic entry) as a node; the nodes' events stream through `ctx`. */
  // eslint-disable-next-line require-yield
  protected override async *runImpl(ctx: NodeContext, input: unknown): AsyncGenerator<unknown, void, undefined> {
    const parent = ctx.abortSignal ?? ctx.invocationContext.abortSignal
    const abort = new AbortController()
    const onAbort = () => abort.abort()
    if (parent?.aborted) abort.abort()
    else parent?.addEventListener('abort', onAbort, { once: true })
    try {
      const events = invocationEvents(ctx.session.events, ctx.invocationId)
      let byPath: Map<string, RecordedRun[]> | undefined
      const recorded = (path: string) => (byPath ??= recordedRunsByPath(events)).get(path)?.at(-1)
      ctx.scheduler = new DynamicNodeScheduler(events.length > 0 ? recorded : () => undefined, abort.signal)
      if (this.dynamicEntry) {
        const output = await this.dynamicEntry(ctx, input)
        if (ctx.interruptIds.length === 0 && output !== undefined) ctx.output = output
        return
      }
      const run = new GraphRun(
        this.graph as Graph,
        ctx,
        { workflowName: this.name, maxConcurrency: this.maxConcurrency, maxSteps: this.maxSteps },
        abort,
        events.length > 0 ? recordedRuns(events, ctx.nodePath) : new Map(),
      )
      await run.run(input)
    } finally {
      parent?.removeEventListener('abort', onAbort)
    }
  }
}

/** The graph and every configuration problem of a workflow (the graph's own problems included). */
function workflowParts(config: WorkflowConfig): { graph: Graph | undefined; issues: ConfigIssueInit[] } {
  const issues: ConfigIssueInit[] = []
  if (typeof config !== 'object' || config === null) return { graph: undefined, issues }
  const name = typeof config.name === 'string' ? config.name : 'Workflow'
  const hasEdges = Array.isArray(config.edges) && config.edges.length > 0
  if (config.edges !== undefined && !Array.isArray(config.edges)) {
    issues.push({
      code: 'list_invalid',
      path: [name, 'edges'],
      message: `edges must be an array of edge items, got ${describeValue(config.edges)}.`,
    })
  }
  if (hasEdges && config.dynamicEntry !== undefined) {
    issues.push({
      code: 'options_conflict',
      path: [name],
      message: `Workflow "${name}": "edges" and "dynamicEntry" are mutually exclusive.`,
    })
  }
  if (!hasEdges && config.dynamicEntry === undefined) {
    issues.push({
      code: 'option_missing',
      path: [name],
      message: `Workflow "${name}" requires either "edges" or "dynamicEntry".`,
      hint: "Give it edges: [['START', a, b]], or dynamicEntry: async (ctx, input) => …",
    })
  }
  const entry: unknown = config.dynamicEntry
  if (entry !== undefined && typeof entry !== 'function') {
    issues.push({
      code: 'function_invalid',
      path: [name, 'dynamicEntry'],
      message: `dynamicEntry must be a function, got ${describeValue(entry)}.`,
    })
  }
  for (const field of ['maxConcurrency', 'maxSteps'] as const) {
    const value = config[field]
    if (value !== undefined && !(typeof value === 'number' && Number.isInteger(value) && value >= 1)) {
      issues.push({
        code: 'number_invalid',
        path: [name, field],
        message: `Workflow "${name}": "${field}" must be a positive integer (got ${describeValue(value)}).`,
      })
    }
  }
  let graph: Graph | undefined
  if (hasEdges && config.dynamicEntry === undefined) {
    try {
      graph = createGraphFromEdgeItems(config.edges as EdgeItem[])
    } catch (error) {
      if (!ConfigError.isConfigError(error)) throw error
      for (const problem of error.issues) issues.push({ ...problem, path: [name, 'edges', ...problem.path] })
    }
  }
  return { graph, issues }
}
