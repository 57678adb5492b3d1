import type { AgentNode } from '../ir/agent-node.js'
import type { FlowNode } from '../ir/flow-node.js'
import { childList, isLeafAgent, nodeChildren } from '../ir/node-children.js'
import type { NodeVisitor } from '../ir/node-visitor.js'
import type { NodeVisit, TreePath } from './node-visit.js'
import { stateAccess, type StateAccess, type StateRead, type StateWrite } from './state-access.js'
import { childScope, copyState, merge, type FlowState, type Scope, type Walk } from './flow-state.js'
import { walkGraph } from './graph-walk.js'

/** Where the value of a key comes from at some point of the flow: a step, or the run's initial state. */
export type KeySource = NodeVisit | 'initial'

/** A read, with the source of its key at that point (`undefined`: nothing has written it yet). */
export interface ReadRecord {
  readonly visit: NodeVisit
  readonly read: StateRead
  readonly source: KeySource | undefined
  /** The last step before it whose writes the checker cannot see (a plain function, an opaque transform). */
  readonly opaqueBefore: NodeVisit | undefined
  /** The fan-out branches it runs in: the fan-out and the id of the branch's root visit. */
  readonly branches: readonly { readonly fanOut: NodeVisit; readonly branchId: string }[]
  /**
   * In a graph, when some path into the reading node writes the key and another does not: a path of node names from
   * `START` on which nothing writes it (`['START', 'classify', 'general']`; empty when none could be named).
   */
  readonly unwrittenOn?: readonly string[]
}

/** A write of a key by a step. */
export interface WriteRecord {
  readonly visit: NodeVisit
  readonly write: StateWrite
}

/** Everything the checker and the graph views need: every visit, read and write, in run order. */
export interface FlowAnalysis {
  readonly root: FlowNode
  readonly visits: readonly NodeVisit[]
  readonly reads: readonly ReadRecord[]
  readonly writes: readonly WriteRecord[]
  /** Steps that read state in ways the checker cannot see (functions, predicates). */
  readonly opaqueReaders: readonly NodeVisit[]
  /** Steps that write keys the checker cannot see (plain functions, opaque transforms). */
  readonly opaqueWriters: readonly NodeVisit[]
  /** The declared initial state keys (from `.initialState()` anywhere in the tree, plus the options). */
  readonly initialState: ReadonlySet<string>
  /** True when initial state was declared at all, even empty (then a key nothing writes is an error). */
  readonly declaresInitialState: boolean
}

/** What a walk records. @internal */
export interface Recorder {
  order: number
  readonly visits: NodeVisit[]
  readonly reads: ReadRecord[]
  readonly writes: WriteRecord[]
  readonly opaqueReaders: NodeVisit[]
  readonly opaqueWriters: NodeVisit[]
}

/**
 * One visit. Its `path` and `id` are made on first read: a build reads them only for the visits an issue names, and
 * a 1,000-step pipeline made two short-lived strings and arrays per step for nothing otherwise.
 */
class Visit implements NodeVisit {
  // Declared, then assigned in the constructor: plain stores, not a property definition per field.
  declare readonly node: FlowNode
  declare readonly order: number
  declare readonly parent: NodeVisit | undefined
  declare readonly terminal: boolean
  declare readonly loops: readonly NodeVisit[]
  declare readonly llmParent: AgentNode | undefined
  readonly #segments: readonly (string | number)[]
  #path: TreePath | undefined = undefined
  #id: string | undefined = undefined

  constructor(node: FlowNode, order: number, scope: Scope) {
    this.node = node
    this.order = order
    this.parent = scope.parent
    this.terminal = scope.terminal
    this.loops = scope.loops
    this.llmParent = scope.llmParent
    this.#segments = scope.segments
  }

  get path(): TreePath {
    const { parent } = this
    this.#path ??= parent ? [...parent.path, ...this.#segments, this.node.name] : [this.node.name]
    return this.#path
  }

  get id(): string {
    const { parent } = this
    this.#id ??= parent ? `${parent.id}.${this.#segments.join('.')}.${this.node.name}` : this.node.name
    return this.#id
  }
}

/**
 * Walks `children` one after another (a pipeline, a loop body); only the last can be terminal. The hot loop of a long
 * pipeline, so each child's scope is written out rather than spread.
 */
