/** What {@link measureGraph} finds wrong with the drawn graph (empty lists: nothing). */
export interface GraphProblems {
  /** Labels whose text leaves its node's or frame's box. */
  readonly outside: string[]
  /** Pairs of texts whose boxes overlap. */
  readonly overlapping: string[]
  /** Edges that pass through a text's box. */
  readonly crossing: string[]
  /** How many texts and edges were measured (so a test can tell an empty graph from a good one). */
  readonly counted: { readonly texts: number; readonly edges: number }
}

/**
 * Runs in the page (`page.evaluate(measureGraph)`): measures the graph as the browser drew it — every text's rendered
 * box (`getBoundingClientRect`, at the page's scale) against its node or frame, against every other text, and every
 * edge's path (a point every 2 px, `getPointAtLength`) against every text. Self-contained: it is serialized into the
 * page, so it uses nothing from outside.
 */
export function measureGraph(): GraphProblems {
  interface R {
    left: number
    right: number
    top: number
    bottom: number
  }
  interface E {
    getBoundingClientRect(): R
    querySelector(selector: string): E | null
    querySelectorAll(selector: string): Iterable<E>
    getAttribute(name: string): string | null
    getTotalLength(): number
    getPointAtLength(length: number): { matrixTransform(matrix: unknown): { x: number; y: number } }
    getScreenCTM(): unknown
    readonly textContent: string | null
  }
  const document = (globalThis as unknown as { document: E }).document
  const all = (selector: string, root: E = document) => [...root.querySelectorAll(selector)]
  const box = (element: E): R => element.getBoundingClientRect()
  const slack = 0.5
  const within = (inner: R, outer: R) =>
    inner.left >= outer.left - slack &&
    inner.right <= outer.right + slack &&
    inner.top >= outer.top - slack &&
    inner.bottom <= outer.bottom + slack
  const meet = (a: R, b: R) =>
    a.left < b.right - slack && b.left < a.right - slack && a.top < b.bottom - slack && b.top < a.bottom - slack
  const outside: string[] = []
  for (const node of all('svg.graph .node')) {
    const rect = node.querySelector(':scope > rect')
    const text = node.querySelector(':scope > text')
    if (rect && text && !within(box(text), box(rect))) outside.push(node.getAttribute('data-label') ?? '?')
  }
  for (const group of all('svg.graph .group')) {
    const rect = group.querySelector(':scope > rect')
    const text = group.querySelector(':scope > text')
    if (rect && text && !within(box(text), box(rect))) outside.push(group.getAttribute('data-name') ?? '?')
  }
  const texts = all('svg.graph text').map((text) => ({ name: text.textContent ?? '', rect: box(text) }))
  const overlapping: string[] = []
  texts.forEach((a, index) => {
    for (const b of texts.slice(index + 1)) if (meet(a.rect, b.rect)) overlapping.push(`"${a.name}" / "${b.name}"`)
  })
  const crossing: string[] = []
  const edges = all('svg.graph .edge')
  for (const edge of edges) {
    const path = edge.querySelector('path')
    if (!path) continue
    const matrix = path.getScreenCTM()
    const length = path.getTotalLength()
    const hit = new Set<string>()
    for (let at = 0; at <= length; at += 2) {
      const point = path.getPointAtLength(at).matrixTransform(matrix)
      for (const text of texts) {
        const r = text.rect
        if (
          point.x > r.left + slack &&
          point.x < r.right - slack &&
          point.y > r.top + slack &&
          point.y < r.bottom - slack
        )
          hit.add(text.name)
      }
    }
    for (const name of hit)
      crossing.push(`${edge.getAttribute('data-from')}→${edge.getAttribute('data-to')} through "${name}"`)
  }
  return { outside, overlapping, crossing, counted: { texts: texts.length, edges: edges.length } }
}
