/** A box of the graph: a step (agent, transform, …), or the `initial state` / `not written` source of data edges. */
export interface GraphNode {
  readonly id: string
  /** The label `.toMermaid()` gives it: `name (Kind: detail)`. */
  readonly label: string
  /** The node's name (the label without its kind), or `initial state` / `not written`. */
  readonly name: string
  /** `Agent`, `Transform`, `Route`, … from the label; `State` for the data sources. */
  readonly kind: string
  /** The subgraph it is drawn in (`undefined`: at the top). */
  readonly parent: string | undefined
}

/** A frame around the children of a pipeline, fan-out, loop or timeout. */
export interface GraphGroup {
  readonly id: string
  readonly label: string
  readonly name: string
  readonly kind: string
  readonly parent: string | undefined
}

/** `control`: run order (labelled for routes); `repeat`: a loop's way back; `data`: state keys, writer → reader. */
export type GraphEdgeKind = 'control' | 'repeat' | 'data'

/** An edge between nodes. */
export interface GraphEdge {
  readonly from: string
  readonly to: string
  readonly kind: GraphEdgeKind
  readonly label: string | undefined
}

/** The topology `.toMermaid()` draws, as data: nodes and groups in drawing order, and every edge. */
export interface GraphModel {
  readonly nodes: readonly GraphNode[]
  readonly groups: readonly GraphGroup[]
  readonly edges: readonly GraphEdge[]
}

function unescape(text: string): string {
  return text
    .replace(/#quot;/g, '"')
    .replace(/#lt;/g, '<')
    .replace(/#gt;/g, '>')
}

function split(label: string): { name: string; kind: string } {
  const match = /^(.*) \(([A-Za-z]+)(?::.*)?\)$/s.exec(label)
  if (!match) return { name: label, kind: 'State' }
  return { name: match[1] as string, kind: match[2] as string }
}

const groupLine = /^subgraph (\w+) \["(.*)"\]$/
const nodeLine = /^(\w+)[[{(>/]+"(.*)"[\]})/\\]+$/
const edgeLine = /^(\w+) (?:-->|-- "(.*)" -->|== "(.*)" ==>|-\. "(.*)" \.->) (\w+)$/

/**
 * Reads the text of `.toMermaid()` back into nodes, groups and edges, so the browser view draws exactly the topology
 * and the data-flow edges of the mermaid view (the same analysis, the same ids `n1`, `n2`, …). Throws on a line it does
 * not understand, so a change of the mermaid format cannot silently drop parts of the picture.
 */
export function parseMermaid(mermaid: string): GraphModel {
  const nodes: GraphNode[] = []
  const groups: GraphGroup[] = []
  const edges: GraphEdge[] = []
  const open: string[] = []
  for (const raw of mermaid.split('\n').slice(1)) {
    const line = raw.trim()
    if (line === '') continue
    const parent = open[open.length - 1]
    const group = groupLine.exec(line)
    if (group) {
      const label = unescape(group[2] as string)
      groups.push({ id: group[1] as string, label, ...split(label), parent })
      open.push(group[1] as string)
      continue
    }
    if (line === 'end') {
      open.pop()
      continue
    }
    const edge = edgeLine.exec(line)
    if (edge) {
      const [, from, control, repeat, data, to] = edge as unknown as [
        string,
        string,
        string | undefined,
        string | undefined,
        string | undefined,
        string,
      ]
      const kind: GraphEdgeKind = data !== undefined ? 'data' : repeat !== undefined ? 'repeat' : 'control'
      edges.push({
        from,
        to,
        kind,
        label: [control, repeat, data]
          .map((part) => (part === undefined ? undefined : unescape(part)))
          .find((part) => part !== undefined),
      })
      continue
    }
    const node = nodeLine.exec(line)
    if (node) {
      const label = unescape(node[2] as string)
      nodes.push({ id: node[1] as string, label, ...split(label), parent })
      continue
    }
    throw new Error(`Unexpected line in the mermaid graph: ${line}`)
  }
  return { nodes, groups, edges }
}
