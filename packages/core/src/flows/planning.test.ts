import { describe, expect, it, vi } from 'vitest'
import { LlmAgent } from '../agents/llm-agent.js'
import { SequentialAgent } from '../agents/sequential-agent.js'
import { BuiltInPlanner } from '../planners/built-in-planner.js'
import { PlanReActPlanner, PlanReActTag } from '../planners/plan-re-act-planner.js'
import { FunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm } from '../testing/scripted-llm.js'
import { createHarness } from '../testing/harness.test-helper.js'

const single = { disallowTransferToParent: true, disallowTransferToPeers: true } as const

describe('planners through the flow (spec 10.14)', () => {
  it('#121 the Plan-ReAct instruction follows the agent instruction and names every tag', async () => {
    const llm = new ScriptedLlm(['/*FINAL_ANSWER*/ ok'])
    const agent = new LlmAgent({
      name: 'agent',
      model: llm,
      instruction: 'Agent instruction.',
      planner: new PlanReActPlanner(),
      ...single,
    })
    await (await createHarness(agent)).run('hi')
    const system = llm.requests[0]?.config.systemInstruction ?? ''
    expect(system.startsWith('Agent instruction.\n\n')).toBe(true)
    for (const tag of Object.values(PlanReActTag)) expect(system).toContain(tag)
  })

  it('#121 #123 history goes back without thought flags; the events keep them; outputKey stores only the answer', async () => {
    const llm = new ScriptedLlm(['/*REASONING*/ r /*FINAL_ANSWER*/ 42', '/*FINAL_ANSWER*/ again'])
    const agent = new LlmAgent({
      name: 'agent',
      model: llm,
      planner: new PlanReActPlanner(),
      outputKey: 'answer',
      ...single,
    })
    const harness = await createHarness(agent)
    const turn1 = await harness.run('question')
    expect(turn1).toHaveLength(1)
    expect(turn1[0]?.content?.parts).toEqual([
      { text: '/*REASONING*/ r /*FINAL_ANSWER*/', thought: true },
      { text: ' 42' },
    ])
    expect(turn1[0]?.actions.stateDelta).toEqual({ answer: ' 42' })
    expect((await harness.session()).state['answer']).toBe(' 42')

    await harness.run('follow-up')
    const history = llm.requests[1]?.contents ?? []
    expect(history[1]).toEqual({
      role: 'model',
      parts: [{ text: '/*REASONING*/ r /*FINAL_ANSWER*/' }, { text: ' 42' }],
    })
    expect(history.flatMap((content) => content.parts ?? []).some((part) => part.thought)).toBe(false)
    const stored = await harness.session()
    expect(stored.events[1]?.content?.parts?.[0]?.thought).toBe(true)
  })

  it('#122 planning text before a call becomes a thought; what follows the call is dropped; the call runs', async () => {
    const execute = vi.fn(() => ({ done: true }))
    const f = new FunctionTool({ name: 'f', description: 'Does x.', execute })
    const llm = new ScriptedLlm([
      {
        content: {
          role: 'model',
          parts: [{ text: '/*PLANNING*/ 1. do x' }, { functionCall: { name: 'f', args: {} } }, { text: 'ignored' }],
        },
      },
      '/*FINAL_ANSWER*/ x done',
    ])
    const agent = new LlmAgent({ name: 'agent', model: llm, tools: [f], planner: new PlanReActPlanner(), ...single })
    const events = await (await createHarness(agent)).run('do x')
    const parts = events[0]?.content?.parts ?? []
    expect(parts).toHaveLength(2)
    expect(parts[0]).toEqual({ text: '/*PLANNING*/ 1. do x', thought: true })
    expect(parts[1]?.functionCall?.name).toBe('f')
    expect(execute).toHaveBeenCalledTimes(1)
    expect(events.at(-1)?.content?.parts).toEqual([{ text: '/*FINAL_ANSWER*/', thought: true }, { text: ' x done' }])
  })

  it('#124 a call without a name is dropped and the named one kept', async () => {
    const execute = vi.fn(() => ({}))
    const f = new FunctionTool({ name: 'f', description: 'f', execute })
    const llm = new ScriptedLlm([
      {
        content: {
          role: 'model',
          parts: [{ functionCall: { name: '', args: {} } }, { functionCall: { name: 'f', args: { a: 1 } } }],
        },
      },
      '/*FINAL_ANSWER*/ ok',
    ])
    const agent = new LlmAgent({ name: 'agent', model: llm, tools: [f], planner: new PlanReActPlanner(), ...single })
    const events = await (await createHarness(agent)).run('go')
    expect(events[0]?.content?.parts?.map((part) => part.functionCall?.name)).toEqual(['f'])
    expect(events[1]?.content?.parts?.map((part) => part.functionResponse?.name)).toEqual(['f'])
    expect(execute).toHaveBeenCalledTimes(1)
  })

  it('#125 BuiltInPlanner sets thinkingConfig and adds no text; thought history is sent as plain text', async () => {
    const llm = new ScriptedLlm([
      { content: { role: 'model', parts: [{ text: 'let me think', thought: true }, { text: 'answer' }] } },
      'second',
    ])
    const planner = new BuiltInPlanner({ thinkingConfig: { includeThoughts: true } })
    const agent = new LlmAgent({
      name: 'agent',
      model: llm,
      instruction: 'Only this.',
      planner,
      outputKey: 'out',
      ...single,
    })
    const harness = await createHarness(agent)
    await harness.run('one')
    await harness.run('two')
    expect(llm.requests[0]?.config.thinkingConfig).toEqual({ includeThoughts: true })
    expect(llm.requests[0]?.config.systemInstruction).toBe('Only this.')
    expect(llm.requests[1]?.contents[1]).toEqual({
      role: 'model',
      parts: [{ text: 'let me think' }, { text: 'answer' }],
    })
    expect((await harness.session()).state['out']).toBe('second')
  })

  it('a later agent sees only the planner agent’s final answer', async () => {
    const planned = new LlmAgent({
      name: 'planned',
      model: new ScriptedLlm(['/*PLANNING*/ secret plan /*FINAL_ANSWER*/ public answer']),
      planner: new PlanReActPlanner(),
    })
    const nextLlm = new ScriptedLlm(['ok'])
    const pipeline = new SequentialAgent({
      name: 'seq',
      subAgents: [planned, new LlmAgent({ name: 'next', model: nextLlm })],
    })
    await (await createHarness(pipeline)).run('go')
    expect(nextLlm.requests[0]?.contents[1]).toEqual({
      role: 'user',
      parts: [{ text: 'For context:' }, { text: '[planned] said:  public answer' }],
    })
  })
})
