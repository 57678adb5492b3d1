import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { InMemoryRunner, ModelError } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent, Pipeline } from '../builders/workflow-factories.js'
import { gate } from '../builders/flow-helpers.js'

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const result: T[] = []
  for await (const item of items) result.push(item)
  return result
}

describe('ask, stream and events', () => {
  it('.ask() returns the final text of the run, on a fresh runner and session each time', async () => {
    const model = new ScriptedLlm(['first', 'second'])
    const agent = Agent('helper').model(model)
    expect(await agent.ask('one')).toBe('first')
    expect(await agent.ask('two')).toBe('second')
    expect(model.requests[1]?.contents.map((content) => content.parts?.[0]?.text)).toEqual(['two'])
  })

  it('.ask() continues a session on a given runner, and applies state (temp: keys too) with the message', async () => {
    const model = new ScriptedLlm(['hi Ada', 'bye Ada'])
    const agent = Agent('helper').model(model).instruct('User: {name}. Mood: {temp:mood?}.').isolate()
    const runner = new InMemoryRunner({ agent: agent.build() })
    await agent.ask('hello', { runner, sessionId: 'chat', userId: 'u7', state: { name: 'Ada', 'temp:mood': 'glad' } })
    await agent.ask('goodbye', { runner, sessionId: 'chat', userId: 'u7' })
    expect(model.requests.map((request) => request.config.systemInstruction)).toEqual([
      'User: Ada. Mood: glad.',
      'User: Ada. Mood: .',
    ])
    expect(model.requests[1]?.contents.map((content) => content.parts?.[0]?.text)).toEqual([
      'hello',
      'hi Ada',
      'goodbye',
    ])
    const session = await runner.sessionService.getSession({ appName: runner.appName, userId: 'u7', sessionId: 'chat' })
    expect(session?.events).toHaveLength(4)
  })

  it('.ask() returns the parsed object with .returns(); core rejects an answer that does not fit', async () => {
    const schema = z.object({ intent: z.enum(['billing', 'other']) })
    expect(await Agent('classifier').mock(['```json\n{"intent":"billing"}\n```']).returns(schema).ask('q')).toEqual({
      intent: 'billing',
    })
    const wrong = Agent('classifier').mock(['{"intent":"sales"}', '{"intent":"sales"}']).returns(schema)
    await expect(wrong.ask('q')).rejects.toThrow(/^Agent "classifier" did not return valid structured output/)
  })

  it('.ask() throws a ModelError naming the agent when the run ends on a model error', async () => {
    const error = await Agent('helper')
      .mock([new Error('quota exceeded')])
      .ask('q')
      .catch((caught: unknown) => caught)
    expect(ModelError.isInstance(error) && [error.message, error.agentName]).toEqual([
      'Agent "helper" failed: quota exceeded (UNKNOWN_ERROR).',
      'helper',
    ])
  })

  it('.streamText() yields text chunks as they arrive, without repeating the aggregated text', async () => {
    const chunks = await collect(Agent('teller').mock(['Once upon a time']).streamText('q'))
    expect(chunks).toEqual(['Once ', 'upon ', 'a ', 'time'])
    const flow = Agent('a')
      .mock(['Hello there'])
      .then(gate(() => true, { message: 'Approve?' }))
    expect(await collect(flow.streamText('q'))).toEqual(['Hello ', 'there', 'Approve?'])
  })

  it('.events() yields every event of the run, on every builder', async () => {
    const events = await collect(
      Pipeline('p')
        .step(Agent('a').mock(['A']))
        .step(() => ({ done: true }))
        .events('q'),
    )
    expect(events.map((event) => [event.author, event.partial ?? false])).toEqual([
      ['a', false],
      ['fn_step', false],
    ])
  })
})
