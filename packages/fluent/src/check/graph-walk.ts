import type { GraphNode } from '../ir/graph-node.js'
import { GRAPH_START } from '../ir/graph-edge.js'
import { graphTopology, type GraphTopology } from '../ir/graph-topology.js'
import type { FlowNode } from '../ir/flow-node.js'
import type { KeySource, Recorder } from './flow-analysis.js'
import { childScope, copyState, merge, type FlowState, type Scope, type Walk } from './flow-state.js'
import { isWithin, type NodeVisit } from './node-visit.js'

/** One member's walk: its visit, what it wrote (each key with its writer), whether it may write any key, its reads. */
interface MemberRun {
  readonly member: FlowNode
  readonly visit: NodeVisit
  readonly gen: ReadonlyMap<string, KeySource>
  readonly opaque: boolean
  readonly reads: readonly [number, number]
  readonly out: FlowState
}

/** Keys written on every path (`null`: any key may be, a step on every path writes keys the checker cannot see). */
type Must = ReadonlySet<string> | null

function isPersistentKey(key: string): boolean {
  return key.startsWith('app:') || key.startsWith('user:')
}

/**
 * Walks a graph's members once each, in run order: a member starts from what its forward predecessors (or the graph's
 * entry) left. Then, over every edge (back edges included), works out for each member the keys written on every path
 * into it and on some path, and marks each read of a key some path leaves unwritten with such a path
 * (`ReadRecord.unwrittenOn`; a key only a back edge brings gets its writer as source). After the graph, every key a
 * member wrote is available (as after a route: which ran depends on the run).
 */
export function walkGraph(
  graph: GraphNode,
  state: FlowState,
  self: NodeVisit,
  scope: Scope,
  walk: Walk,
  recorder: Recorder,
): FlowState {
  const topology = graphTopology(graph)
  const runs = new Map<string, MemberRun>()
  for (const name of topology.order) {
    const member = topology.members.get(name) as FlowNode
    const preds = (topology.incoming.get(name) ?? []).filter((edge) => !topology.backEdges.has(edge))
    const outs = preds.flatMap((edge) => runs.get(edge.from)?.out ?? [])
    const fromEntry = outs.length === 0 || preds.some((edge) => edge.from === GRAPH_START)
    const start = fromEntry ? copyState(state) : copyState(outs[0] as FlowState)
    const inState = merge(start, fromEntry ? outs : outs.slice(1))
    const counts = [
      recorder.visits.length,
      recorder.reads.length,
      recorder.writes.length,
      recorder.opaqueWriters.length,
    ]
    const terminal = scope.terminal && topology.terminals.includes(name)
    const out = walk(
      member,
      inState,
      childScope(scope, self, ['nodes', graph.nodes.indexOf(member)], { terminal, llmParent: undefined }),
    )
    const gen = new Map<string, KeySource>()
    for (const record of recorder.writes.slice(counts[2])) gen.set(record.write.key, record.visit)
    runs.set(name, {
      member,
      visit: recorder.visits[counts[0] as number] as NodeVisit,
      gen,
      opaque: recorder.opaqueWriters.length > (counts[3] as number),
      reads: [counts[1] as number, recorder.reads.length],
      out,
    })
  }
  markPartialReads(topology, runs, state, recorder)
  return merge(
    state,
    [...runs.values()].map((run) => run.out),
  )
}

function intersect(sets: readonly Must[]): Must {
  const known = sets.filter((set): set is ReadonlySet<string> => set !== null)
  if (known.length === 0) return null
  const [first, ...rest] = known as [ReadonlySet<string>, ...ReadonlySet<string>[]]
  return new Set([...first].filter((key) => rest.every((set) => set.has(key))))
}

function union(sets: readonly Must[]): Must {
  if (sets.some((set) => set === null)) return null
  return new Set(sets.flatMap((set) => [...(set as ReadonlySet<string>)]))
}

function same(left: Must | undefined, right: Must): boolean {
  if (left === undefined) return false
  if (left === null || right === null) return left === right
  return left.size === right.size && [...left].every((key) => right.has(key))
}

