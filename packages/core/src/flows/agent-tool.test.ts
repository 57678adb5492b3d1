import { describe, expect, it } from 'vitest'
import type { Context } from '../agents/context.js'
import { LlmAgent } from '../agents/llm-agent.js'
import { ParallelAgent } from '../agents/parallel-agent.js'
import { AgentTool } from '../tools/agent-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { createHarness, deferred, functionResponsePart, simplify } from '../testing/harness.test-helper.js'

/** AgentTool seen from the calling agent's flow (the tool's own behaviour is tested in tools/agent-tool.test.ts). */
describe('AgentTool in a run (spec 10.12)', () => {
  it('#106 the child’s answer is the function response; only the parent’s events reach the parent session', async () => {
    const parentLlm = new ScriptedLlm([call('tool_agent', { request: 'test1' }), 'response2'])
    const childLlm = new ScriptedLlm(['response1'])
    const root = new LlmAgent({
      name: 'root_agent',
      model: parentLlm,
      tools: [new AgentTool({ agent: new LlmAgent({ name: 'tool_agent', description: 'Answers.', model: childLlm }) })],
    })
    const harness = await createHarness(root)
    const events = await harness.run('test1')
    expect(simplify(events)).toEqual([
      ['root_agent', { functionCall: { name: 'tool_agent', args: { request: 'test1' } } }],
      ['root_agent', functionResponsePart('tool_agent', { result: 'response1' })],
      ['root_agent', 'response2'],
    ])
    const session = await harness.session()
    expect(session.events.map((event) => event.author)).toEqual(['user', 'root_agent', 'root_agent', 'root_agent'])
    expect(parentLlm.requests[1]?.contents.at(-1)?.parts?.[0]?.functionResponse?.response).toEqual({
      result: 'response1',
    })
  })

  it('the child sees only its request, never the parent’s history', async () => {
    const parentLlm = new ScriptedLlm(['hello', call('tool_agent', { request: 'summarise cats' }), 'done'])
    const childLlm = new ScriptedLlm(['cats are great'])
    const root = new LlmAgent({
      name: 'root_agent',
      model: parentLlm,
      tools: [new AgentTool({ agent: new LlmAgent({ name: 'tool_agent', model: childLlm }) })],
    })
    const harness = await createHarness(root)
    await harness.run('first turn, private')
    await harness.run('second turn')
    expect(childLlm.requests[0]?.contents).toEqual([{ role: 'user', parts: [{ text: 'summarise cats' }] }])
  })

  it('#107 the child’s state changes arrive on the parent’s response event', async () => {
    const childLlm = new ScriptedLlm(['child answer'])
    const child = new LlmAgent({
      name: 'tool_agent',
      model: childLlm,
      instruction: 'input: {state_1}',
      outputKey: 'child_out',
      beforeAgentCallback: (context: Context) => {
        context.state.set('state_1', 'changed_value')
      },
    })
    const parentLlm = new ScriptedLlm([call('tool_agent', { request: 'go' }), 'parent done'])
    const root = new LlmAgent({ name: 'root_agent', model: parentLlm, tools: [new AgentTool({ agent: child })] })
    const harness = await createHarness(root, { state: { state_1: 'state1_value' } })
    const events = await harness.run('go')
    expect(childLlm.requests[0]?.config.systemInstruction).toContain('input: changed_value')
    expect(events[1]?.actions.stateDelta).toEqual({ state_1: 'changed_value', child_out: 'child answer' })
    expect((await harness.session()).state).toMatchObject({ state_1: 'changed_value', child_out: 'child answer' })
  })

  it('two agent tools called in one response run concurrently and both state changes are merged', async () => {
    const started = { a: deferred(), b: deferred() }
    const timeout = () =>
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('children ran one after the other')), 2_000))
    const childAgent = (name: 'a' | 'b', other: 'a' | 'b') =>
      new LlmAgent({
        name: `child_${name}`,
        model: new ScriptedLlm([`${name} answer`]),
        outputKey: `out_${name}`,
        beforeModelCallback: async () => {
          started[name].resolve()
          await Promise.race([started[other].promise, timeout()])
        },
      })
    const parentLlm = new ScriptedLlm([
      call([
        ['child_a', { request: 'x' }],
        ['child_b', { request: 'y' }],
      ]),
      'merged',
    ])
    const root = new LlmAgent({
      name: 'root_agent',
      model: parentLlm,
      tools: [new AgentTool({ agent: childAgent('a', 'b') }), new AgentTool({ agent: childAgent('b', 'a') })],
    })
    const harness = await createHarness(root)
    const events = await harness.run('go')
    expect(simplify(events)[1]).toEqual([
      'root_agent',
      [
        functionResponsePart('child_a', { result: 'a answer' }),
        functionResponsePart('child_b', { result: 'b answer' }),
      ],
    ])
    expect(events[1]?.actions.stateDelta).toEqual({ out_a: 'a answer', out_b: 'b answer' })
  })

  it('works inside a ParallelAgent branch; the response carries the branch', async () => {
    const parentLlm = new ScriptedLlm([call('tool_agent', { request: 'q' }), 'branch done'])
    const branchAgent = new LlmAgent({
      name: 'caller',
      model: parentLlm,
      tools: [new AgentTool({ agent: new LlmAgent({ name: 'tool_agent', model: new ScriptedLlm(['child']) }) })],
    })
    const events = await (await createHarness(new ParallelAgent({ name: 'par', subAgents: [branchAgent] }))).run('go')
    expect(events.map((event) => event.branch)).toEqual(['par.caller', 'par.caller', 'par.caller'])
    expect(events[1]?.content?.parts?.[0]?.functionResponse?.response).toEqual({ result: 'child' })
  })

  it('skipSummarization ends the caller with the child’s answer', async () => {
    const parentLlm = new ScriptedLlm([call('tool_agent', { request: 'q' }), 'never'])
    const root = new LlmAgent({
      name: 'root_agent',
      model: parentLlm,
      tools: [
        new AgentTool({
          agent: new LlmAgent({ name: 'tool_agent', model: new ScriptedLlm(['final']) }),
          skipSummarization: true,
        }),
      ],
    })
    const events = await (await createHarness(root)).run('go')
    expect(events).toHaveLength(2)
    expect(events[1]?.actions.skipSummarization).toBe(true)
    expect(parentLlm.requests).toHaveLength(1)
  })
})
