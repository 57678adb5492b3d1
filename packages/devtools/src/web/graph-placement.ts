import type { Rect } from './graph-grid.js'
import type { GraphGroup, GraphModel, GraphNode } from './graph-model.js'
import { lineHeight, textWidth, wrapText } from './graph-text.js'

/** A position and size in pixels (top-left origin). */
export type Box = Rect

/** A node placed: its box and its label in lines (wrapped to fit the box). */
export interface PlacedNode extends GraphNode, Box {
  readonly lines: readonly string[]
}

/** A frame placed: its box and its label in lines (drawn in the frame's header). */
export interface PlacedGroup extends GraphGroup, Box {
  readonly lines: readonly string[]
}

/** Every box, port and route sits on this grid (px). */
export const GRID = 6
/** Out-ports of data edges are this far apart on a node's right side: each has its key's label above it. */
export const OUT_PORT_GAP = 18
/** In-ports of data edges are this far apart. */
export const IN_PORT_GAP = 6

const pad = 18
const gap = { x: 36, y: 48 }
const nodeText = { min: 84, max: 234, padX: 12 }
const frameLabelMax = 330
/** A frame's label is never wrapped narrower than this (px). */
const frameLabelMin = 150

/** Where each node's data edges leave and arrive (its right side), and the room its key labels take there. */
export interface DataPorts {
  /** The y of the out-port of each state key the node writes (by the edge's label). */
  readonly out: ReadonlyMap<string, number>
  /** The y of the in-port of each data edge into the node (by the edge's index in the model). */
  readonly in: ReadonlyMap<number, number>
  /** Width right of the box kept free for the key labels of its out-ports (0 without any). */
  readonly zone: number
}

/** What placing the boxes gives the router. */
export interface Placement {
  readonly nodes: readonly PlacedNode[]
  readonly groups: readonly PlacedGroup[]
  readonly ports: ReadonlyMap<string, DataPorts>
  /** Indices of control edges that go back (against the rows: a cycle), routed like a loop's repeat edge. */
  readonly back: ReadonlySet<number>
  readonly width: number
  readonly height: number
}

const up = (value: number, step = GRID) => Math.ceil(value / step) * step
const snap = (value: number) => Math.round(value / GRID) * GRID

interface Item {
  readonly id: string
  readonly group: boolean
  w: number
  h: number
  /** Room kept free on both sides of a node for its key labels (and to keep it centred). */
  zone: number
  x: number
  y: number
}

/** The edges of a container's items, without those that close a cycle (found depth-first, in item order). */
function splitCycles(ids: readonly string[], links: readonly (readonly [string, string, number])[]) {
  const out = new Map<string, (readonly [string, string, number])[]>(ids.map((id) => [id, []]))
  for (const link of links) out.get(link[0])?.push(link)
  const state = new Map<string, 'open' | 'done'>()
  const forward: (readonly [string, string, number])[] = []
  const back = new Set<number>()
  const visit = (id: string) => {
    state.set(id, 'open')
    for (const link of out.get(id) ?? []) {
      const seen = state.get(link[1])
      if (seen === 'open') back.add(link[2])
      else {
        forward.push(link)
        if (seen === undefined) visit(link[1])
      }
    }
    state.set(id, 'done')
  }
  for (const id of ids) if (!state.has(id)) visit(id)
  return { forward, back }
}

/** Each item's row: the longest chain of forward links leading to it. */
function rowsOf(ids: readonly string[], forward: readonly (readonly [string, string, number])[]): Map<string, number> {
  const rank = new Map(ids.map((id) => [id, 0]))
  const incoming = new Map(ids.map((id) => [id, 0]))
  for (const [, to] of forward) incoming.set(to, (incoming.get(to) ?? 0) + 1)
  const ready = ids.filter((id) => incoming.get(id) === 0)
  while (ready.length > 0) {
    const id = ready.shift() as string
    for (const [from, to] of forward) {
      if (from !== id) continue
      rank.set(to, Math.max(rank.get(to) ?? 0, (rank.get(id) ?? 0) + 1))
      incoming.set(to, (incoming.get(to) ?? 0) - 1)
      if (incoming.get(to) === 0) ready.push(to)
    }
  }
  return rank
}

