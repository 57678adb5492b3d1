import type { SingleAgentCallback, Workflow } from '@adk-fluent/core'
import type { GraphNode } from '../ir/graph-node.js'
import type { GraphChainElement, GraphRoutingMap } from '../parse/parse-graph-edges.js'
import type { GraphNodeInput } from '../parse/parse-graph-node.js'
import type { RouteValue } from '@adk-fluent/core'
import type { FlowBuilder } from './flow-builder.js'
import type { StateFlow } from '../namespaces/shared/state-flow.js'

/**
 * A graph workflow (ADK 2.0's `Workflow`, which it builds): nodes joined by edges, with routes, fan-outs, joins and
 * cycles. A node is any builder (`Agent`, `Pipeline`, `FanOut`, `Loop`, `Route`, …, another `Graph`), an `S`
 * transform, an `A` operation or a named function `(ctx, input) => output` (ADK's function node: `ctx.route = 'x'`
 * emits a route, `ctx.state.set()` writes state, `ctx.runNode()` runs another node); a string names a node already
 * given (`'START'` is the entry). A node's output is the next node's input (an agent gets it as its user turn); an
 * agent with routed edges out emits its answer as its route. Methods append; each returns a new builder.
 */
export interface GraphBuilder<TFlow extends StateFlow = any> extends FlowBuilder<string, TFlow> {
  readonly node: GraphNode
  /**
   * An edge from `from` to `to`, taken always, or when `from` emits `route` (one value or a list; `DEFAULT_ROUTE`:
   * when it emits none that another edge takes).
   * @example Graph('review').edge('START', writer).edge(writer, critic).edge(critic, writer, 'revise')
   */
  edge(from: GraphNodeInput, to: GraphNodeInput, route?: RouteValue | readonly RouteValue[]): GraphBuilder<TFlow>
  /**
   * ADK's chain: each element leads to the next; an array fans out (or in: every pair), a routing map
   * `{ route: node }` after a node gives one routed edge per key.
   * @example Graph('triage').chain('START', classify, { billing: billing, [DEFAULT_ROUTE]: general })
   */
  chain(...elements: GraphChainElement[]): GraphBuilder<TFlow>
  /**
   * Routed edges from `from`: one per key of `map` (a number or boolean key is matched as that value).
   * @example Graph('review').routes(critic, { revise: writer, approve: publish })
   */
  routes(from: GraphNodeInput, map: GraphRoutingMap): GraphBuilder<TFlow>
  /**
   * A join named `name` that runs once every one of `from` completed, with `{ [from]: output }` as its output.
   * @example Graph('research').chain('START', [web, papers]).join('merge', web, papers).edge('merge', summarise)
   */
  join(name: string, ...from: GraphNodeInput[]): GraphBuilder<TFlow>
  /** The most nodes running at once (replaces). @example Graph('crawl').maxConcurrency(4) */
  maxConcurrency(count: number): GraphBuilder<TFlow>
  /**
   * The most node runs in one run of the graph (replaces): a cycle still going at `count` fails the run with a
   * `MaxTurnsError` naming the node. @example Graph('review').maxSteps(20)
   */
  maxSteps(count: number): GraphBuilder<TFlow>
  /** Sets the description (replaces). */
  describe(text: string): GraphBuilder<TFlow>
  /** Adds a before-agent callback (appends). */
  beforeAgent(callback: SingleAgentCallback): GraphBuilder<TFlow>
  /** Adds an after-agent callback (appends). */
  afterAgent(callback: SingleAgentCallback): GraphBuilder<TFlow>
  /** Declares state keys present when the run starts (appends; they hold for the whole tree). */
  initialState(...keys: string[]): this
  build(): Workflow
}
