/** A point in px. */
export interface Point {
  readonly x: number
  readonly y: number
}

/** A rectangle in px (top-left origin). */
export interface Rect {
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
}

/** A direction of travel: east, south, west, north. */
export type Heading = 0 | 1 | 2 | 3

const steps: readonly (readonly [number, number])[] = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
]

/** A binary min-heap of numbers keyed by a priority array (the A* open list). */
class Heap {
  readonly #items: number[] = []
  readonly #priority: Float64Array

  constructor(priority: Float64Array) {
    this.#priority = priority
  }

  get size(): number {
    return this.#items.length
  }

  push(item: number): void {
    const items = this.#items
    items.push(item)
    let index = items.length - 1
    while (index > 0) {
      const parent = (index - 1) >> 1
      if ((this.#priority[items[parent] as number] as number) <= (this.#priority[item] as number)) break
      items[index] = items[parent] as number
      index = parent
    }
    items[index] = item
  }

  pop(): number {
    const items = this.#items
    const top = items[0] as number
    const last = items.pop() as number
    if (items.length > 0) {
      let index = 0
      for (;;) {
        const left = index * 2 + 1
        if (left >= items.length) break
        const right = left + 1
        const at = (position: number) => this.#priority[items[position] as number] as number
        const child = right < items.length && at(right) < at(left) ? right : left
        if (at(child) >= (this.#priority[last] as number)) break
        items[index] = items[child] as number
        index = child
      }
      items[index] = last
    }
    return top
  }
}

/**
 * A grid over the picture on which edges are routed: cells are blocked (boxes and labels no edge may cross) or carry
 * a cost (other edges, frames), and {@link route} finds the cheapest path of horizontal and vertical runs between two
 * points (A*, with a cost for every bend), so edges go around boxes and labels instead of through them.
 */
export class RouteGrid {
  readonly cell: number
  readonly columns: number
  readonly rows: number
  readonly #blocked: Uint8Array
  /** Extra cost of entering a cell moving horizontally (index 0) or vertically (index 1). */
  readonly #cost: [Float32Array, Float32Array]

  constructor(width: number, height: number, cell: number) {
    this.cell = cell
    this.columns = Math.ceil(width / cell) + 1
    this.rows = Math.ceil(height / cell) + 1
    this.#blocked = new Uint8Array(this.columns * this.rows)
    this.#cost = [new Float32Array(this.columns * this.rows), new Float32Array(this.columns * this.rows)]
  }

  #span(rect: Rect): [number, number, number, number] {
    const c = this.cell
    return [
      Math.max(0, Math.floor(rect.x / c)),
      Math.max(0, Math.floor(rect.y / c)),
      Math.min(this.columns - 1, Math.ceil((rect.x + rect.w) / c)),
      Math.min(this.rows - 1, Math.ceil((rect.y + rect.h) / c)),
    ]
  }

  /** No route may enter a cell touching `rect`. */
  block(rect: Rect): void {
    const [x0, y0, x1, y1] = this.#span(rect)
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) this.#blocked[y * this.columns + x] = 1
  }

  /**
   * Adds to the cost of entering the cells on `points` (a polyline): `along` it, `across` it, and `beside` it (running
   * along it one cell away, so parallel routes keep some room between them).
   */
  addPath(points: readonly Point[], along: number, across: number, beside = 0): void {
    for (let index = 1; index < points.length; index++) {
      const a = points[index - 1] as Point
      const b = points[index] as Point
      const horizontal = Math.abs(b.x - a.x) >= Math.abs(b.y - a.y)
      const length = Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y))
      const count = Math.max(1, Math.ceil(length / (this.cell / 2)))
      for (let step = 0; step <= count; step++) {
        const x = Math.round((a.x + ((b.x - a.x) * step) / count) / this.cell)
        const y = Math.round((a.y + ((b.y - a.y) * step) / count) / this.cell)
        if (x < 0 || y < 0 || x >= this.columns || y >= this.rows) continue
        const at = y * this.columns + x
        const [same, other] = (horizontal ? [this.#cost[0], this.#cost[1]] : [this.#cost[1], this.#cost[0]]) as [
          Float32Array,
          Float32Array,
        ]
        same[at] = (same[at] as number) + along
        other[at] = (other[at] as number) + across
        if (beside === 0) continue
        for (const offset of [-1, 1]) {
          const nx = horizontal ? x : x + offset
          const ny = horizontal ? y + offset : y
          if (nx < 0 || ny < 0 || nx >= this.columns || ny >= this.rows) continue
          same[ny * this.columns + nx] = (same[ny * this.columns + nx] as number) + beside
        }
      }
    }
  }

  /** Adds `cost` to entering any cell touching `rect` (either way). */
  addArea(rect: Rect, cost: number): void {
    const [x0, y0, x1, y1] = this.#span(rect)
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        for (const costs of this.#cost) costs[y * this.columns + x] = (costs[y * this.columns + x] as number) + cost
      }
  }

  /** The cell of a grid-aligned point (clamped to the grid). */
  #cellOf(point: Point): number {
    const x = Math.min(this.columns - 1, Math.max(0, Math.round(point.x / this.cell)))
    const y = Math.min(this.rows - 1, Math.max(0, Math.round(point.y / this.cell)))
    return y * this.columns + x
  }

