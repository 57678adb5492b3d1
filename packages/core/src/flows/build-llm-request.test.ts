import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { LlmAgent } from '../agents/llm-agent.js'
import type { ReadonlyContext } from '../agents/readonly-context.js'
import type { LlmRequest } from '../models/llm-request.js'
import { getFunctionDeclarations } from '../models/llm-request.js'
import { PlanReActPlanner } from '../planners/plan-re-act-planner.js'
import { FunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { createHarness } from '../testing/harness.test-helper.js'

/** Runs one turn of `root` and returns the request `llm` received first. */
async function firstRequest(
  root: Parameters<typeof createHarness>[0],
  llm: ScriptedLlm,
  state: Record<string, unknown> = {},
): Promise<LlmRequest> {
  const harness = await createHarness(root, { state })
  await harness.run('hi')
  const request = llm.requests[0]
  if (!request) throw new Error('the model was not called')
  return request
}

const identity = (name: string) => `You are an agent. Your internal name is "${name}".`
const planningText = new PlanReActPlanner().buildPlanningInstruction(
  undefined as unknown as ReadonlyContext,
  undefined as unknown as LlmRequest,
)
const setModelResponseHint =
  'To output the final result, you must call the "set_model_response" function with the appropriate values. Do not output anything else.'
const transferBlock = (targets: Array<[string, string]>) =>
  '\nYou have a list of other agents to transfer to:\n\n' +
  targets.map(([name, description]) => `\nAgent name: ${name}\nAgent description: ${description}\n`).join('\n') +
  '\n\nIf you are the best to answer the question according to your description, you\ncan answer it.\n\n' +
  'If another agent is better for answering the question according to its\n' +
  'description, call `transfer_to_agent` function to transfer the\n' +
  'question to that agent. When transferring, do not generate any text other than\nthe function call.\n'

describe('identity (spec 10.4 #29–30, JS2 text)', () => {
  it('#29 an agent without description', async () => {
    const llm = new ScriptedLlm(['ok'])
    const request = await firstRequest(new LlmAgent({ name: 'agent', model: llm }), llm)
    expect(request.config.systemInstruction).toBe('You are an agent. Your internal name is "agent".')
  })

  it('#30 with a description: two items joined by a blank line, no leading space, no final period', async () => {
    const llm = new ScriptedLlm(['ok'])
    const request = await firstRequest(
      new LlmAgent({ name: 'agent', description: 'test description', model: llm }),
      llm,
    )
    expect(request.config.systemInstruction).toBe(
      'You are an agent. Your internal name is "agent".\n\nThe description about you is "test description"',
    )
  })

  it('is skipped for an agent that can neither transfer nor be transferred to', async () => {
    const llm = new ScriptedLlm(['ok'])
    const agent = new LlmAgent({
      name: 'agent',
      description: 'd',
      model: llm,
      instruction: 'Only this.',
      disallowTransferToParent: true,
      disallowTransferToPeers: true,
    })
    const request = await firstRequest(agent, llm)
    expect(request.config.systemInstruction).toBe('Only this.')
  })

  it('no system instruction at all for a bare single agent', async () => {
    const llm = new ScriptedLlm(['ok'])
    const agent = new LlmAgent({
      name: 'agent',
      model: llm,
      disallowTransferToParent: true,
      disallowTransferToPeers: true,
    })
    const request = await firstRequest(agent, llm)
    expect(request.config.systemInstruction).toBeUndefined()
  })
})

describe('instructions (spec 10.3 #26–28)', () => {
  it('#26 an instruction provider is used as returned (no injection), sync or async', async () => {
    for (const provider of [
      (context: ReadonlyContext) => `This is the instruction { customerId } for ${context.agentName} {invocation id}`,
      async (context: ReadonlyContext) =>
        `This is the instruction { customerId } for ${context.agentName} {invocation id}`,
    ]) {
      const llm = new ScriptedLlm(['ok'])
      const agent = new LlmAgent({
        name: 'agent',
        model: llm,
        instruction: provider,
        disallowTransferToParent: true,
        disallowTransferToPeers: true,
      })
      const request = await firstRequest(agent, llm, { customerId: '1234567890' })
      expect(request.config.systemInstruction).toBe('This is the instruction { customerId } for agent {invocation id}')
    }
  })

  it('a provider sees state through a read-only context', async () => {
    const llm = new ScriptedLlm(['ok'])
    const agent = new LlmAgent({
      name: 'agent',
      model: llm,
      instruction: (context) => `Customer ${String(context.state.get('customerId'))}`,
      disallowTransferToParent: true,
      disallowTransferToPeers: true,
    })
    const request = await firstRequest(agent, llm, { customerId: 'c-7' })
    expect(request.config.systemInstruction).toBe('Customer c-7')
  })

  it('#27 the root’s global instruction comes before the sub-agent’s instruction (strings and providers)', async () => {
    for (const [globalInstruction, instruction] of [
      ['This is the global instruction.', 'This is the sub agent instruction.'],
      [() => 'This is the global instruction.', async () => 'This is the sub agent instruction.'],
    ] as const) {
      const llm = new ScriptedLlm([call('transfer_to_agent', { agent_name: 'sub_agent' }), 'ok'])
      const root = new LlmAgent({
        name: 'root_agent',
        model: llm,
        globalInstruction,
        subAgents: [
          new LlmAgent({
            name: 'sub_agent',
            instruction,
            disallowTransferToParent: true,
            disallowTransferToPeers: true,
          }),
        ],
      })
      await (await createHarness(root)).run('hi')
      expect(llm.requests[1]?.config.labels?.['adk_agent_name']).toBe('sub_agent')
      expect(llm.requests[1]?.config.systemInstruction).toBe(
        'This is the global instruction.\n\nThis is the sub agent instruction.',
      )
    }
  })

  it('#28 a non-root agent’s own global instruction is ignored', async () => {
    const llm = new ScriptedLlm([call('transfer_to_agent', { agent_name: 'child' }), 'ok'])
    const root = new LlmAgent({
      name: 'root_agent',
      model: llm,
      subAgents: [
        new LlmAgent({
          name: 'child',
          globalInstruction: 'IGNORED',
          instruction: 'Child instruction.',
          disallowTransferToParent: true,
          disallowTransferToPeers: true,
        }),
      ],
    })
    await (await createHarness(root)).run('hi')
    expect(llm.requests[1]?.config.systemInstruction).toBe('Child instruction.')
    expect(llm.requests[0]?.config.systemInstruction).not.toContain('IGNORED')
  })

  it('the global instruction is state-injected; the agent instruction too', async () => {
    const llm = new ScriptedLlm(['ok'])
    const agent = new LlmAgent({
      name: 'agent',
      model: llm,
      globalInstruction: 'Speak {language}.',
      instruction: 'Help {user:name}.',
      disallowTransferToParent: true,
      disallowTransferToPeers: true,
    })
    const request = await firstRequest(agent, llm, { language: 'French', 'user:name': 'Ann' })
    expect(request.config.systemInstruction).toBe('Speak French.\n\nHelp Ann.')
  })

  it('a missing required key stops the run before the model is called', async () => {
    const llm = new ScriptedLlm(['never'])
    const agent = new LlmAgent({ name: 'agent', model: llm, instruction: 'Use {missing}.' })
    const harness = await createHarness(agent, { state: { present: 1 } })
    await expect(harness.run('hi')).rejects.toThrow('Context variable not found: `missing`.')
    expect(llm.requests).toHaveLength(0)
  })
})

describe('system instruction order: identity, global, static, instruction, set_model_response hint, planner, transfer', () => {
  const tool = new FunctionTool({ name: 'lookup', description: 'Looks up.', execute: () => 'x' })
  const schema = z.object({ answer: z.string() })

  it('without a static instruction', async () => {
    const llm = new ScriptedLlm([call('set_model_response', { answer: 'ok' })])
    const agent = new LlmAgent({
      name: 'agent',
      description: 'An agent.',
      model: llm,
      globalInstruction: 'GLOBAL',
      instruction: 'INSTRUCTION',
      outputSchema: schema,
      tools: [tool],
      planner: new PlanReActPlanner(),
    })
    const request = await firstRequest(agent, llm)
    expect(request.config.systemInstruction).toBe(
      // An agent with an output schema never transfers (and may not have sub-agents), so it has no identity block.
      ['GLOBAL', 'INSTRUCTION', setModelResponseHint, planningText].join('\n\n'),
    )
    expect(getFunctionDeclarations(request).map((declaration) => declaration.name)).toEqual([
      'lookup',
      'set_model_response',
    ])
  })

  it('with a static instruction the dynamic instruction becomes user content before the current turn', async () => {
    const llm = new ScriptedLlm(['ok'])
    const agent = new LlmAgent({
      name: 'agent',
      model: llm,
      globalInstruction: 'GLOBAL',
      staticInstruction: 'STATIC',
      instruction: 'Dynamic for {name}.',
      planner: new PlanReActPlanner(),
      subAgents: [new LlmAgent({ name: 'helper', description: 'Helps.' })],
    })
    const request = await firstRequest(agent, llm, { name: 'Ann' })
    expect(request.config.systemInstruction).toBe(
      [identity('agent'), 'GLOBAL', 'STATIC', planningText, transferBlock([['helper', 'Helps.']])].join('\n\n'),
    )
    expect(request.contents).toEqual([
      { role: 'user', parts: [{ text: 'Dynamic for Ann.' }] },
      { role: 'user', parts: [{ text: 'hi' }] },
    ])
  })

  it('the displaced instruction goes after the last model turn, before the trailing user turns', async () => {
    const llm = new ScriptedLlm(['first answer', 'second answer'])
    const agent = new LlmAgent({
      name: 'agent',
      model: llm,
      staticInstruction: 'STATIC',
      instruction: 'DYNAMIC',
      disallowTransferToParent: true,
      disallowTransferToPeers: true,
    })
    const harness = await createHarness(agent)
    await harness.run('one')
    await harness.run('two')
    expect(llm.requests[1]?.config.systemInstruction).toBe('STATIC')
    expect(llm.requests[1]?.contents).toEqual([
      { role: 'user', parts: [{ text: 'one' }] },
      { role: 'model', parts: [{ text: 'first answer' }] },
      { role: 'user', parts: [{ text: 'DYNAMIC' }] },
      { role: 'user', parts: [{ text: 'two' }] },
    ])
  })
})

describe('basic request config', () => {
  it('copies generateContentConfig, sets the model name and the agent label (spec 10.7 #64)', async () => {
    const llm = new ScriptedLlm(['ok'], { model: 'scripted-model' })
    const agent = new LlmAgent({
      name: 'root_agent',
      model: llm,
      generateContentConfig: { temperature: 0.25, labels: { team: 'a' } },
    })
    const request = await firstRequest(agent, llm)
    expect(request.model).toBe('scripted-model')
    expect(request.config.temperature).toBe(0.25)
    expect(request.config.labels).toEqual({ adk_agent_name: 'root_agent', team: 'a' })
    expect(agent.generateContentConfig?.labels).toEqual({ team: 'a' })
  })

  it('keeps a pre-set adk_agent_name label', async () => {
    const llm = new ScriptedLlm(['ok'])
    const agent = new LlmAgent({
      name: 'root_agent',
      model: llm,
      generateContentConfig: { labels: { adk_agent_name: 'custom' } },
    })
    const request = await firstRequest(agent, llm)
    expect(request.config.labels).toEqual({ adk_agent_name: 'custom' })
  })

  it('tool declarations go into one Tool entry; toolsDict maps names', async () => {
    const llm = new ScriptedLlm(['ok'])
    const one = new FunctionTool({ name: 'one', description: '1', execute: () => 1 })
    const two = new FunctionTool({ name: 'two', description: '2', execute: () => 2 })
    const request = await firstRequest(new LlmAgent({ name: 'agent', model: llm, tools: [one, two] }), llm)
    expect(request.config.tools).toHaveLength(1)
    expect(getFunctionDeclarations(request).map((declaration) => declaration.name)).toEqual(['one', 'two'])
    expect(Object.keys(request.toolsDict)).toEqual(['one', 'two'])
  })

  it('two tools with one name are a ConfigError at construction, before any message is stored', () => {
    const llm = new ScriptedLlm(['ok'])
    const one = new FunctionTool({ name: 'same', description: '1', execute: () => 1 })
    const two = new FunctionTool({ name: 'same', description: '2', execute: () => 2 })
    expect(() => new LlmAgent({ name: 'agent', model: llm, tools: [one, two] })).toThrow(
      /agent\.tools\.1: tools 0 and 1 are both named "same"/,
    )
  })
})
