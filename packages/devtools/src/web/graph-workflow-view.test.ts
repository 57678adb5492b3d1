import { describe, expect, it } from 'vitest'
import { DEFAULT_ROUTE, type NodeContext } from '@adk-fluent/core'
import { Agent, Graph } from '@adk-fluent/fluent'
import { z } from 'zod'
import { graphView } from './graph-view.js'

function send(ctx: NodeContext) {
  return ctx.state.get('draft')
}
const classify = Agent('classify').returns(z.enum(['complaint', 'question']))
const writer = Agent('writer').instruct('Write. {facts?}').writes('draft')
const reviewer = Agent('reviewer')
  .instruct('Review {draft}.')
  .returns(z.enum(['approve', 'revise']))
const graph = Graph('support')
  .chain('START', classify, { complaint: [Agent('facts').writes('facts'), Agent('mood')], [DEFAULT_ROUTE]: writer })
  .join('assessed', 'facts', 'mood')
  .chain('assessed', writer, reviewer)
  .routes(reviewer, { revise: writer, approve: send })
  .maxSteps(20)

describe('the dev UI graph of a Graph workflow', () => {
  const view = graphView(graph)
  const byId = new Map(view.nodes.map((node) => [node.id, node.name]))
  const edges = (kind: string) =>
    view.edges
      .filter((edge) => edge.kind === kind)
      .map((edge) => `${byId.get(edge.from)} -${edge.label ?? ''}-> ${byId.get(edge.to)}`)

  it('draws its nodes (agents, the join, the function) in one frame', () => {
    expect(view.graphError).toBeNull()
    expect(view.groups.map((group) => group.label)).toEqual(['support (Graph: max 20 steps)'])
    expect(view.nodes.map((node) => `${node.name}:${node.kind}`)).toEqual(
      expect.arrayContaining([
        'classify:Agent',
        'facts:Agent',
        'mood:Agent',
        'assessed:Join',
        'writer:Agent',
        'send:Function',
      ]),
    )
  })

  it('labels each edge with its routes, and draws the edge back into the cycle as a repeat edge', () => {
    expect(edges('control').sort()).toEqual(
      [
        'classify -complaint-> facts',
        'classify -complaint-> mood',
        'classify -default-> writer',
        'facts --> assessed',
        'mood --> assessed',
        'assessed --> writer',
        'writer --> reviewer',
        'reviewer -approve-> send',
      ].sort(),
    )
    expect(edges('repeat')).toEqual(['reviewer -revise-> writer'])
    expect(edges('data')).toContain('writer -draft-> reviewer')
  })

  it('places nodes in run order: each below the nodes leading to it', () => {
    const y = (name: string) => view.nodes.find((node) => node.name === name)?.y ?? -1
    expect(y('classify')).toBeLessThan(y('facts'))
    expect(y('facts')).toBeLessThan(y('assessed'))
    expect(y('assessed')).toBeLessThan(y('writer'))
    expect(y('writer')).toBeLessThan(y('reviewer'))
    expect(y('reviewer')).toBeLessThan(y('send'))
  })
})
