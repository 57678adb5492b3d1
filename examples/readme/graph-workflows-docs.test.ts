import { describe, expect, it } from 'vitest'
import { FunctionNode, InMemoryRunner, Workflow, type Event } from '@adk-fluent/core'
import { ScriptedLlm, text } from '@adk-fluent/core/testing'
import { countingWorkflow, resumeAfterACrash, reviewEachWorkflow, triageWorkflow } from './graph-workflows-docs.js'

async function turn(
  workflow: Workflow,
  message: string,
  runner = new InMemoryRunner({ agent: workflow, appName: 'docs' }),
) {
  const session = await runner.sessionService.createSession({ appName: 'docs', userId: 'user' })
  const events: Event[] = []
  for await (const event of runner.runAsync({
    userId: 'user',
    sessionId: session.id,
    newMessage: { role: 'user', parts: [{ text: message }] },
  }))
    events.push(event)
  const stored = await runner.sessionService.getSession({ appName: 'docs', userId: 'user', sessionId: session.id })
  return { events, state: stored?.state ?? {} }
}

describe('docs/graph-workflows.md', () => {
  it('the triage graph: the route picks the branch, the join gets both outputs, state rides on events', async () => {
    const model = new ScriptedLlm({ summarise: [text('Paged and logged.')], answer: [text('Hello!')] })
    const urgent = await turn(triageWorkflow(model), 'fire!')
    const join = urgent.events.find((event) => event.author === 'join')
    expect(join?.output).toEqual({ page: 'paged: fire!', log: 'logged: fire!' })
    expect(urgent.events.at(-1)?.output).toBe('Paged and logged.')
    expect(urgent.state['paged']).toBe(true)
    const other = await turn(triageWorkflow(model), 'hello')
    expect(other.events.at(-1)?.output).toBe('Hello!')
  })

  it('the dynamic entry doubles until 100', async () => {
    const { events } = await turn(countingWorkflow(), '3')
    expect(events.filter((event) => event.author === 'double').map((event) => event.nodeInfo?.path)).toEqual([
      'doubling.double@1',
      'doubling.double@2',
      'doubling.double@3',
      'doubling.double@4',
      'doubling.double@5',
      'doubling.double@6',
    ])
    expect(events.at(-1)?.output).toBe(192)
  })

  it('resuming under the same invocation id runs only what was not recorded', async () => {
    const ran: string[] = []
    const step = (name: string) =>
      new FunctionNode(name, () => {
        ran.push(name)
        return name
      })
    const workflow = new Workflow({ name: 'shipping', edges: [['START', step('pick'), step('pack'), step('ship')]] })
    const runner = new InMemoryRunner({ agent: workflow, appName: 'docs' })
    const session = await runner.sessionService.createSession({ appName: 'docs', userId: 'user' })
    // The first run stops after `pick` was stored (its caller went away, as a crashed worker would).
    for await (const event of runner.runAsync({
      userId: 'user',
      sessionId: session.id,
      invocationId: 'order-42',
      newMessage: { role: 'user', parts: [{ text: 'ship order 42' }] },
    }))
      if (event.output === 'pick') break
    const { events } = await resumeAfterACrash(workflow, session.id, runner)
    expect(ran).toEqual(['pick', 'pack', 'ship'])
    expect(events.filter((event) => event.output !== undefined).map((event) => event.output)).toEqual(['pack', 'ship'])
  })

  it('the parallel worker reviews each line, its outputs in line order', async () => {
    const { events } = await turn(reviewEachWorkflow(), 'a\nb\nc')
    expect(events.filter((event) => event.nodeInfo?.path?.startsWith('review_each.review.review@')).length).toBe(3)
    expect(events.at(-1)?.output).toEqual(['ok: a', 'ok: b', 'ok: c'])
  })
})
