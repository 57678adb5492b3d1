import { describe, expect, it } from 'vitest'
import type { NodeContext } from '@adk-fluent/core'
import { z } from 'zod'
import { Graph } from '../builders/graph-factory.js'
import { Agent } from '../builders/workflow-factories.js'

function publish(ctx: NodeContext) {
  return ctx.state.get('draft')
}
const writer = Agent('writer').instruct('Write about {topic}. {verdict?}').writes('draft')
const critic = Agent('critic')
  .instruct('Review {draft}.')
  .returns(z.enum(['revise', 'approve']))
  .writes('verdict')
const review = Graph('review')
  .initialState('topic')
  .chain('START', writer, critic)
  .routes(critic, { revise: writer, approve: publish })
  .maxSteps(10)

describe('views of a Graph', () => {
  it('toMermaid: a subgraph of its nodes, route-labelled edges, the edge back into the cycle thick', () => {
    expect(review.toMermaid()).toBe(
      [
        'flowchart TD',
        '    subgraph n1 ["review (Graph: max 10 steps)"]',
        '        n2["writer (Agent)"]',
        '        n3["critic (Agent)"]',
        '        n4[/"publish (Function: publish(ctx, input))"/]',
        '    end',
        '    n2 --> n3',
        '    n3 == "revise" ==> n2',
        '    n3 -- "approve" --> n4',
        '    initial[("initial state")]',
        '    initial -. "topic" .-> n2',
        '    n3 -. "verdict" .-> n2',
        '    n2 -. "draft" .-> n3',
      ].join('\n'),
    )
  })

  it('toAscii: the nodes with their state, then the edges', () => {
    expect(review.toAscii()).toBe(
      [
        'review (Graph: max 10 steps)',
        '├── writer (Agent)  reads: topic, verdict?  writes: draft',
        '├── critic (Agent)  reads: draft  writes: verdict',
        '└── publish (Function: publish(ctx, input))  reads: (not declared)  writes: (not declared)',
        '',
        'Edges of review:',
        '  START --> writer',
        '  writer --> critic',
        '  critic --[revise]--> writer  (back)',
        '  critic --[approve]--> publish',
        '',
        'Data flow:',
        '  (initial state) --[topic]--> writer',
        '  critic --[verdict]--> writer',
        '  writer --[draft]--> critic',
      ].join('\n'),
    )
  })

  it('explain: the graph with its edges; dataFlow and llmAnatomy: agent nodes read their node input', () => {
    const explained = review.explain()
    expect(explained).toContain(
      [
        '  Children (3): writer, critic, publish',
        '  Edges (4):',
        '    START --> writer',
        '    writer --> critic',
        '    critic --[revise]--> writer  (back)',
        '    critic --[approve]--> publish',
      ].join('\n'),
    )
    expect(review.explain({ format: 'json' }).edges).toHaveLength(4)
    expect(review.dataFlow()).toContain(
      'Data Flow: critic\n  reads:    its node input (the output of the node before it) as the user turn (a graph node)',
    )
    expect(review.llmAnatomy()).toContain(
      "  2. History:    NODE INPUT only (a graph node: includeContents 'none'): the output of the node before it as the user turn, then its own turn",
    )
    // An agent outside a graph keeps the whole conversation.
    expect(writer.llmAnatomy()).toContain('2. History:    FULL conversation history included (default)')
  })

  it('llmAnatomy(options): every model call of a run through the cycle, each with its round', async () => {
    const text = await review.llmAnatomy({
      state: { topic: 'tea' },
      userMessage: 'Go',
      replies: { writer: ['Draft one.', 'Draft two.'], critic: ['"revise"', '"approve"'] },
    })
    const headings = text.split('\n').filter((line) => line.startsWith('LLM Call Anatomy'))
    expect(headings).toEqual([
      'LLM Call Anatomy: writer — call 1 of 4 (round 1)',
      'LLM Call Anatomy: critic — call 2 of 4 (round 1)',
      'LLM Call Anatomy: writer — call 3 of 4 (its call 2, round 2)',
      'LLM Call Anatomy: critic — call 4 of 4 (its call 2, round 2)',
    ])
    // Round 2's writer reads the verdict round 1 wrote, and gets the critic's answer as its node input.
    const round2 = text.split('LLM Call Anatomy: ')[3] ?? ''
    expect(round2).toContain('Write about tea. revise')
    expect(round2).toContain('[user] revise')
  })
})
