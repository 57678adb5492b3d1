import { GraphNode } from '../ir/graph-node.js'
import { parseAgentName } from '../parse/parse-agent-name.js'
import { defaultBuilderKit } from './default-builder-kit.js'
import type { GraphBuilder } from './graph-builder.js'
import type { EmptyFlow } from '../flow-types/state-flow.js'

/**
 * A graph workflow named `name` (builds a core `Workflow`): add nodes and edges with `.chain()`, `.edge()`,
 * `.routes()` and `.join()`.
 * @example Graph('review').chain('START', writer, critic).routes(critic, { revise: writer, approve: publish }).maxSteps(20)
 */
export function Graph(name: string): GraphBuilder<EmptyFlow> {
  return defaultBuilderKit.graph(GraphNode.create(parseAgentName(name, 'Graph')))
}
