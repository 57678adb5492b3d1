import type { Point, Rect } from './graph-grid.js'

/** True when the two rectangles share area (touching edges do not count). */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

/** `rect` grown by `by` px on every side. */
export function grown(rect: Rect, by: number): Rect {
  return { x: rect.x - by, y: rect.y - by, w: rect.w + by * 2, h: rect.h + by * 2 }
}

/** True when the segment from `a` to `b` passes through the inside of `rect` (Liang–Barsky clipping). */
export function segmentCrosses(a: Point, b: Point, rect: Rect): boolean {
  let t0 = 0
  let t1 = 1
  const dx = b.x - a.x
  const dy = b.y - a.y
  const edges: [number, number][] = [
    [-dx, a.x - rect.x],
    [dx, rect.x + rect.w - a.x],
    [-dy, a.y - rect.y],
    [dy, rect.y + rect.h - a.y],
  ]
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q <= 0) return false
      continue
    }
    const t = q / p
    if (p < 0) t0 = Math.max(t0, t)
    else t1 = Math.min(t1, t)
    if (t0 >= t1) return false
  }
  return true
}

/** True when the polyline `points` passes through the inside of `rect`. */
export function pathCrosses(points: readonly Point[], rect: Rect): boolean {
  for (let index = 1; index < points.length; index++)
    if (segmentCrosses(points[index - 1] as Point, points[index] as Point, rect)) return true
  return false
}

/** Points along the cubic Bézier curve from `a` to `d` (controls `b`, `c`), for crossing tests. */
export function cubicPoints(a: Point, b: Point, c: Point, d: Point, count = 16): Point[] {
  const points: Point[] = []
  for (let index = 0; index <= count; index++) {
    const t = index / count
    const u = 1 - t
    points.push({
      x: u * u * u * a.x + 3 * u * u * t * b.x + 3 * u * t * t * c.x + t * t * t * d.x,
      y: u * u * u * a.y + 3 * u * u * t * b.y + 3 * u * t * t * c.y + t * t * t * d.y,
    })
  }
  return points
}

/** SVG path data for a polyline of horizontal and vertical runs, its corners rounded by up to `radius` px. */
export function roundedPath(points: readonly Point[], radius = 5): string {
  const first = points[0]
  if (!first) return ''
  let d = `M${first.x},${first.y}`
  for (let index = 1; index < points.length; index++) {
    const corner = points[index] as Point
    const next = points[index + 1]
    if (!next) {
      d += ` L${corner.x},${corner.y}`
      break
    }
    const before = points[index - 1] as Point
    const r = Math.min(radius, distance(before, corner) / 2, distance(corner, next) / 2)
    const enter = toward(corner, before, r)
    const leave = toward(corner, next, r)
    d += ` L${enter.x},${enter.y} Q${corner.x},${corner.y} ${leave.x},${leave.y}`
  }
  return d
}

function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y)
}

/** The point `by` px from `from` toward `to`. */
function toward(from: Point, to: Point, by: number): Point {
  const length = distance(from, to) || 1
  return { x: from.x + ((to.x - from.x) * by) / length, y: from.y + ((to.y - from.y) * by) / length }
}
