import type { SchemaLike, SingleAgentCallback, Workflow } from '@adk-fluent/core'
import type { GraphNode } from '../ir/graph-node.js'
import type { GraphChainElement, GraphRoutingMap } from '../parse/parse-graph-edges.js'
import type { GraphNodeInput } from '../parse/parse-graph-node.js'
import type { RouteValue } from '@adk-fluent/core'
import type { FlowBuilder } from './flow-builder.js'
import type {
  InitialError,
  InitialKeys,
  InitialReceiver,
  StateFlow,
  Typed,
  WithInitial,
} from '../flow-types/state-flow.js'
import type { ChainArguments, CheckedTarget, GraphWith } from './graph-flow.js'

/** The builder after a method (a conditional type: declaring the method does not make the compiler expand the flow). */
type GraphAfter<F> = F extends StateFlow ? GraphBuilder<F> : never

/**
 * A graph workflow (ADK 2.0's `Workflow`, which it builds): nodes joined by edges, with routes, fan-outs, joins and
 * cycles. A node is any builder (`Agent`, `Pipeline`, `FanOut`, `Loop`, `Route`, …, another `Graph`), an `S`
 * transform, an `A` operation or a named function `(ctx, input) => output` (ADK's function node: `ctx.route = 'x'`
 * emits a route, `ctx.state.set()` writes state, `ctx.runNode()` runs another node); a string names a node already
 * given (`'START'` is the entry). A node's output is the next node's input (an agent gets it as its user turn); an
 * agent with routed edges out emits its answer as its route. Methods append; each returns a new builder.
 *
 * `TFlow`: the state its nodes write (each key possibly absent: which nodes run depends on the routes) and read. Once
 * `.initialState()` is declared, a node reading a key that no node of the graph writes does not compile, nor in one
 * `.chain()` a `{key}` read after a fan-out or routing map of which only some nodes write the key.
 */
export interface GraphBuilder<TFlow extends StateFlow = any> extends FlowBuilder<string, TFlow> {
  readonly node: GraphNode
  /**
   * An edge from `from` to `to`, taken always, or when `from` emits `route` (one value or a list; `DEFAULT_ROUTE`:
   * when it emits none that another edge takes).
   * @example Graph('review').edge('START', writer).edge(writer, critic).edge(critic, writer, 'revise')
   */
  edge<const $From extends GraphNodeInput, const $To extends GraphNodeInput>(
    from: $From,
    to: $To & CheckedTarget<Typed<TFlow>, $From, $To>,
    route?: RouteValue | readonly RouteValue[],
  ): GraphAfter<GraphWith<TFlow, $From | $To>>
  /**
   * ADK's chain: each element leads to the next; an array fans out (or in: every pair), a routing map
   * `{ route: node }` after a node gives one routed edge per key.
   * @example Graph('triage').chain('START', classify, { billing: billing, [DEFAULT_ROUTE]: general })
   */
  chain<const $Elements extends readonly GraphChainElement[]>(
    ...elements: ChainArguments<Typed<TFlow>, $Elements>
  ): GraphAfter<GraphWith<TFlow, $Elements[number]>>
  /**
   * Routed edges from `from`: one per key of `map` (a number or boolean key is matched as that value).
   * @example Graph('review').routes(critic, { revise: writer, approve: publish })
   */
  routes<const $From extends GraphNodeInput, const $Map extends GraphRoutingMap>(
    from: $From,
    map: $Map & CheckedTarget<Typed<TFlow>, $From, $Map>,
  ): GraphAfter<GraphWith<TFlow, $From | $Map>>
  /**
   * A join named `name` that runs once every one of `from` completed, with `{ [from]: output }` as its output.
   * @example Graph('research').chain('START', [web, papers]).join('merge', web, papers).edge('merge', summarise)
   */
  join<const $From extends readonly GraphNodeInput[]>(
    name: string,
    ...from: $From
  ): GraphAfter<GraphWith<TFlow, $From[number]>>
  /** The most nodes running at once (replaces). @example Graph('crawl').maxConcurrency(4) */
  maxConcurrency(count: number): GraphBuilder<TFlow>
  /**
   * The most node runs in one run of the graph (replaces): a cycle still going at `count` fails the run with a
   * `MaxTurnsError` naming the node. @example Graph('review').maxSteps(20)
   */
  maxSteps(count: number): GraphBuilder<TFlow>
  /**
   * The state keys the graph's nodes may write and their types (replaces; ADK 2.0 `stateSchema`): an object schema
   * (zod `z.object({...})` or a genai `Schema`). A write of an undeclared key or a value of the wrong type fails the
   * node with a `StateSchemaError`; prefixed keys (`app:`, `user:`, `temp:`) are free. A schema that declares no keys
   * is reported by `build()`.
   * @example Graph('score').stateSchema(z.object({ score: z.number() })).chain('START', scoreNode)
   */
  stateSchema(schema: SchemaLike): GraphBuilder<TFlow>
  /** Sets the description (replaces). */
  describe(text: string): GraphBuilder<TFlow>
  /** Adds a before-agent callback (appends). */
  beforeAgent(callback: SingleAgentCallback): GraphBuilder<TFlow>
  /** Adds an after-agent callback (appends). */
  afterAgent(callback: SingleAgentCallback): GraphBuilder<TFlow>
  /**
   * Declares state keys present when the run starts (appends; they hold for the whole tree). Once declared (even
   * empty), a node added after it that reads a key no node of the graph writes does not compile, and declaring it after
   * nodes that read such keys does not either.
   * @example Graph('review').initialState('topic').chain('START', Agent('writer').instruct('Write about {topic}.'))
   */
  initialState<const $Key extends string = never>(
    this: InitialReceiver<$Key, InitialError<Typed<TFlow>, $Key>>,
    ...keys: InitialKeys<$Key, InitialError<Typed<TFlow>, $Key>>
  ): GraphBuilder<WithInitial<Typed<TFlow>, $Key>>
  build(): Workflow
}
