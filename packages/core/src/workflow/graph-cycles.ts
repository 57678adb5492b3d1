import type { BaseNode } from './base-node.js'
import type { Graph } from './graph.js'

/** The nodes of a graph that lie on a cycle (a routed loop): their runs repeat within one run of the graph. */
export function nodesOnCycles(graph: Graph): Set<BaseNode> {
  const next = new Map<BaseNode, BaseNode[]>()
  for (const edge of graph.edges) {
    const list = next.get(edge.fromNode) ?? []
    list.push(edge.toNode)
    next.set(edge.fromNode, list)
  }
  // Tarjan's strongly connected components; a component of two or more nodes, or a node with an edge to itself, loops.
  const index = new Map<BaseNode, number>()
  const low = new Map<BaseNode, number>()
  const stack: BaseNode[] = []
  const onStack = new Set<BaseNode>()
  const cyclic = new Set<BaseNode>()
  let counter = 0
  const visit = (node: BaseNode): void => {
    index.set(node, counter)
    low.set(node, counter++)
    stack.push(node)
    onStack.add(node)
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number))
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node) as number, index.get(target) as number))
    }
    if (low.get(node) !== index.get(node)) return
    const component: BaseNode[] = []
    let member: BaseNode
    do {
      member = stack.pop() as BaseNode
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || (next.get(node) ?? []).includes(node)) for (const item of component) cyclic.add(item)
  }
  for (const node of graph.nodes) if (!index.has(node)) visit(node)
  return cyclic
}