/** The keys written on every path into each reachable member (a join: every path into any of its branches). */
function mustWritten(topology: GraphTopology, runs: ReadonlyMap<string, MemberRun>, entry: Must): Map<string, Must> {
  const names = topology.order.filter((name) => topology.reachable.has(name))
  const mustIn = new Map<string, Must>()
  const mustOut = new Map<string, Must>(names.map((name) => [name, null]))
  for (let changed = true, rounds = 0; changed && rounds <= names.length + 1; rounds++) {
    changed = false
    for (const name of names) {
      const run = runs.get(name) as MemberRun
      const sets = (topology.incoming.get(name) ?? []).flatMap((edge): Must[] =>
        edge.from === GRAPH_START ? [entry] : mustOut.has(edge.from) ? [mustOut.get(edge.from) as Must] : [],
      )
      const into = run.member.kind === 'graph-join' ? union(sets) : intersect(sets)
      const out = run.opaque || into === null ? null : new Set([...into, ...run.gen.keys()])
      mustIn.set(name, into)
      if (!same(mustOut.get(name), out)) {
        mustOut.set(name, out)
        changed = true
      }
    }
  }
  return mustIn
}

/** The writers of each key on some path into each reachable member (back edges included). */
function mayWritten(
  topology: GraphTopology,
  runs: ReadonlyMap<string, MemberRun>,
  entry: ReadonlyMap<string, KeySource>,
): Map<string, Map<string, KeySource>> {
  const names = topology.order.filter((name) => topology.reachable.has(name))
  const mayIn = new Map<string, Map<string, KeySource>>()
  const mayOut = new Map<string, Map<string, KeySource>>()
  for (let changed = true, rounds = 0; changed && rounds <= names.length + 1; rounds++) {
    changed = false
    for (const name of names) {
      const into = new Map<string, KeySource>()
      for (const edge of topology.incoming.get(name) ?? []) {
        const from = edge.from === GRAPH_START ? entry : mayOut.get(edge.from)
        for (const [key, source] of from ?? []) if (!into.has(key)) into.set(key, source)
      }
      const out = new Map([...into, ...(runs.get(name) as MemberRun).gen])
      mayIn.set(name, into)
      if ((mayOut.get(name)?.size ?? -1) !== out.size) changed = true
      mayOut.set(name, out)
    }
  }
  return mayIn
}

/** A path from START into `target` on which nothing writes `key` (`[]` when none is found). */
function unwrittenPath(
  topology: GraphTopology,
  runs: ReadonlyMap<string, MemberRun>,
  mustIn: ReadonlyMap<string, Must>,
  target: string,
  key: string,
): string[] {
  const parent = new Map<string, string>()
  const queue = [GRAPH_START]
  for (let at = 0; at < queue.length; at++) {
    const name = queue[at] as string
    for (const edge of topology.outgoing.get(name) ?? []) {
      if (parent.has(edge.to) || edge.to === GRAPH_START) continue
      if (edge.to === target) {
        const path = [target, name]
        for (let back = name; back !== GRAPH_START; back = parent.get(back) as string)
          path.push(parent.get(back) as string)
        return path.reverse()
      }
      const run = runs.get(edge.to)
      if (!run || run.gen.has(key) || run.opaque || mustIn.get(edge.to)?.has(key)) continue
      parent.set(edge.to, name)
      queue.push(edge.to)
    }
  }
  return []
}

function markPartialReads(
  topology: GraphTopology,
  runs: ReadonlyMap<string, MemberRun>,
  entry: FlowState,
  recorder: Recorder,
): void {
  const mustIn = mustWritten(topology, runs, new Set(entry.available.keys()))
  let mayIn: Map<string, Map<string, KeySource>> | undefined
  for (const [name, run] of runs) {
    const must = mustIn.get(name)
    if (must === null || must === undefined) continue
    for (let index = run.reads[0]; index < run.reads[1]; index++) {
      const record = recorder.reads[index] as Recorder['reads'][number]
      const { key } = record.read
      const { source } = record
      const fromOutside = source === undefined || source === 'initial' || !isWithin(source, run.visit)
      if (!fromOutside || must.has(key) || isPersistentKey(key)) continue
      mayIn ??= mayWritten(topology, runs, entry.available)
      const writer = source ?? mayIn.get(name)?.get(key)
      if (writer === undefined) continue
      recorder.reads[index] = {
        ...record,
        source: writer,
        unwrittenOn: unwrittenPath(topology, runs, mustIn, name, key),
      }
    }
  }
}