  /** Search state, kept between routes (reset by generation, not refilled). */
  #search: { best: Float64Array; priority: Float64Array; previous: Int32Array; seen: Uint32Array } | undefined
  #generation = 0

  /**
   * The cheapest path from `from` (leaving in direction `leave`) to `to` (arriving in direction `arrive`), both on grid
   * points (multiples of {@link cell}), as its corner points (`from` and `to` included); `undefined` when every way is
   * blocked. The cells of both ends are usable even when blocked. Each bend costs `bend` cells.
   */
  route(from: Point, leave: Heading, to: Point, arrive: Heading, bend = 4): Point[] | undefined {
    const { columns } = this
    const size = columns * this.rows * 4
    this.#search ??= {
      best: new Float64Array(size),
      priority: new Float64Array(size),
      previous: new Int32Array(size),
      seen: new Uint32Array(size),
    }
    const { best, priority, previous, seen } = this.#search
    const generation = ++this.#generation
    const cost = (state: number) => (seen[state] === generation ? (best[state] as number) : Number.POSITIVE_INFINITY)
    const start = this.#cellOf(from)
    const goal = this.#cellOf(to)
    const gx = goal % columns
    const gy = Math.floor(goal / columns)
    const estimate = (cell: number) => Math.abs((cell % columns) - gx) + Math.abs(Math.floor(cell / columns) - gy)
    const open = new Heap(priority)
    const first = start * 4 + leave
    seen[first] = generation
    best[first] = 0
    previous[first] = -1
    priority[first] = estimate(start)
    open.push(first)
    while (open.size > 0) {
      const state = open.pop()
      const cell = state >> 2
      const heading = state & 3
      if (cell === goal && heading === arrive) return this.#points(state, previous)
      const here = best[state] as number
      if ((priority[state] as number) - estimate(cell) > here + 1e-9) continue
      for (let turn = 0; turn < 4; turn++) {
        if (turn === (heading + 2) % 4) continue
        const [dx, dy] = steps[turn] as [number, number]
        const x = (cell % columns) + dx
        const y = Math.floor(cell / columns) + dy
        if (x < 0 || y < 0 || x >= columns || y >= this.rows) continue
        const next = y * columns + x
        if (this.#blocked[next] && next !== goal && next !== start) continue
        const total =
          here + 1 + ((this.#cost[turn % 2] as Float32Array)[next] as number) + (turn === heading ? 0 : bend)
        const nextState = next * 4 + turn
        if (total >= cost(nextState)) continue
        seen[nextState] = generation
        best[nextState] = total
        previous[nextState] = state
        priority[nextState] = total + estimate(next)
        open.push(nextState)
      }
    }
    return undefined
  }

  /** The corner points of a found path. */
  #points(end: number, previous: Int32Array): Point[] {
    const cells: number[] = []
    for (let state = end; state !== -1; state = previous[state] as number) cells.push(state >> 2)
    cells.reverse()
    const c = this.cell
    return dropRepeats(cells.map((cell) => ({ x: (cell % this.columns) * c, y: Math.floor(cell / this.columns) * c })))
  }
}

/** Drops points equal to the one before and points in the middle of a straight run. */
function dropRepeats(points: readonly Point[]): Point[] {
  const kept: Point[] = []
  for (const point of points) {
    const last = kept[kept.length - 1]
    if (last && last.x === point.x && last.y === point.y) continue
    const before = kept[kept.length - 2]
    if (last && before && ((before.x === last.x && last.x === point.x) || (before.y === last.y && last.y === point.y)))
      kept[kept.length - 1] = point
    else kept.push(point)
  }
  return kept
}
