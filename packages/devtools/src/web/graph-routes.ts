import { cubicPoints, grown, overlaps, pathCrosses, roundedPath } from './graph-geometry.js'
import { RouteGrid, type Heading, type Point, type Rect } from './graph-grid.js'
import type { GraphEdge, GraphModel } from './graph-model.js'
import { GRID, type Box, type PlacedNode, type Placement } from './graph-placement.js'
import { lineHeight, textWidth } from './graph-text.js'

/** An edge's drawing: its path (points for the crossing tests, SVG data to draw) and where its label goes. */
interface Drawn {
  readonly points: readonly Point[]
  readonly d: string
  labelBox: Box | null
}

/** Cost of running along another edge (strongly avoided) and of crossing one, in grid steps. */
const along = 30
const across = 3
/** Cost of running right beside another edge (so routes keep a little room between them). */
const beside = 4
const east: Heading = 0
const south: Heading = 1
const west: Heading = 2

/** The y of the middle of a node's side, on the grid. */
const middle = (node: PlacedNode) => node.y + Math.round(node.h / (GRID * 2)) * GRID

/**
 * Routes every edge of a placed graph and places the labels, so that no edge runs through a box or a label and no
 * two labels overlap:
 * - the key label of each state key a node writes sits at its out-port, in room the placement kept free beside it;
 *   frame labels sit in their frames' headers; both are obstacles from the start;
 * - control edges go from the bottom of one box to the top of the next, as a curve when that passes nothing, else
 *   around on the grid; a loop's repeat edge and every edge that closes a cycle go from a box's left side back up to
 *   its target's left side; their labels go where they overlap nothing (near the middle of the edge);
 * - data edges run on the grid from the writer's out-port to the reader's in-port, around boxes and labels and off
 *   the edges already drawn (one route per reader; the routes of one key share their way where they can).
 */
export function routeEdges(model: GraphModel, placement: Placement) {
  const byId = new Map(placement.nodes.map((node) => [node.id, node]))
  const lanes = new Set(model.edges.filter((edge) => edge.kind === 'data').map((edge) => `${edge.from} ${edge.label}`))
  const width = placement.width + 120 + lanes.size * GRID * 2
  const height = placement.height + GRID * 12
  const grid = new RouteGrid(width, height, GRID)
  const boxes: Rect[] = placement.nodes.map((node) => node)
  const labels: Rect[] = []
  for (const node of placement.nodes) grid.block(node)
  for (const group of placement.groups) {
    const w = Math.max(...group.lines.map((line) => textWidth(line, 'frame')))
    const label = { x: group.x + 8, y: group.y + 3, w: w + 4, h: group.lines.length * lineHeight('frame') + 2 }
    labels.push(label)
    grid.block(label)
  }
  const bands = new Map<string, Box>()
  for (const node of placement.nodes) {
    const ports = placement.ports.get(node.id)
    for (const [key, y] of ports?.out ?? []) {
      const band = { x: node.x + node.w + GRID, y: y - 15, w: textWidth(key, 'data'), h: 13 }
      bands.set(`${node.id} ${key}`, band)
      labels.push(band)
      grid.block(band)
    }
  }
  const drawn = new Map<number, Drawn>()
  const lines: (readonly Point[])[] = []
  const draw = (index: number, points: readonly Point[], d = roundedPath(points)) => {
    drawn.set(index, { points, d, labelBox: null })
    lines.push(points)
    grid.addPath(points, along, across, beside)
  }
  const ends = (edge: GraphEdge) => [byId.get(edge.from), byId.get(edge.to)] as const

  // Control edges down the rows: a curve when it crosses nothing, else routed.
  model.edges.forEach((edge, index) => {
    const [from, to] = ends(edge)
    if (edge.kind !== 'control' || placement.back.has(index) || !from || !to) return
    const a = { x: from.x + from.w / 2, y: from.y + from.h }
    const b = { x: to.x + to.w / 2, y: to.y }
    const mid = (a.y + b.y) / 2
    const curve = cubicPoints(a, { x: a.x, y: mid }, { x: b.x, y: mid }, b)
    const clear = b.y > a.y && [...boxes, ...labels].every((rect) => !pathCrosses(curve, rect))
    if (clear) draw(index, curve, `M${a.x},${a.y} C${a.x},${mid} ${b.x},${mid} ${b.x},${b.y}`)
    else draw(index, routed(grid, a, { x: a.x, y: a.y + GRID }, south, { x: b.x, y: b.y - GRID }, south, b))
  })
  // Repeat edges and edges that close a cycle: from the source's left side up to the target's left side.
  model.edges.forEach((edge, index) => {
    const [from, to] = ends(edge)
    if (!from || !to || !(edge.kind === 'repeat' || placement.back.has(index))) return
    const a = { x: from.x, y: middle(from) }
    const b = { x: to.x, y: middle(to) }
    draw(index, routed(grid, a, { x: a.x - GRID, y: a.y }, west, { x: b.x - GRID, y: b.y }, east, b))
  })
  // Their labels, where they overlap nothing.
  model.edges.forEach((edge, index) => {
    const path = drawn.get(index)
    if (!path || !edge.label) return
    // A branch's label near the box it leads to (where the branches are apart); a repeat edge's near its middle.
    const near = edge.kind === 'control' && !placement.back.has(index) ? 'end' : 'middle'
    const box = freeSpot(
      path.points,
      textWidth(edge.label, 'control'),
      13,
      near,
      (rect) =>
        [...boxes, ...labels].every((other) => !overlaps(grown(rect, 2), other)) &&
        lines.every((line) => !pathCrosses(line, grown(rect, 1))) &&
        rect.x >= 0 &&
        rect.y >= 0,
    )
    path.labelBox = box
    labels.push(box)
    grid.block(box)
  })
  // Data edges, key by key: one route per reader from the writer's out-port, past its key label. A key's routes count
  // as drawn once all of them are, so they may share their way; later keys keep off them.
  const keys = new Map<string, number[]>()
  model.edges.forEach((edge, index) => {
    if (edge.kind !== 'data') return
    const key = `${edge.from} ${edge.label ?? ''}`
    keys.set(key, [...(keys.get(key) ?? []), index])
  })
  for (const [key, indices] of keys) {
    const routes: Point[][] = []
    for (const index of indices) {
      const edge = model.edges[index] as GraphEdge
      const [from, to] = ends(edge)
      if (!from || !to) continue
      const ports = placement.ports.get(from.id)
      const outY = ports?.out.get(edge.label ?? '') ?? middle(from)
      const inY = placement.ports.get(to.id)?.in.get(index) ?? middle(to)
      const a = { x: from.x + from.w, y: outY }
      const b = { x: to.x + to.w, y: inY }
      const start = { x: a.x + (ports?.zone ?? GRID * 2), y: outY }
      const points = routed(grid, a, start, east, { x: b.x + GRID, y: inY }, west, b)
      drawn.set(index, {
        points,
        d: roundedPath(points),
        labelBox: routes.length === 0 ? (bands.get(key) ?? null) : null,
      })
      routes.push(points)
      lines.push(points)
    }
    for (const points of routes) grid.addPath(points, along, across, beside)
  }

  const extent = [
    ...placement.nodes,
    ...placement.groups,
    ...labels,
    ...lines.flat().map((point) => ({ x: point.x, y: point.y, w: 0, h: 0 })),
  ]
  return {
    edges: model.edges.map((edge, index) => {
      const path = drawn.get(index)
      return { ...edge, path: path?.d ?? '', labelBox: path?.labelBox ?? null }
    }),
    width: Math.ceil(Math.max(...extent.map((rect) => rect.x + rect.w))) + GRID * 2,
    height: Math.ceil(Math.max(...extent.map((rect) => rect.y + rect.h))) + GRID * 2,
  }
}