function walkSequence(
  children: readonly FlowNode[],
  label: string,
  state: FlowState,
  self: NodeVisit,
  scope: Scope,
  walk: Walk,
  loops: readonly NodeVisit[],
): FlowState {
  let current = state
  const last = children.length - 1
  for (let index = 0; index <= last; index++) {
    const child = children[index] as FlowNode
    current = walk(child, current, {
      segments: [label, index],
      parent: self,
      terminal: scope.terminal && index === last,
      loops,
      llmParent: undefined,
      branches: scope.branches,
    })
  }
  return current
}

/** Walks alternatives or branches from the same state and merges what they write. */
function walkAlongside(
  children: readonly { readonly segments: readonly (string | number)[]; readonly node: FlowNode }[],
  state: FlowState,
  self: NodeVisit,
  scope: Scope,
  walk: Walk,
  fanOut: boolean,
): FlowState {
  if (children.length === 0) return state
  const afters = children.map((child) => {
    const branchScope = childScope(scope, self, child.segments)
    if (!fanOut) return walk(child.node, copyState(state), branchScope)
    // The id the branch's root visit gets (see Visit.id).
    const branch = { fanOut: self, branchId: `${self.id}.${child.segments.join('.')}.${child.node.name}` }
    return walk(child.node, copyState(state), { ...branchScope, branches: [...scope.branches, branch] })
  })
  return merge(state, afters)
}

function distinctChildren(
  node: FlowNode,
): { readonly segments: readonly (string | number)[]; readonly node: FlowNode }[] {
  const seen = new Set<FlowNode>()
  return nodeChildren(node).filter((child) => (seen.has(child.node) ? false : (seen.add(child.node), true)))
}

/** Records a step's writes (updates `state`, which the caller owns). */
function withWrites(state: FlowState, writes: readonly StateWrite[], visit: NodeVisit, opaque: boolean): FlowState {
  for (const write of writes) state.available.set(write.key, visit)
  if (opaque) state.opaque = visit
  return state
}

/** Artifact operations run after the reply is stored: they see the step's own writes (`.writes()`, `.produces()`). */
function writesItself(access: StateAccess, key: string): boolean {
  return access.writes.some((item) => item.field !== 'artifacts' && item.key === key)
}

/** True when the step writes `key` before its own reads run (`C.capture`, before the agent). */
function writesFirst(access: StateAccess, key: string): boolean {
  return access.writes.some((item) => item.beforeReads === true && item.key === key)
}

/** One handler of the walk's visitor, called directly (no rest-argument array per visit). */
type ChildrenWalk = (node: FlowNode, state: FlowState, self: NodeVisit, scope: Scope, walk: Walk) => FlowState

