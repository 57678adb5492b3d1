import type { GraphEdge, GraphGroup, GraphModel, GraphNode } from './graph-model.js'

/** A position and size in pixels (top-left origin). */
export interface Box {
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
}

/** The graph with every node and group placed. */
export interface GraphLayout {
  readonly width: number
  readonly height: number
  readonly nodes: readonly (GraphNode & Box)[]
  readonly groups: readonly (GraphGroup & Box)[]
  readonly edges: readonly GraphEdge[]
}

const pad = 16
const header = 26
const gap = { x: 28, y: 40 }
/** Room on the right of the picture for the labels of data edges. */
const margin = 150

interface Item {
  readonly id: string
  readonly group: boolean
  w: number
  h: number
  /** Offset inside the parent container. */
  x: number
  y: number
}

function nodeWidth(label: string): number {
  return Math.min(280, Math.max(110, label.length * 7 + 28))
}

/**
 * The width a frame needs for its label (12px bold, drawn 10px in from the left edge): a generous 7.5px a character
 * for the system sans-serif fonts (DejaVu Sans is among the widest), plus 10px on each side.
 */
export function frameLabelWidth(label: string): number {
  return Math.ceil(label.length * 7.5) + 20
}

/** Places the items of each container in rows: an item's row is the longest chain of control edges leading to it. */
export function layoutGraph(model: GraphModel): GraphLayout {
  const parentOf = new Map<string, string | undefined>()
  for (const entry of [...model.nodes, ...model.groups]) parentOf.set(entry.id, entry.parent)
  const items = new Map<string, Item>()
  const children = new Map<string | undefined, Item[]>()
  const add = (id: string, parent: string | undefined, group: boolean) => {
    const item: Item = { id, group, w: 0, h: 0, x: 0, y: 0 }
    items.set(id, item)
    children.set(parent, [...(children.get(parent) ?? []), item])
  }
  // State sources first, so they sit at the left of the top row.
  const ordered = [
    ...model.nodes.filter((node) => node.kind === 'State'),
    ...model.nodes.filter((node) => node.kind !== 'State'),
  ]
  const drawOrder = new Map(
    [...model.groups.map((group) => group.id), ...ordered.map((node) => node.id)].map((id, index) => [id, index]),
  )
  for (const group of model.groups) add(group.id, group.parent, true)
  for (const node of ordered) add(node.id, node.parent, false)
  for (const list of children.values()) list.sort((a, b) => firstNode(a.id) - firstNode(b.id))

  function firstNode(id: string): number {
    const own = children.get(id)
    if (!own || own.length === 0) return drawOrder.get(id) ?? 0
    return Math.min(...own.map((child) => firstNode(child.id)))
  }

  /** The ancestor of `id` (or itself) that sits directly in `container`. */
  function within(id: string, container: string | undefined): string | undefined {
    let current: string | undefined = id
    while (current !== undefined) {
      if (parentOf.get(current) === container) return current
      current = parentOf.get(current)
    }
    return undefined
  }

  function size(container: string | undefined): { w: number; h: number } {
    const list = children.get(container) ?? []
    for (const item of list) {
      if (item.group) Object.assign(item, size(item.id))
      else Object.assign(item, { w: nodeWidth(model.nodes.find((node) => node.id === item.id)?.label ?? ''), h: 40 })
    }
    const rank = new Map(list.map((item) => [item.id, 0]))
    const links = model.edges
      .filter((edge) => edge.kind === 'control')
      .map((edge) => [within(edge.from, container), within(edge.to, container)] as const)
      .filter(
        (link): link is readonly [string, string] =>
          link[0] !== undefined && link[1] !== undefined && link[0] !== link[1],
      )
    for (let pass = 0; pass < list.length; pass++) {
      let changed = false
      for (const [from, to] of links) {
        const next = (rank.get(from) ?? 0) + 1
        if (next > (rank.get(to) ?? 0)) {
          rank.set(to, next)
          changed = true
        }
      }
      if (!changed) break
    }
    const rows: Item[][] = []
    for (const item of list) (rows[rank.get(item.id) ?? 0] ??= []).push(item)
    const filled = rows.filter((row) => row !== undefined)
    const rowWidth = (row: Item[]) => row.reduce((sum, item) => sum + item.w, 0) + gap.x * (row.length - 1)
    const label = container === undefined ? undefined : model.groups.find((group) => group.id === container)?.label
    const inner = Math.max(0, ...filled.map(rowWidth), label === undefined ? 0 : frameLabelWidth(label) - pad * 2)
    const top = container === undefined ? pad : header
    let y = top
    for (const row of filled) {
      let x = pad + (inner - rowWidth(row)) / 2
      const height = Math.max(...row.map((item) => item.h))
      for (const item of row) {
        item.x = x
        item.y = y + (height - item.h) / 2
        x += item.w + gap.x
      }
      y += height + gap.y
    }
    return { w: inner + pad * 2 + (container === undefined ? margin : 0), h: y - gap.y + pad }
  }

  const whole = size(undefined)
  const placed = new Map<string, Box>()
  const place = (container: string | undefined, originX: number, originY: number) => {
    for (const item of children.get(container) ?? []) {
      placed.set(item.id, { x: originX + item.x, y: originY + item.y, w: item.w, h: item.h })
      if (item.group) place(item.id, originX + item.x, originY + item.y)
    }
  }
  place(undefined, 0, 0)
  const box = (id: string): Box => placed.get(id) ?? { x: 0, y: 0, w: 0, h: 0 }
  return {
    width: Math.ceil(whole.w),
    height: Math.ceil(whole.h),
    nodes: model.nodes.map((node) => ({ ...node, ...box(node.id) })),
    groups: model.groups.map((group) => ({ ...group, ...box(group.id) })),
    edges: model.edges,
  }
}
