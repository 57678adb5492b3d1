import type { SchemaLike, SingleAgentCallback, Workflow } from '@adk-fluent/core'
import { GraphNode } from '../ir/graph-node.js'
import { parseCount } from '../parse/parse-count.js'
import {
  parseGraphChain,
  parseGraphEdge,
  parseGraphJoin,
  parseGraphRoutes,
  type GraphAddition,
} from '../parse/parse-graph-edges.js'
import type { BuilderKit, BuilderProps } from './builder-kit.js'
import { FlowBuilderBase } from './flow-builder-base.js'
import type { GraphBuilder } from './graph-builder.js'
import { agentCallbackUpdate, describeUpdate } from './workflow-updates.js'

/** @internal */
export class GraphBuilderImpl extends FlowBuilderBase {
  readonly #props: BuilderProps<GraphNode>

  constructor(props: BuilderProps<GraphNode>) {
    super()
    this.#props = Object.freeze(props)
  }

  get node(): GraphNode {
    return this.#props.node
  }

  protected get kit(): BuilderKit {
    return this.#props.kit
  }

  #with(patch: Partial<Omit<GraphNode, 'kind'>>): GraphBuilder {
    return new GraphBuilderImpl({ node: GraphNode.cloneWith(this.#props.node, patch), kit: this.#props.kit }) as never
  }

  #add(addition: GraphAddition): GraphBuilder {
    return new GraphBuilderImpl({
      node: GraphNode.withEdges(this.#props.node, addition.members, addition.edges),
      kit: this.#props.kit,
    }) as never
  }

  edge(from: unknown, to: unknown, route?: unknown): GraphBuilder {
    return this.#add(parseGraphEdge(from, to, route, this.callPath('edge'), this.node.nodes))
  }

  chain(...elements: unknown[]): GraphBuilder {
    return this.#add(parseGraphChain(elements, this.callPath('chain'), this.node.nodes))
  }

  routes(from: unknown, map: unknown): GraphBuilder {
    return this.#add(parseGraphRoutes(from, map, this.callPath('routes'), this.node.nodes))
  }

  join(name: unknown, ...from: unknown[]): GraphBuilder {
    return this.#add(parseGraphJoin(name, from, this.callPath('join'), this.node.nodes))
  }

  maxConcurrency(count: number): GraphBuilder {
    return this.#with({ maxConcurrency: parseCount(count, this.callPath('maxConcurrency'), 1, 'maxConcurrency(n)') })
  }

  maxSteps(count: number): GraphBuilder {
    return this.#with({ maxSteps: parseCount(count, this.callPath('maxSteps'), 1, 'maxSteps(n)') })
  }

  stateSchema(schema: SchemaLike): GraphBuilder {
    return this.#with({ stateSchema: schema })
  }

  describe(text: string): GraphBuilder {
    return this.#with(describeUpdate(text, this.callPath('describe')))
  }

  beforeAgent(callback: SingleAgentCallback): GraphBuilder {
    return this.#with(agentCallbackUpdate(this.node, 'beforeAgent', callback, this.callPath('beforeAgent')))
  }

  afterAgent(callback: SingleAgentCallback): GraphBuilder {
    return this.#with(agentCallbackUpdate(this.node, 'afterAgent', callback, this.callPath('afterAgent')))
  }

  override build(): Workflow {
    return super.build() as Workflow
  }
}
