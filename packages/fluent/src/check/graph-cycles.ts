import type { GraphNode } from '../ir/graph-node.js'
import { isUnconditional, type GraphTopology } from '../ir/graph-topology.js'
import type { GraphFinding } from './graph-finding.js'

function describeCycle(cycle: readonly string[]): string {
  return [...cycle, cycle[0]].join(' → ')
}

/** A cycle all of whose edges inside it are unconditional, as a path (`undefined` when it has a routed edge). */
function unconditionalCycle(cycle: readonly string[], topology: GraphTopology): string[] | undefined {
  const inside = new Set(cycle)
  const next = (name: string) =>
    (topology.outgoing.get(name) ?? []).filter((edge) => inside.has(edge.to) && isUnconditional(edge))
  // Walk unconditional edges from the first member: coming back to a node on the path closes an unconditional cycle.
  const path: string[] = []
  const onPath = new Set<string>()
  const done = new Set<string>()
  const visit = (name: string): string[] | undefined => {
    path.push(name)
    onPath.add(name)
    for (const edge of next(name)) {
      if (onPath.has(edge.to)) return path.slice(path.indexOf(edge.to))
      if (!done.has(edge.to)) {
        const found = visit(edge.to)
        if (found) return found
      }
    }
    path.pop()
    onPath.delete(name)
    done.add(name)
    return undefined
  }
  for (const name of cycle) {
    if (done.has(name)) continue
    const found = visit(name)
    if (found) return found
  }
  return undefined
}

/**
 * The cycles of a graph that could run forever: one of unconditional edges (an error: nothing can leave it), one that
 * no edge leaves and no `.maxSteps()` bounds (an error: it ends only when a node emits no route, and then the graph
 * has no output), and one with a way out but no bound (a warning: a model that never takes the way out loops forever).
 */
export function cycleFindings(graph: GraphNode, topology: GraphTopology): GraphFinding[] {
  const findings: GraphFinding[] = []
  const bounded = graph.maxSteps !== undefined
  for (const cycle of topology.cycles) {
    const first = cycle[0] as string
    const at = ['nodes', first]
    const unconditional = unconditionalCycle(cycle, topology)
    if (unconditional) {
      findings.push({
        code: 'graph_cycle_unbounded',
        level: 'error',
        at,
        node: first,
        message: `the cycle ${describeCycle(unconditional)} of graph "${graph.name}" has only unconditional edges, so it never ends.`,
        hint: `Route the edge back: .routes('${unconditional[unconditional.length - 1]}', { again: '${unconditional[0]}', done: next }), and bound the graph with .maxSteps(n).`,
      })
      continue
    }
    const inside = new Set(cycle)
    const exits = cycle.flatMap((name) => (topology.outgoing.get(name) ?? []).filter((edge) => !inside.has(edge.to)))
    const cycleText = describeCycle(cycle)
    if (exits.length === 0 && !bounded) {
      findings.push({
        code: 'graph_cycle_unbounded',
        level: 'error',
        at,
        node: first,
        message: `the cycle ${cycleText} of graph "${graph.name}" has no route out and no bound: it runs until a node emits no route, and then the graph has no output.`,
        hint: `Give it a way out, for example .routes('${cycle[cycle.length - 1]}', { done: publish }), and a bound with .maxSteps(n).`,
      })
    } else if (!bounded) {
      const ways = [...new Set(exits.map((edge) => edge.from))].map((name) => `"${name}"`).join(', ')
      findings.push({
        code: 'graph_cycle_unbounded',
        level: 'warning',
        at,
        node: first,
        message: `the cycle ${cycleText} of graph "${graph.name}" ends only when ${ways} takes a route out; if it never does, the cycle never ends.`,
        hint: `Bound it with .maxSteps(n) on the graph (a run past n node runs fails with MaxTurnsError).`,
      })
    } else if (exits.length === 0) {
      findings.push({
        code: 'graph_cycle_unbounded',
        level: 'warning',
        at,
        node: first,
        message: `the cycle ${cycleText} of graph "${graph.name}" has no route out: it ends when a node emits no route (the graph then has no output) or fails at .maxSteps(${graph.maxSteps}).`,
        hint: `Give it a way out, for example .routes('${cycle[cycle.length - 1]}', { done: publish }).`,
      })
    }
  }
  return findings
}
