import { describe, expect, it } from 'vitest'
import { Agent, Pipeline } from '@adk-fluent/fluent'
import { cubicPoints, overlaps, pathCrosses } from './graph-geometry.js'
import type { Point, Rect } from './graph-grid.js'
import { layoutGraph, type GraphLayout } from './graph-layout.js'
import { parseMermaid, type GraphEdge, type GraphModel, type GraphNode } from './graph-model.js'
import { lineHeight, textWidth, wrapText } from './graph-text.js'

/** The points of an SVG path made of M, L, Q and C commands (curves sampled). */
function pathPoints(d: string): Point[] {
  const tokens = d.match(/[MLQC]|-?\d+(?:\.\d+)?/g) ?? []
  const points: Point[] = []
  let index = 0
  const next = (): Point => ({ x: Number(tokens[index++]), y: Number(tokens[index++]) })
  while (index < tokens.length) {
    const command = tokens[index++]
    const last = points[points.length - 1] as Point
    if (command === 'M' || command === 'L') points.push(next())
    else if (command === 'Q') {
      const control = next()
      const end = next()
      for (let step = 1; step <= 8; step++) {
        const t = step / 8
        points.push({
          x: (1 - t) ** 2 * last.x + 2 * (1 - t) * t * control.x + t * t * end.x,
          y: (1 - t) ** 2 * last.y + 2 * (1 - t) * t * control.y + t * t * end.y,
        })
      }
    } else if (command === 'C') points.push(...cubicPoints(last, next(), next(), next()).slice(1))
  }
  return points
}

/** Every place text goes: node labels (their lines, centred), frame labels and edge labels, named. */
function textBoxes(layout: GraphLayout): { name: string; rect: Rect }[] {
  const nodes = layout.nodes.map((node) => {
    const w = Math.max(...node.lines.map((line) => textWidth(line, 'node')))
    const h = node.lines.length * lineHeight('node')
    return { name: node.label, rect: { x: node.x + (node.w - w) / 2, y: node.y + (node.h - h) / 2, w, h } }
  })
  const groups = layout.groups.map((group) => ({
    name: group.label,
    rect: {
      x: group.x + 10,
      y: group.y + 4,
      w: Math.max(...group.lines.map((line) => textWidth(line, 'frame'))),
      h: group.lines.length * lineHeight('frame'),
    },
  }))
  const edges = layout.edges.flatMap((edge) => (edge.labelBox ? [{ name: edge.label ?? '', rect: edge.labelBox }] : []))
  return [...nodes, ...groups, ...edges]
}

/** What is wrong with a layout, in words (nothing: all empty). */
function problems(layout: GraphLayout) {
  const texts = textBoxes(layout)
  const overlapping = texts.flatMap((a, index) =>
    texts.slice(index + 1).flatMap((b) => (overlaps(a.rect, b.rect) ? [`${a.name} / ${b.name}`] : [])),
  )
  const tooWide = layout.nodes.flatMap((node) =>
    node.lines.some((line) => textWidth(line, 'node') > node.w - 12) ? [node.label] : [],
  )
  const crossing = layout.edges.flatMap((edge) => {
    const points = pathPoints(edge.path)
    const boxes = layout.nodes.map((node) => ({ name: node.label, rect: node as Rect }))
    return [...texts, ...boxes].flatMap((text) =>
      pathCrosses(points, text.rect) ? [`${edge.from}→${edge.to} / ${text.name}`] : [],
    )
  })
  return { overlapping, tooWide, crossing }
}

const node = (id: string, parent: string | undefined = 'g', kind = 'Agent'): GraphNode => ({
  id,
  label: `${id} (${kind})`,
  name: id,
  kind,
  parent,
})
const edge = (from: string, to: string, kind: GraphEdge['kind'], label?: string): GraphEdge => ({
  from,
  to,
  kind,
  label,
})

/** A graph workflow: a choice, a join, a cycle back, keys across the graph (none of it a pipeline's shape). */
const workflow: GraphModel = {
  nodes: [
    node('start'),
    node('left_branch_with_a_name_long_enough_to_wrap_over_more_than_one_line'),
    node('right'),
    node('join'),
    node('finish'),
    node('initial state', undefined, 'State'),
  ],
  groups: [{ id: 'g', label: 'workflow (Graph)', name: 'workflow', kind: 'Graph', parent: undefined }],
  edges: [
    edge('start', 'left_branch_with_a_name_long_enough_to_wrap_over_more_than_one_line', 'control', "eq 'left'"),
    edge('start', 'right', 'control', 'otherwise'),
    edge('left_branch_with_a_name_long_enough_to_wrap_over_more_than_one_line', 'join', 'control'),
    edge('right', 'join', 'control'),
    edge('join', 'start', 'control', 'again'),
    edge('join', 'finish', 'control'),
    edge('initial state', 'start', 'data', 'topic'),
    edge('start', 'join', 'data', 'plan'),
    edge('left_branch_with_a_name_long_enough_to_wrap_over_more_than_one_line', 'finish', 'data', 'left_notes'),
    edge('right', 'finish', 'data', 'right_notes'),
    edge('finish', 'right', 'data', 'feedback'),
  ],
}

describe('layoutGraph', () => {
  it('lays out any graph: a choice, a join, a cycle back and keys across it, with no label overlapped or crossed', () => {
    const layout = layoutGraph(workflow)
    expect(problems(layout)).toEqual({ overlapping: [], tooWide: [], crossing: [] })
    const y = (id: string) => layout.nodes.find((placed) => placed.id === id)?.y ?? -1
    // Rows follow the edges forward; the edge back (join → start) does not pull start below join.
    expect(y('start')).toBeLessThan(y('right'))
    expect(y('right')).toBeLessThan(y('join'))
    expect(y('join')).toBeLessThan(y('finish'))
    const labelled = layout.edges.filter((placed) => placed.label !== undefined)
    expect(labelled.every((placed) => placed.labelBox !== null)).toBe(true)
    expect(layoutGraph(workflow)).toEqual(layout)
  })

  it('wraps a long label inside its box and keeps the README fan-out keys apart', () => {
    const layout = layoutGraph(workflow)
    const long = layout.nodes.find((placed) => placed.id.startsWith('left_branch'))
    expect(long?.lines.length).toBeGreaterThan(1)
    expect(long?.lines.join('')).toBe(long?.label)
    expect(wrapText('a_very_long_identifier_without_spaces_at_all_anywhere', 120, 'node').join('')).toBe(
      'a_very_long_identifier_without_spaces_at_all_anywhere',
    )
  })

  it('lays out a twenty-step pipeline whose steps read keys written three steps before', () => {
    let flow = Pipeline('twenty')
    for (let index = 0; index < 20; index++)
      flow = flow.step(
        Agent(`step_${index}`, 'gemini-2.5-flash')
          .instruct(index === 0 ? 'Start.' : `Use {key_${index - 1}} and {key_${Math.max(0, index - 3)}?}.`)
          .writes(`key_${index}`),
      )
    expect(problems(layoutGraph(parseMermaid(flow.toMermaid())))).toEqual({
      overlapping: [],
      tooWide: [],
      crossing: [],
    })
  })
})
