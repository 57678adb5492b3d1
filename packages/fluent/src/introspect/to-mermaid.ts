import type { FlowNode } from '../ir/flow-node.js'
import { visitNode, type NodeVisitor } from '../ir/node-visitor.js'
import { dataEdges } from './data-edges.js'
import { analyzeFlow } from '../check/flow-analysis.js'
import { formatNodeLabel } from './node-label.js'
import type { NodeVisit } from '../check/node-visit.js'
import { branchLabel } from './branch-label.js'
import { mermaidIds } from './graph-visits.js'
import { GRAPH_START, formatRoutes } from '../ir/graph-edge.js'
import type { GraphNode } from '../ir/graph-node.js'
import { graphTopology } from '../ir/graph-topology.js'

interface Ends {
  readonly entries: readonly string[]
  readonly exits: readonly string[]
}

interface Drawing {
  /** Node and subgraph lines. */
  readonly lines: string[]
  /** Control edges, written after every node. */
  readonly edges: string[]
  readonly ids: Map<NodeVisit, string>
  readonly childrenOf: (visit: NodeVisit) => NodeVisit[]
  readonly draw: (visit: NodeVisit, indent: string) => Ends
}

/** A mermaid label in double quotes (quotes and angle brackets as entities, so any text is safe). */
function text(value: string): string {
  return `"${value.replace(/"/g, '#quot;').replace(/</g, '#lt;').replace(/>/g, '#gt;')}"`
}

function connect(lines: string[], from: readonly string[], to: readonly string[], arrow = '-->'): void {
  for (const source of from) for (const target of to) lines.push(`    ${source} ${arrow} ${target}`)
}

/** A control arrow, labelled when there is a label. */
function arrow(label: string): string {
  return label ? `-- ${text(label)} -->` : '-->'
}

type Draw = (node: FlowNode, visit: NodeVisit, indent: string, drawing: Drawing) => Ends

function shape(open: string, close: string): Draw {
  return (node, visit, indent, drawing) => {
    const id = drawing.ids.get(visit) as string
    drawing.lines.push(`${indent}${id}${open}${text(formatNodeLabel(node))}${close}`)
    return { entries: [id], exits: [id] }
  }
}

function subgraph(body: (children: readonly NodeVisit[], indent: string, drawing: Drawing) => Ends): Draw {
  return (node, visit, indent, drawing) => {
    const id = drawing.ids.get(visit) as string
    drawing.lines.push(`${indent}subgraph ${id} [${text(formatNodeLabel(node))}]`)
    const ends = body(drawing.childrenOf(visit), `${indent}    `, drawing)
    drawing.lines.push(`${indent}end`)
    return ends
  }
}

function chain(
  children: readonly NodeVisit[],
  indent: string,
  drawing: Drawing,
): Ends & { first: Ends | undefined; last: Ends | undefined } {
  const drawn = children.map((child) => drawing.draw(child, indent))
  drawn.forEach((ends, index) => {
    const next = drawn[index + 1]
    if (next) connect(drawing.edges, ends.exits, next.entries)
  })
  const first = drawn[0]
  const last = drawn[drawn.length - 1]
  return { entries: first?.entries ?? [], exits: last?.exits ?? [], first, last }
}

function alongside(children: readonly NodeVisit[], indent: string, drawing: Drawing): Ends {
  const drawn = children.map((child) => drawing.draw(child, indent))
  return { entries: drawn.flatMap((ends) => ends.entries), exits: drawn.flatMap((ends) => ends.exits) }
}

/** A node that hands over to its children along labelled edges; `passes`: the flow may go on from the node itself. */
function dispatcher(open: string, close: string, passes: (node: FlowNode) => boolean): Draw {
  const leaf = shape(open, close)
  return (node, visit, indent, drawing) => {
    const own = leaf(node, visit, indent, drawing)
    const exits: string[] = passes(node) ? [...own.exits] : []
    for (const child of drawing.childrenOf(visit)) {
      const ends = drawing.draw(child, indent)
      connect(drawing.edges, own.exits, ends.entries, arrow(branchLabel(visit, child)))
      exits.push(...ends.exits)
    }
    return { entries: own.entries, exits }
  }
}

/**
 * A graph: a subgraph of its nodes, with an arrow per edge (labelled by its routes; an edge back to a node that runs
 * before is a thick `==>` edge). It is entered at the nodes START leads to and left from the nodes with no edge out.
 */
