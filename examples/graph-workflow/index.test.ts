import { Workflow, type Event } from '@adk-fluent/core'
import { text } from '@adk-fluent/core/testing'
import { describe, expect, it } from 'vitest'
import { runExample } from '../shared/run-example.js'
import { createSupportReply, example } from './index.js'

const agentsCalled = (requests: readonly { config: { labels?: Record<string, string> } }[]) =>
  requests.map((request) => request.config.labels?.['adk_agent_name'])

const routes = (events: readonly Event[]) =>
  events.flatMap((event) => (event.route === undefined ? [] : [`${event.author}:${String(event.route)}`]))

describe('graph-workflow example', () => {
  it('routes a complaint through the fan-out and join, picks the soothing advisor, and cycles until approved', async () => {
    const lines: string[] = []
    const run = await runExample(example, { print: (line) => lines.push(line), environment: {} })
    const requests = run.choice.scripted?.requests ?? []
    const called = agentsCalled(requests)
    // facts and mood run concurrently: their order is not fixed.
    expect(called.slice(0, 1)).toEqual(['classify'])
    expect([...called.slice(1, 3)].sort()).toEqual(['facts', 'mood'])
    expect(called.slice(3)).toEqual(['soothing', 'writer', 'reviewer', 'writer', 'reviewer'])
    expect(run.choice.scripted?.remaining).toBe(1) // the friendly advisor was not needed
    expect(routes(run.events)).toEqual(['classify:complaint', 'reviewer:revise', 'reviewer:approve'])
    const join = run.events.find((event) => event.author === 'assessed')
    expect(join?.output).toEqual({ facts: 'Order 42 was charged twice; emails were not answered.', mood: 'angry' })
    // The writer's second request: the state the graph wrote, and the reviewer's verdict as its node input.
    const secondDraft = requests[6]
    expect(secondDraft?.config.systemInstruction).toContain(
      'Facts: Order 42 was charged twice; emails were not answered.\nTone: Apologise first, then say exactly when the refund arrives.',
    )
    expect(secondDraft?.contents.at(-1)).toEqual({ role: 'user', parts: [{ text: 'revise' }] })
    expect(run.state).toMatchObject({ mood: 'angry', verdict: 'approve' })
    expect(run.finalText).toBe(
      'Sent: We are sorry for the double charge on order 42 and the silence. The refund reaches your card within 3 days.',
    )
    expect(lines.at(-1)).toBe(`[send] ${run.finalText}`)
  })

  it('answers a question without the complaint branch, and picks the friendly advisor for a calm complaint', async () => {
    const question = await runExample(
      {
        ...example,
        script: {
          classify: [text('"question"')],
          writer: [text('Order 42 ships on Monday.')],
          reviewer: [text('"approve"')],
        },
      },
      { prompt: 'When does order 42 ship?', print: () => undefined, environment: {} },
    )
    expect(agentsCalled(question.choice.scripted?.requests ?? [])).toEqual(['classify', 'writer', 'reviewer'])
    expect(question.finalText).toBe('Sent: Order 42 ships on Monday.')
    expect(question.state).not.toHaveProperty('facts')

    const calm = await runExample(
      { ...example, script: { ...example.script, mood: [text('"calm"')], reviewer: [text('"approve"')] } },
      { print: () => undefined, environment: {} },
    )
    expect(agentsCalled(calm.choice.scripted?.requests ?? [])).toContain('friendly')
    expect(calm.state).toMatchObject({ tone: 'Thank them, then answer plainly.' })
  })

  it('builds a core Workflow, and the checker finds nothing to fix', () => {
    const graph = createSupportReply('gemini-2.5-flash')
    const workflow = graph.build()
    expect(workflow).toBeInstanceOf(Workflow)
    expect(workflow.maxSteps).toBe(20)
    expect(workflow.graph?.nodes.map((node) => node.name)).toEqual([
      '__START__',
      'classify',
      'facts',
      'mood',
      'writer',
      'assessed',
      'pickTone',
      'reviewer',
      'send',
    ])
    expect(graph.check().filter((issue) => issue.level !== 'info')).toEqual([])
  })
})