function createWalk(recorder: Recorder): Walk {
  const childrenWalk: NodeVisitor<FlowState, [FlowState, NodeVisit, Scope, Walk]> = {
    agent: (node, state, self, scope, walk) => {
      if (node.subAgents.length === 0 && node.tools.length === 0) return state
      const subAgents = node.subAgents.map((child, index) => ({ segments: ['subAgents', index], node: child }))
      const tools = node.tools.flatMap((entry, index) =>
        entry.kind === 'agent-tool' ? [{ segments: ['tools', index], node: entry.agent }] : [],
      )
      if (subAgents.length === 0 && tools.length === 0) return state
      const start = copyState(state)
      const afterChildren = walkAlongside(subAgents, state, self, { ...scope, llmParent: node }, walk, false)
      // An agent tool's answer goes back to the caller as the tool's result, like a flow's output.
      return merge(afterChildren, [
        walkAlongside(tools, start, self, { ...scope, llmParent: undefined, terminal: true }, walk, false),
      ])
    },
    sequence: (node, state, self, scope, walk) =>
      walkSequence(node.steps, 'steps', state, self, scope, walk, scope.loops),
    parallel: (node, state, self, scope, walk) =>
      walkAlongside(distinctChildren(node), state, self, { ...scope, llmParent: undefined }, walk, true),
    loop: (node, state, self, scope, walk) =>
      walkSequence(node.steps, 'steps', state, self, scope, walk, [...scope.loops, self]),
    fallback: (node, state, self, scope, walk) =>
      walkAlongside(distinctChildren(node), state, self, { ...scope, llmParent: undefined }, walk, false),
    route: (node, state, self, scope, walk) =>
      walkAlongside(distinctChildren(node), state, self, { ...scope, llmParent: undefined }, walk, false),
    'function-step': (_node, state) => state,
    'transform-step': (_node, state) => state,
    'artifact-step': (_node, state) => state,
    tap: (_node, state) => state,
    expect: (_node, state) => state,
    gate: (_node, state) => state,
    race: (node, state, self, scope, walk) =>
      walkAlongside(distinctChildren(node), state, self, { ...scope, llmParent: undefined }, walk, false),
    timeout: (node, state, self, scope, walk) =>
      walk(node.agent, state, childScope(scope, self, ['agent'], { llmParent: undefined })),
    'map-over': (node, state, self, scope, walk) => {
      const itemSource = state.available.get(node.itemKey)
      const withItem = withWrites(
        copyState(state),
        [{ key: node.itemKey, via: 'mapOver item', field: 'itemKey', forCaller: false }],
        self,
        false,
      )
      const after = merge(state, [
        walk(node.body, withItem, childScope(scope, self, ['body'], { llmParent: undefined, terminal: true })),
      ])
      // The item key lives in each item's own state view, not in the session.
      if (itemSource === undefined) after.available.delete(node.itemKey)
      else after.available.set(node.itemKey, itemSource)
      return after
    },
    'remote-agent': (_node, state) => state,
    graph: (node, state, self, scope, walk) => walkGraph(node, state, self, scope, walk, recorder),
    'graph-function': (_node, state) => state,
    'graph-join': (_node, state) => state,
    'graph-parallel-worker': (_node, state) => state,
  }

  const walk: Walk = (node, state, scope) => {
    const visit = new Visit(node, recorder.order++, scope)
    recorder.visits.push(visit)
    const access = stateAccess(node)
    for (const read of access.reads) {
      recorder.reads.push({
        visit,
        read,
        source:
          (read.afterReply && writesItself(access, read.key)) || writesFirst(access, read.key)
            ? visit
            : state.available.get(read.key),
        opaqueBefore: state.opaque,
        branches: scope.branches,
      })
    }
    if (access.opaqueRead !== undefined) recorder.opaqueReaders.push(visit)
    if (access.opaqueWrite !== undefined) recorder.opaqueWriters.push(visit)
    for (const write of access.writes) recorder.writes.push({ visit, write })
    const after = (childrenWalk[node.kind] as ChildrenWalk)(node, state, visit, scope, walk)
    return withWrites(after, access.writes, visit, access.opaqueWrite !== undefined)
  }
  return walk
}

/** What `.initialState()` declares anywhere in the tree: the keys, and whether it was called at all (even empty). */
interface Declared {
  readonly keys: string[]
  any: boolean
}

/** Collects {@link Declared} in one walk of the tree (into `into`). */
function declaredKeys(node: FlowNode, into: Declared): Declared {
  if (node.initialState) {
    into.any = true
    into.keys.push(...node.initialState)
  }
  if (isLeafAgent(node)) return into
  const list = childList(node)
  if (list) for (const child of list.nodes) declaredKeys(child, into)
  else for (const child of nodeChildren(node)) declaredKeys(child.node, into)
  return into
}

/**
 * Walks the tree in run order, recording for every read where its key comes from at that point, every write, and
 * the steps the checker cannot see into. Loop bodies are walked once; fan-out branches and alternatives start from
 * the same state and their writes are merged after them.
 */
export function analyzeFlow(root: FlowNode, options: { readonly initialState?: readonly string[] } = {}): FlowAnalysis {
  const inTree = declaredKeys(root, { keys: [], any: false })
  const declared = [...inTree.keys, ...(options.initialState ?? [])]
  const initialState = new Set(declared)
  const recorder: Recorder = { order: 0, visits: [], reads: [], writes: [], opaqueReaders: [], opaqueWriters: [] }
  const available = new Map<string, KeySource>([...initialState].map((key) => [key, 'initial']))
  createWalk(recorder)(
    root,
    { available, opaque: undefined },
    {
      segments: [],
      parent: undefined,
      terminal: true,
      loops: [],
      llmParent: undefined,
      branches: [],
    },
  )
  return {
    root,
    visits: recorder.visits,
    reads: recorder.reads,
    writes: recorder.writes,
    opaqueReaders: recorder.opaqueReaders,
    opaqueWriters: recorder.opaqueWriters,
    initialState,
    declaresInitialState: inTree.any || options.initialState !== undefined,
  }
}
