import { describe, expect, it } from 'vitest'
import { Agent, Loop } from '../builders/workflow-factories.js'
import { gate } from '../builders/flow-helpers.js'
import { runBuilder } from './run-builder.test-helper.js'

describe('gate', () => {
  const flow = Agent('analyst')
    .mock(['high', 'high'])
    .writes('risk')
    .then(gate((state) => state['risk'] === 'high', { message: 'Approve the high-risk action?', key: 'review' }))
    .then(Agent('executor').mock(['done']))

  it('stops the pipeline with its message until approved, then clears its keys and goes on', async () => {
    const first = await runBuilder(flow)
    expect(first.events.map((event) => event.author)).toEqual(['analyst', 'gate_review'])
    expect(first.events.at(-1)).toMatchObject({
      content: { role: 'model', parts: [{ text: 'Approve the high-risk action?' }] },
      actions: { escalate: true, stateDelta: { review: true, review_message: 'Approve the high-risk action?' } },
    })
    expect(first.state).toMatchObject({ review: true, review_message: 'Approve the high-risk action?' })

    const second = await runBuilder(flow, { runner: first.runner, state: { review_approved: true } })
    expect(second.events.map((event) => event.author)).toEqual(['analyst', 'gate_review', 'executor'])
    expect(second.state).toMatchObject({ review: null, review_message: null, review_approved: null })
  })

  it('passes without an event when its predicate does not hold', async () => {
    const { events } = await runBuilder(
      Agent('a')
        .mock(['low'])
        .writes('risk')
        .then(gate((state) => state['risk'] === 'high'))
        .then(Agent('b').mock(['ok'])),
    )
    expect(events.map((event) => event.author)).toEqual(['a', 'b'])
  })

  it('ends an enclosing loop when closed', async () => {
    const loop = Loop('l')
      .step(gate(() => true, { message: 'Wait.' }))
      .step(Agent('worker').mock(['w', 'w', 'w']))
      .maxIterations(3)
    const { events } = await runBuilder(loop)
    expect(events.map((event) => [event.author, event.content?.parts?.[0]?.text])).toEqual([['gate_gate', 'Wait.']])
  })

  it('holds the rest of its pipeline, a second gate included, in the built tree', () => {
    const built = Agent('a')
      .then(gate(() => true, { key: 'first' }))
      .then(Agent('b'))
      .then(gate(() => true, { key: 'second' }))
      .then(Agent('c'))
      .then(Agent('d'))
      .build()
    const shape = (agent: { name: string; subAgents: readonly unknown[] }): unknown =>
      agent.subAgents.length === 0
        ? agent.name
        : { [agent.name]: agent.subAgents.map((sub) => shape(sub as typeof agent)) }
    expect(shape(built)).toEqual({
      a_then_gate_first: ['a', { gate_first: ['b', { gate_second: ['c', 'd'] }] }],
    })
  })
})