/** The data ports of every node: out-ports (one per key it writes) above in-ports, on the right side. */
function dataPorts(model: GraphModel): Map<string, { outs: string[]; ins: number[]; labelWidth: number }> {
  const ports = new Map(
    model.nodes.map((node) => [node.id, { outs: [] as string[], ins: [] as number[], labelWidth: 0 }]),
  )
  model.edges.forEach((edge, index) => {
    if (edge.kind !== 'data') return
    const writer = ports.get(edge.from)
    const label = edge.label ?? ''
    if (writer && !writer.outs.includes(label)) {
      writer.outs.push(label)
      writer.labelWidth = Math.max(writer.labelWidth, textWidth(label, 'data'))
    }
    ports.get(edge.to)?.ins.push(index)
  })
  return ports
}

/**
 * Places the boxes: in each frame (and at the top) its items in rows, an item's row the longest chain of control
 * edges leading to it (edges that close a cycle are set apart as back edges), each row ordered by where its items'
 * predecessors stand and centred. A node is as wide as its label needs up to a limit, where the label wraps; it is as
 * tall as its lines or its data ports need, and keeps room on its right for the labels of the keys it writes.
 */
export function placeBoxes(model: GraphModel, left: number): Placement {
  const parentOf = new Map<string, string | undefined>()
  for (const entry of [...model.nodes, ...model.groups]) parentOf.set(entry.id, entry.parent)
  const ports = dataPorts(model)
  const nodeLines = new Map(model.nodes.map((node) => [node.id, wrapText(node.label, nodeText.max, 'node')]))
  const groupLines = new Map<string, string[]>()
  const items = new Map<string, Item>()
  const children = new Map<string | undefined, Item[]>()
  const add = (id: string, parent: string | undefined, group: boolean) => {
    const item: Item = { id, group, w: 0, h: 0, zone: 0, x: 0, y: 0 }
    items.set(id, item)
    children.set(parent, [...(children.get(parent) ?? []), item])
  }
  // Data sources (`initial state`, `not written`) first: at the left of the top row.
  const ordered = [
    ...model.nodes.filter((node) => node.kind === 'State'),
    ...model.nodes.filter((node) => node.kind !== 'State'),
  ]
  const drawOrder = new Map(
    [...model.groups.map((group) => group.id), ...ordered.map((node) => node.id)].map((id, index) => [id, index]),
  )
  for (const group of model.groups) add(group.id, group.parent, true)
  for (const node of ordered) add(node.id, node.parent, false)
  const firstNode = (id: string): number => {
    const own = children.get(id)
    if (!own || own.length === 0) return drawOrder.get(id) ?? 0
    return Math.min(...own.map((child) => firstNode(child.id)))
  }
  for (const list of children.values()) list.sort((a, b) => firstNode(a.id) - firstNode(b.id))
  /** The ancestor of `id` (or itself) that sits directly in `container`. */
  const within = (id: string, container: string | undefined): string | undefined => {
    for (let current: string | undefined = id; current !== undefined; current = parentOf.get(current))
      if (parentOf.get(current) === container) return current
    return undefined
  }
  const back = new Set<number>()

  const sizeNode = (item: Item) => {
    const lines = nodeLines.get(item.id) ?? ['']
    const own = ports.get(item.id)
    const text = Math.max(...lines.map((line) => textWidth(line, 'node')))
    item.w = up(Math.max(nodeText.min, text) + nodeText.padX * 2, GRID * 2)
    const portRoom = (own?.outs.length ?? 0) * OUT_PORT_GAP + (own?.ins.length ?? 0) * IN_PORT_GAP + GRID * 2
    item.h = up(Math.max(42, lines.length * lineHeight('node') + 18, portRoom))
    item.zone = own && own.outs.length > 0 ? up(own.labelWidth + GRID * 3) : 0
  }

  const size = (container: string | undefined): { w: number; h: number } => {
    const list = children.get(container) ?? []
    for (const item of list) {
      if (item.group) Object.assign(item, size(item.id))
      else sizeNode(item)
    }
    const ids = list.map((item) => item.id)
    const links = model.edges.flatMap((edge, index) => {
      if (edge.kind !== 'control') return []
      const from = within(edge.from, container)
      const to = within(edge.to, container)
      return from !== undefined && to !== undefined && from !== to ? [[from, to, index] as const] : []
    })
    const { forward, back: closing } = splitCycles(ids, links)
    for (const index of closing) back.add(index)
    const rank = rowsOf(ids, forward)
    const rows: Item[][] = []
    for (const item of list) (rows[rank.get(item.id) ?? 0] ??= []).push(item)
    const filled = rows.filter((row) => row !== undefined)
    // Each row in the order of its items' predecessors in the row above (fewer crossings), else as drawn.
    for (let index = 1; index < filled.length; index++) {
      const above = filled[index - 1] as Item[]
      const position = (item: Item) => {
        const from = forward
          .filter(([, to]) => to === item.id)
          .map(([source]) => above.findIndex((x) => x.id === source))
        const known = from.filter((value) => value >= 0)
        return known.length > 0 ? known.reduce((sum, value) => sum + value, 0) / known.length : Number.POSITIVE_INFINITY
      }
      ;(filled[index] as Item[]).sort((a, b) => position(a) - position(b))
    }
    const footprint = (item: Item) => item.w + item.zone * 2
    const rowWidth = (row: Item[]) => row.reduce((sum, item) => sum + footprint(item), 0) + gap.x * (row.length - 1)
    // A frame's label is wrapped to the left half of the frame when the frame is wide enough, so the edges that come
    // in at the middle of its top pass beside it, not through it.
    const content = Math.max(0, ...filled.map(rowWidth))
    const title = container === undefined ? undefined : model.groups.find((group) => group.id === container)?.label
    const lines =
      title === undefined
        ? []
        : wrapText(title, Math.min(frameLabelMax, Math.max(frameLabelMin, content / 2 - pad)), 'frame')
    if (container !== undefined) groupLines.set(container, lines)
    const label = Math.max(0, ...lines.map((line) => textWidth(line, 'frame') + 20 - pad * 2))
    const inner = up(Math.max(content, label), GRID * 2)
    // A frame's header holds its label, with a free row of the grid below it for the edges coming in.
    let y = container === undefined ? 0 : up(10 + lines.length * lineHeight('frame')) + GRID * 2
    for (const row of filled) {
      let x = pad + snap((inner - rowWidth(row)) / 2)
      const height = Math.max(...row.map((item) => item.h))
      for (const item of row) {
        item.x = x + item.zone
        item.y = y + snap((height - item.h) / 2)
        x += footprint(item) + gap.x
      }
      y += height + gap.y
    }
    return { w: inner + pad * 2, h: y - gap.y + pad }
  }

  const whole = size(undefined)
  const placed = new Map<string, Box>()
  const place = (container: string | undefined, originX: number, originY: number) => {
    for (const item of children.get(container) ?? []) {
      placed.set(item.id, { x: originX + item.x, y: originY + item.y, w: item.w, h: item.h })
      if (item.group) place(item.id, originX + item.x, originY + item.y)
    }
  }
  place(undefined, up(left), GRID * 2)
  const box = (id: string): Box => placed.get(id) ?? { x: 0, y: 0, w: 0, h: 0 }
  const nodes = model.nodes.map((node) => ({ ...node, ...box(node.id), lines: nodeLines.get(node.id) ?? [node.label] }))
  const groups = model.groups.map((group) => ({ ...group, ...box(group.id), lines: groupLines.get(group.id) ?? [] }))
  const portsOf = new Map<string, DataPorts>()
  for (const node of nodes) {
    const own = ports.get(node.id)
    if (!own) continue
    const out = new Map(own.outs.map((label, index) => [label, node.y + OUT_PORT_GAP * (index + 1)]))
    const first = own.outs.length * OUT_PORT_GAP + GRID * 2
    const ins = new Map(own.ins.map((edge, index) => [edge, node.y + first + IN_PORT_GAP * index]))
    portsOf.set(node.id, { out, in: ins, zone: items.get(node.id)?.zone ?? 0 })
  }
  return { nodes, groups, ports: portsOf, back, width: up(left) + whole.w, height: GRID * 2 + whole.h }
}
