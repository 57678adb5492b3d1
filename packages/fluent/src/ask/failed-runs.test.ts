import { describe, expect, it } from 'vitest'
import { GuardViolationError, ModelError, type Event } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent, FanOut, Fallback, Loop, Pipeline, Route } from '../builders/workflow-factories.js'
import * as G from '../namespaces/guards/index.js'
import { gate, mapOver } from '../builders/flow-helpers.js'

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const result: T[] = []
  for await (const item of items) result.push(item)
  return result
}

/** An agent whose model call fails (as a missing Gemini key does). */
const broken = (name: string) => Agent(name).mock([new Error('no API key')])

/** An agent that must never be asked: its model records every request. */
function never(name: string) {
  const model = new ScriptedLlm(['should not run'])
  return { agent: Agent(name).model(model), model }
}

async function failureOf(run: Promise<unknown>): Promise<unknown> {
  return run.then(
    () => 'resolved',
    (error: unknown) => error,
  )
}

function expectFailedAgent(error: unknown, agent: string): void {
  expect(ModelError.isInstance(error) && [error.agentName, error.message]).toEqual([
    agent,
    `Agent "${agent}" failed: no API key (UNKNOWN_ERROR).`,
  ])
}

describe('a failed model call ends the run of every composite', () => {
  it('Pipeline: .ask() rejects with the real cause; the next agent (which reads the missing key) never runs', async () => {
    const writer = broken('writer').writes('draft')
    const editor = never('editor')
    const flow = Pipeline('p').step(writer).step(editor.agent.instruct('Edit {draft}.'))
    // Before: the error event was skipped, the editor ran and the caller saw STATE_MISSING for "draft".
    expectFailedAgent(await failureOf(flow.ask('go')), 'writer')
    expect(editor.model.requests).toHaveLength(0)
  })

  it('.stream() throws the same error after the text that came before; .events() ends on the error event', async () => {
    const flow = () => Agent('intro').mock(['Hello there']).then(broken('writer')).then(never('editor').agent)
    const chunks: string[] = []
    const error = await failureOf(
      (async () => {
        for await (const chunk of flow().stream('go')) chunks.push(chunk.text)
      })(),
    )
    expectFailedAgent(error, 'writer')
    expect(chunks.join('')).toBe('Hello there')
    const events = await collect(flow().events('go'))
    expect(events.map((event) => [event.author, event.errorCode])).toEqual([
      ['intro', undefined],
      ['writer', 'UNKNOWN_ERROR'],
    ])
  })

  it('FanOut: a failing branch stops the fan-out and what follows it', async () => {
    const after = never('summary')
    const fan = FanOut('research')
      .branch(broken('bees'))
      .branch(Agent('ants').mock(['Ants march']))
    expectFailedAgent(await failureOf(Pipeline('p').step(fan).step(after.agent).ask('go')), 'bees')
    expect(after.model.requests).toHaveLength(0)
  })

  it('Loop: no later step and no further round runs', async () => {
    const critic = never('critic')
    const loop = Loop('refine').step(broken('writer')).step(critic.agent).maxIterations(3)
    expectFailedAgent(await failureOf(loop.ask('go')), 'writer')
    expect(critic.model.requests).toHaveLength(0)
  })

  it('Route: a failing target ends the pipeline around the route', async () => {
    const after = never('after')
    const flow = Pipeline('p')
      .step(
        Route('intent')
          .eq('billing', broken('billing'))
          .otherwise(Agent('other').mock(['other'])),
      )
      .step(after.agent)
    expectFailedAgent(await failureOf(flow.ask('go', { state: { intent: 'billing' } })), 'billing')
    expect(after.model.requests).toHaveLength(0)
  })

  it('Fallback catches the failure (the pipeline goes on); when every attempt fails, the pipeline ends', async () => {
    const caught = Pipeline('p')
      .step(
        Fallback('answer')
          .attempt(broken('fast'))
          .attempt(Agent('slow').mock(['slow answer'])),
      )
      .step(Agent('after').mock(['after ran']))
    expect(await caught.ask('go')).toBe('after ran')
    const after = never('after')
    const lost = Pipeline('p')
      .step(Fallback('answer').attempt(broken('fast')).attempt(broken('slow')))
      .step(after.agent)
    expectFailedAgent(await failureOf(lost.ask('go')), 'slow')
    expect(after.model.requests).toHaveLength(0)
  })

  it('Fallback does not catch an error that ends the run: a guard that blocked the input', async () => {
    const unguarded = never('unguarded')
    const flow = Fallback('answer')
      .attempt(
        Agent('guarded')
          .mock(['never'])
          .guard(G.pii({ action: 'block', kinds: ['email'] })),
      )
      .attempt(unguarded.agent)
    const error = await failureOf(flow.ask('I am ann@example.com'))
    expect(GuardViolationError.isInstance(error)).toBe(true)
    // Before, the next attempt got the text the guard had refused to send.
    expect(unguarded.model.requests).toHaveLength(0)
  })

  it('gate: a failing step after the gate ends the rest of its sequence', async () => {
    const after = never('after')
    const flow = Pipeline('p')
      .step(gate(() => false))
      .step(broken('writer'))
      .step(after.agent)
    expectFailedAgent(await failureOf(flow.ask('go')), 'writer')
    expect(after.model.requests).toHaveLength(0)
  })

  it('mapOver: a failing item ends the map (no outputs written) and the pipeline', async () => {
    const after = never('after')
    const flow = Pipeline('p')
      .step(mapOver('docs', broken('summarize'), { outputKey: 'summaries' }))
      .step(after.agent)
    const events: Event[] = []
    for await (const event of flow.events('go', { state: { docs: ['a'] } })) events.push(event)
    expect(events.map((event) => [event.author, event.errorCode])).toEqual([['summarize', 'UNKNOWN_ERROR']])
    expect(after.model.requests).toHaveLength(0)
  })
})