/**
 * A path from `a` (on a box's side) through grid point `from` (leaving toward `leave`) to grid point `to` (arriving
 * toward `arrive`) and on to `b`; a straight line from `a` to `b` when the grid has no way (drawn, not hidden).
 */
function routed(grid: RouteGrid, a: Point, from: Point, leave: Heading, to: Point, arrive: Heading, b: Point): Point[] {
  const way = grid.route(snapPoint(from), leave, snapPoint(to), arrive)
  return way ? [a, ...way, b] : [a, b]
}

function snapPoint(point: Point): Point {
  return { x: Math.round(point.x / GRID) * GRID, y: Math.round(point.y / GRID) * GRID }
}

/**
 * The first box of `w` × `h` beside the path `points` that `free` accepts: beside a vertical run, above or below a
 * horizontal one, trying places nearest the path's `near` end (or middle) first; then, when none is free, places
 * farther from the path (up to 8 grid steps away); the first place when none is free at all.
 */
function freeSpot(
  points: readonly Point[],
  w: number,
  h: number,
  near: 'end' | 'middle',
  free: (rect: Rect) => boolean,
): Rect {
  const places: { at: number; rect: Rect }[] = []
  let walked = 0
  for (let index = 1; index < points.length; index++) {
    const a = points[index - 1] as Point
    const b = points[index] as Point
    const length = Math.hypot(b.x - a.x, b.y - a.y)
    const vertical = Math.abs(b.y - a.y) > Math.abs(b.x - a.x)
    for (let step = 0; step <= length; step += GRID / 2) {
      const t = length === 0 ? 0 : step / length
      const x = a.x + (b.x - a.x) * t
      const y = a.y + (b.y - a.y) * t
      const beside: Rect[] = vertical
        ? [
            { x: x + 6, y: y - h / 2, w, h },
            { x: x - 6 - w, y: y - h / 2, w, h },
          ]
        : [
            { x: x - w / 2, y: y - 5 - h, w, h },
            { x: x - w / 2, y: y + 5, w, h },
          ]
      for (const rect of beside) places.push({ at: walked + step, rect })
    }
    walked += length
  }
  const target = near === 'end' ? walked : walked / 2
  places.sort((p, q) => Math.abs(p.at - target) - Math.abs(q.at - target))
  const first = places.find((place) => free(place.rect))
  if (first) return first.rect
  for (let away = 1; away <= 8; away++) {
    for (const { rect } of places) {
      for (const [dx, dy] of [
        [0, -away],
        [0, away],
        [away, 0],
        [-away, 0],
      ] as const) {
        const moved = { ...rect, x: rect.x + dx * GRID, y: rect.y + dy * GRID }
        if (free(moved)) return moved
      }
    }
  }
  return places[0]?.rect ?? { x: 0, y: 0, w, h }
}
