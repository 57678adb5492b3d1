import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { LlmAgent } from '../agents/llm-agent.js'
import { SequentialAgent } from '../agents/sequential-agent.js'
import { FunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { createHarness } from '../testing/harness.test-helper.js'

describe('outputKey (spec 10.11)', () => {
  it('#100 the final answer is written on the final event and reaches the session', async () => {
    const harness = await createHarness(
      new LlmAgent({ name: 'agent', model: new ScriptedLlm(['hello']), outputKey: 'out' }),
    )
    const events = await harness.run('hi')
    expect(events.at(-1)?.actions.stateDelta).toEqual({ out: 'hello' })
    expect((await harness.session()).state['out']).toBe('hello')
  })

  it('#101 thoughts are excluded', async () => {
    const llm = new ScriptedLlm([
      { content: { role: 'model', parts: [{ text: 'thinking...', thought: true }, { text: 'answer' }] } },
    ])
    const harness = await createHarness(new LlmAgent({ name: 'agent', model: llm, outputKey: 'out' }))
    await harness.run('hi')
    expect((await harness.session()).state['out']).toBe('answer')
  })

  it('an answer made only of thoughts writes nothing', async () => {
    const llm = new ScriptedLlm([{ content: { role: 'model', parts: [{ text: 'thinking...', thought: true }] } }])
    const harness = await createHarness(new LlmAgent({ name: 'agent', model: llm, outputKey: 'out' }))
    const events = await harness.run('hi')
    expect(events.at(-1)?.actions.stateDelta).toEqual({})
  })

  it('joins several text parts', async () => {
    const llm = new ScriptedLlm([{ content: { role: 'model', parts: [{ text: 'a' }, { text: 'b' }] } }])
    const harness = await createHarness(new LlmAgent({ name: 'agent', model: llm, outputKey: 'out' }))
    await harness.run('hi')
    expect((await harness.session()).state['out']).toBe('ab')
  })

  it('#102 tool-call and tool-response events never write the key', async () => {
    const tool = new FunctionTool({ name: 'lookup', description: 'Looks up.', execute: () => 'found' })
    const llm = new ScriptedLlm([call('lookup', {}), 'final'])
    const harness = await createHarness(new LlmAgent({ name: 'agent', model: llm, tools: [tool], outputKey: 'out' }))
    const events = await harness.run('hi')
    expect(events.map((event) => event.actions.stateDelta)).toEqual([{}, {}, { out: 'final' }])
  })

  it('#102 streamed partial chunks never write the key; the aggregated event does', async () => {
    const llm = new ScriptedLlm(['streamed final answer'])
    const harness = await createHarness(new LlmAgent({ name: 'agent', model: llm, outputKey: 'out' }))
    const events = await harness.run('hi', { runConfig: { streamingMode: 'sse' } })
    const partials = events.filter((event) => event.partial)
    expect(partials.length).toBeGreaterThan(1)
    const last = events.at(-1)
    expect(last?.partial).toBeFalsy()
    expect(last?.actions.stateDelta).toEqual({ out: 'streamed final answer' })
    const session = await harness.session()
    expect(session.state['out']).toBe('streamed final answer')
    expect(session.events.filter((event) => event.author === 'agent')).toHaveLength(1)
  })

  it('#103 with an output schema the parsed object is stored', async () => {
    const llm = new ScriptedLlm(['{"custom_output": "response1"}'])
    const agent = new LlmAgent({
      name: 'agent',
      model: llm,
      outputSchema: z.object({ custom_output: z.string() }),
      outputKey: 'tool_output',
    })
    const harness = await createHarness(agent)
    await harness.run('hi')
    expect((await harness.session()).state['tool_output']).toEqual({ custom_output: 'response1' })
  })

  it('#104 with an output schema a blank answer writes nothing', async () => {
    const llm = new ScriptedLlm(['   \n '])
    const agent = new LlmAgent({
      name: 'agent',
      model: llm,
      outputSchema: z.object({ a: z.string() }),
      outputKey: 'out',
    })
    const harness = await createHarness(agent)
    const events = await harness.run('hi')
    expect(events.at(-1)?.actions.stateDelta).toEqual({})
    expect((await harness.session()).state).not.toHaveProperty('out')
  })

  it('#105 the transferring agent’s key is not written by the target’s answer', async () => {
    const llm = new ScriptedLlm([call('transfer_to_agent', { agent_name: 'sub' }), 'sub answer'])
    const root = new LlmAgent({
      name: 'root_agent',
      model: llm,
      outputKey: 'root_out',
      subAgents: [new LlmAgent({ name: 'sub', outputKey: 'sub_out' })],
    })
    const harness = await createHarness(root)
    await harness.run('hi')
    const state = (await harness.session()).state
    expect(state).not.toHaveProperty('root_out')
    expect(state['sub_out']).toBe('sub answer')
  })

  it('before/after-agent callback replies are not written', async () => {
    const bypassed = new LlmAgent({
      name: 'bypassed',
      model: new ScriptedLlm([]),
      outputKey: 'out1',
      beforeAgentCallback: () => ({ role: 'model', parts: [{ text: 'from callback' }] }),
    })
    const after = new LlmAgent({
      name: 'after',
      model: new ScriptedLlm(['model']),
      outputKey: 'out2',
      afterAgentCallback: () => ({ role: 'model', parts: [{ text: 'after callback' }] }),
    })
    const harness = await createHarness(new SequentialAgent({ name: 'seq', subAgents: [bypassed, after] }))
    await harness.run('hi')
    const state = (await harness.session()).state
    expect(state).not.toHaveProperty('out1')
    expect(state['out2']).toBe('model')
  })

  it('a before-model reply and an after-model replacement are written', async () => {
    const agent = new LlmAgent({
      name: 'agent',
      model: new ScriptedLlm(['model']),
      outputKey: 'out',
      afterModelCallback: () => ({ content: { role: 'model', parts: [{ text: 'replaced' }] } }),
    })
    const harness = await createHarness(agent)
    await harness.run('hi')
    expect((await harness.session()).state['out']).toBe('replaced')
  })

  it('a temp: outputKey is readable later in the invocation but never stored', async () => {
    const readerLlm = new ScriptedLlm(['done'])
    const pipeline = new SequentialAgent({
      name: 'seq',
      subAgents: [
        new LlmAgent({ name: 'writer', model: new ScriptedLlm(['scratch']), outputKey: 'temp:note' }),
        new LlmAgent({ name: 'reader', model: readerLlm, instruction: 'Note: {temp:note}' }),
      ],
    })
    const harness = await createHarness(pipeline)
    await harness.run('hi')
    expect(readerLlm.requests[0]?.config.systemInstruction).toContain('Note: scratch')
    const session = await harness.session()
    expect(session.state).not.toHaveProperty('temp:note')
    expect(session.events.find((event) => event.author === 'writer')?.actions.stateDelta).toEqual({})
  })

  it('an invalid outputKey is a ConfigError', () => {
    expect(() => new LlmAgent({ name: 'agent', outputKey: 'not a key' })).toThrow('is not a valid state key')
  })
})