function drawGraph(node: GraphNode): Draw {
  return (_node, visit, indent, drawing) => {
    const id = drawing.ids.get(visit) as string
    drawing.lines.push(`${indent}subgraph ${id} [${text(formatNodeLabel(node))}]`)
    const drawn = new Map<string, Ends>()
    for (const child of drawing.childrenOf(visit)) drawn.set(child.node.name, drawing.draw(child, `${indent}    `))
    drawing.lines.push(`${indent}end`)
    const topology = graphTopology(node)
    for (const edge of node.edges) {
      const from = drawn.get(edge.from)
      const to = drawn.get(edge.to)
      if (!from || !to) continue
      const label = formatRoutes(edge)
      const back = topology.backEdges.has(edge)
      connect(drawing.edges, from.exits, to.entries, back ? `== ${text(label || 'again')} ==>` : arrow(label))
    }
    const side = (names: readonly string[], which: keyof Ends) =>
      names.flatMap((name) => drawn.get(name)?.[which] ?? [])
    return {
      entries: side(
        (topology.outgoing.get(GRAPH_START) ?? []).map((edge) => edge.to),
        'entries',
      ),
      exits: side(topology.terminals, 'exits'),
    }
  }
}

const drawByKind: NodeVisitor<Draw> = {
  agent: (node) => (_node, visit, indent, drawing) => {
    const own = shape('[', ']')(node, visit, indent, drawing)
    for (const child of drawing.childrenOf(visit)) {
      const ends = drawing.draw(child, indent)
      connect(drawing.edges, own.exits, ends.entries, arrow(branchLabel(visit, child)))
    }
    return own
  },
  sequence: () => subgraph((children, indent, drawing) => chain(children, indent, drawing)),
  parallel: () => subgraph(alongside),
  loop: (node) =>
    subgraph((children, indent, drawing) => {
      const drawn = chain(children, indent, drawing)
      const label = node.maxIterations === undefined ? 'repeat' : `repeat, max ${node.maxIterations}`
      if (drawn.first && drawn.last)
        connect(drawing.edges, drawn.last.exits, drawn.first.entries, `== ${text(label)} ==>`)
      return drawn
    }),
  fallback: () => dispatcher('[/', '\\]', () => false),
  route: (node) => dispatcher('{', '}', () => node.otherwise === undefined),
  'function-step': () => shape('[/', '/]'),
  'transform-step': () => shape('>', ']'),
  'artifact-step': () => shape('[(', ')]'),
  tap: () => shape('[/', '/]'),
  expect: () => shape('{{', '}}'),
  gate: () => shape('{{', '}}'),
  race: () => dispatcher('{{', '}}', () => false),
  timeout: () => subgraph(alongside),
  'map-over': () => (node, visit, indent, drawing) => {
    const own = shape('((', '))')(node, visit, indent, drawing)
    for (const child of drawing.childrenOf(visit))
      connect(drawing.edges, own.exits, drawing.draw(child, indent).entries, arrow('each item'))
    return own
  },
  'remote-agent': () => shape('[[', ']]'),
  graph: (node) => drawGraph(node),
  'graph-function': () => shape('[/', '/]'),
  'graph-join': () => shape('((', '))'),
  'graph-parallel-worker': () => shape('[[', ']]'),
}

/**
 * `.toMermaid()`: a `flowchart TD` of the tree. Pipelines, fan-outs, loops, timeouts and graphs are subgraphs; agents,
 * transforms, functions and other steps are nodes (shaped by kind); control edges follow the run order (a loop's
 * `repeat` edge goes back to its first step; routes, fallbacks and races hand over along labelled edges; a graph's
 * edges are drawn as they are, labelled by route, an edge back to an earlier node thick like a loop's); dotted
 * edges carry the state keys from the step that writes them to the step that reads them (from an `initial state`
 * node for declared input, from a `not written` node for keys nothing provides). Never runs user code.
 */
export function toMermaid(root: FlowNode): string {
  const analysis = analyzeFlow(root)
  const ids = mermaidIds(analysis.visits)
  const lines = ['flowchart TD']
  const drawing: Drawing = {
    lines,
    edges: [],
    ids,
    childrenOf: (visit) => analysis.visits.filter((candidate) => candidate.parent === visit),
    draw: (visit, indent) => visitNode(drawByKind, visit.node)(visit.node, visit, indent, drawing),
  }
  drawing.draw(analysis.visits[0] as NodeVisit, '    ')
  lines.push(...drawing.edges)
  const edges = dataEdges(analysis)
  for (const source of ['initial', 'missing'] as const) {
    if (edges.some((edge) => edge.from === source))
      lines.push(`    ${source}[(${text(source === 'initial' ? 'initial state' : 'not written')})]`)
  }
  for (const edge of edges) {
    const from = typeof edge.from === 'string' ? edge.from : ids.get(edge.from)
    lines.push(`    ${from} -. ${text(edge.keys.join(', '))} .-> ${ids.get(edge.to)}`)
  }
  return lines.join('\n')
}
