import { describe, expect, it } from 'vitest'
import { LlmAgent } from '../agents/llm-agent.js'
import { LoopAgent } from '../agents/loop-agent.js'
import { SequentialAgent } from '../agents/sequential-agent.js'
import type { BaseAgent } from '../agents/base-agent.js'
import { createEvent, type Event } from '../events/event.js'
import { ConfigError } from '../errors/config-error.js'
import { MaxTurnsError } from '../errors/runtime-errors.js'
import { getFunctionDeclarations } from '../models/llm-request.js'
import type { Session } from '../sessions/session.js'
import { exitLoop } from '../tools/exit-loop-tool.js'
import { FunctionTool } from '../tools/function-tool.js'
import { findAgentToRun, isRoutableLlmAgent } from '../runner/find-agent-to-run.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { createHarness, functionCallPart, functionResponsePart, simplify } from '../testing/harness.test-helper.js'
import { previewLlmRequest } from './preview-llm-request.js'

const transfer = (agentName: string) => call('transfer_to_agent', { agent_name: agentName })
const transferCall = (agentName: string) => functionCallPart('transfer_to_agent', { agent_name: agentName })
const transferResponse = functionResponsePart('transfer_to_agent', { result: null })

const single = { disallowTransferToParent: true, disallowTransferToPeers: true } as const

const instructionTail =
  '\n\nIf you are the best to answer the question according to your description, you\ncan answer it.\n\n' +
  'If another agent is better for answering the question according to its\n' +
  'description, call `transfer_to_agent` function to transfer the\n' +
  'question to that agent. When transferring, do not generate any text other than\nthe function call.\n'
const transferText = (targets: Array<[string, string]>, parent?: string) =>
  '\nYou have a list of other agents to transfer to:\n\n' +
  targets.map(([name, description]) => `\nAgent name: ${name}\nAgent description: ${description}\n`).join('\n') +
  instructionTail +
  (parent
    ? `\nYour parent agent is ${parent}. If neither the other agents nor\nyou are best for answering the question according to the descriptions, transfer\nto your parent agent.\n`
    : '')

describe('transfer instruction and tool (spec 10.4 #31–34)', () => {
  it('#31 a root with sub-agents lists them, with no parent sentence; transfer_to_agent is declared first', async () => {
    const tool = new FunctionTool({ name: 'lookup', description: 'Looks up.', execute: () => 1 })
    const root = new LlmAgent({
      name: 'root',
      model: new ScriptedLlm([]),
      tools: [tool],
      subAgents: [new LlmAgent({ name: 'a', description: 'A' }), new LlmAgent({ name: 'b', description: 'B' })],
    })
    const request = await previewLlmRequest(root, { userMessage: 'hi' })
    expect(request.config.systemInstruction).toBe(
      `You are an agent. Your internal name is "root".\n\n${transferText([
        ['a', 'A'],
        ['b', 'B'],
      ])}`,
    )
    expect(request.config.systemInstruction).not.toContain('Your parent agent')
    const declarations = getFunctionDeclarations(request)
    expect(declarations.map((declaration) => declaration.name)).toEqual(['transfer_to_agent', 'lookup'])
    expect(declarations[0]).toEqual({
      name: 'transfer_to_agent',
      description:
        'Transfer the question to another agent. This tool hands off control to another agent when it is more suitable to answer the user question according to the agent description.',
      parameters: { type: 'OBJECT', properties: { agent_name: { type: 'STRING' } }, required: ['agent_name'] },
    })
  })

  it('the exact single-target text of the spec', async () => {
    const root = new LlmAgent({
      name: 'root',
      model: new ScriptedLlm([]),
      subAgents: [new LlmAgent({ name: 'sub', description: 'd' })],
    })
    const request = await previewLlmRequest(root)
    expect(request.config.systemInstruction?.split('\n\n').slice(1).join('\n\n')).toBe(
      '\nYou have a list of other agents to transfer to:\n\n\nAgent name: sub\nAgent description: d\n\n\nIf you are the best to answer the question according to your description, you\ncan answer it.\n\nIf another agent is better for answering the question according to its\ndescription, call `transfer_to_agent` function to transfer the\nquestion to that agent. When transferring, do not generate any text other than\nthe function call.\n',
    )
  })

  function tree(options: { parentFlag?: boolean; peersFlag?: boolean } = {}) {
    const a = new LlmAgent({
      name: 'a',
      description: 'A',
      subAgents: [new LlmAgent({ name: 'a_child', description: 'AC' })],
      disallowTransferToParent: options.parentFlag ?? false,
      disallowTransferToPeers: options.peersFlag ?? false,
    })
    new LlmAgent({
      name: 'root',
      description: 'R',
      model: new ScriptedLlm([]),
      subAgents: [a, new LlmAgent({ name: 'b', description: 'B' })],
    })
    return a
  }

  it('#32 a sub-agent lists its sub-agents, its parent, then its peers, and the parent sentence', async () => {
    const request = await previewLlmRequest(tree())
    expect(request.config.systemInstruction).toBe(
      'You are an agent. Your internal name is "a".\n\nThe description about you is "A"\n\n' +
        transferText(
          [
            ['a_child', 'AC'],
            ['root', 'R'],
            ['b', 'B'],
          ],
          'root',
        ),
    )
  })

  it('#32 disallowTransferToParent drops the parent and its sentence; disallowTransferToPeers drops the peers', async () => {
    const noParent = (await previewLlmRequest(tree({ parentFlag: true }))).config.systemInstruction ?? ''
    expect(noParent).toContain(
      transferText([
        ['a_child', 'AC'],
        ['b', 'B'],
      ]),
    )
    expect(noParent).not.toContain('Your parent agent')
    const noPeers = (await previewLlmRequest(tree({ peersFlag: true }))).config.systemInstruction ?? ''
    expect(noPeers).toContain(
      transferText(
        [
          ['a_child', 'AC'],
          ['root', 'R'],
        ],
        'root',
      ),
    )
  })

  it('#33 both flags and no sub-agents: no transfer text and no transfer tool', async () => {
    const leaf = new LlmAgent({ name: 'leaf', instruction: 'Leaf.', ...single })
    new LlmAgent({ name: 'root', model: new ScriptedLlm([]), subAgents: [leaf, new LlmAgent({ name: 'peer' })] })
    const request = await previewLlmRequest(leaf)
    expect(request.config.systemInstruction).toBe('Leaf.')
    expect(request.config.tools).toBeUndefined()
    expect(request.toolsDict).toEqual({})
  })

  it('#34 under a SequentialAgent neither parent nor peers are targets', async () => {
    const alone = new LlmAgent({ name: 'alone', model: new ScriptedLlm([]) })
    const withChild = new LlmAgent({
      name: 'with_child',
      model: new ScriptedLlm([]),
      subAgents: [new LlmAgent({ name: 'kid', description: 'K' })],
    })
    new SequentialAgent({ name: 'seq', subAgents: [alone, withChild] })
    const aloneRequest = await previewLlmRequest(alone)
    expect(aloneRequest.config.systemInstruction).toBe('You are an agent. Your internal name is "alone".')
    expect(aloneRequest.config.tools).toBeUndefined()
    const childRequest = await previewLlmRequest(withChild)
    expect(childRequest.config.systemInstruction).toContain(transferText([['kid', 'K']], 'seq'))
    expect(childRequest.config.systemInstruction).not.toContain('Agent name: alone')
  })
})

describe('transfer during a run (spec 10.9)', () => {
  it('#81 auto→auto: the target answers at once; the next turn starts at the target', async () => {
    const llm = new ScriptedLlm([transfer('sub_agent_1'), 'response1', 'response2'])
    const root = new LlmAgent({ name: 'root_agent', model: llm, subAgents: [new LlmAgent({ name: 'sub_agent_1' })] })
    const harness = await createHarness(root)
    const turn1 = await harness.run('test1')
    expect(simplify(turn1)).toEqual([
      ['root_agent', transferCall('sub_agent_1')],
      ['root_agent', transferResponse],
      ['sub_agent_1', 'response1'],
    ])
    expect(turn1[1]?.actions.transferToAgent).toBe('sub_agent_1')
    expect(new Set(turn1.map((event) => event.invocationId)).size).toBe(1)
    expect(simplify(await harness.run('test2'))).toEqual([['sub_agent_1', 'response2']])
  })

  it('the agentName argument is accepted too', async () => {
    const llm = new ScriptedLlm([call('transfer_to_agent', { agentName: 'sub_agent_1' }), 'response1'])
    const root = new LlmAgent({ name: 'root_agent', model: llm, subAgents: [new LlmAgent({ name: 'sub_agent_1' })] })
    const events = await (await createHarness(root)).run('test1')
    expect(simplify(events).at(-1)).toEqual(['sub_agent_1', 'response1'])
  })

  it('a sub-agent can transfer back to its parent on a later turn', async () => {
    const llm = new ScriptedLlm([transfer('sub_agent_1'), 'response1', transfer('root_agent'), 'from root'])
    const root = new LlmAgent({ name: 'root_agent', model: llm, subAgents: [new LlmAgent({ name: 'sub_agent_1' })] })
    const harness = await createHarness(root)
    await harness.run('test1')
    expect(simplify(await harness.run('test2'))).toEqual([
      ['sub_agent_1', transferCall('root_agent')],
      ['sub_agent_1', transferResponse],
      ['root_agent', 'from root'],
    ])
  })

  it('#82 auto→single: the next turn starts back at the root', async () => {
    const llm = new ScriptedLlm([transfer('sub_agent_1'), 'response1', 'response2'])
    const root = new LlmAgent({
      name: 'root_agent',
      model: llm,
      subAgents: [new LlmAgent({ name: 'sub_agent_1', ...single })],
    })
    const harness = await createHarness(root)
    expect(simplify(await harness.run('test1')).at(-1)).toEqual(['sub_agent_1', 'response1'])
    expect(simplify(await harness.run('test2'))).toEqual([['root_agent', 'response2']])
  })

  it('#83 auto→auto→single: the next turn starts at the middle agent', async () => {
    const llm = new ScriptedLlm([transfer('sub_agent_1'), transfer('sub_agent_1_1'), 'response1', 'response2'])
    const root = new LlmAgent({
      name: 'root_agent',
      model: llm,
      subAgents: [
        new LlmAgent({ name: 'sub_agent_1', subAgents: [new LlmAgent({ name: 'sub_agent_1_1', ...single })] }),
      ],
    })
    const harness = await createHarness(root)
    expect(simplify(await harness.run('test1'))).toEqual([
      ['root_agent', transferCall('sub_agent_1')],
      ['root_agent', transferResponse],
      ['sub_agent_1', transferCall('sub_agent_1_1')],
      ['sub_agent_1', transferResponse],
      ['sub_agent_1_1', 'response1'],
    ])
    expect(simplify(await harness.run('test2'))).toEqual([['sub_agent_1', 'response2']])
  })

  it('#84 auto→sequential: every step runs; the next turn starts at the root', async () => {
    const llm = new ScriptedLlm([transfer('sub_agent_1'), 'response1', 'response2', 'response3'])
    const root = new LlmAgent({
      name: 'root_agent',
      model: llm,
      subAgents: [
        new SequentialAgent({
          name: 'sub_agent_1',
          subAgents: [
            new LlmAgent({ name: 'sub_agent_1_1', ...single }),
            new LlmAgent({ name: 'sub_agent_1_2', ...single }),
          ],
        }),
      ],
    })
    const harness = await createHarness(root)
    expect(simplify(await harness.run('test1'))).toEqual([
      ['root_agent', transferCall('sub_agent_1')],
      ['root_agent', transferResponse],
      ['sub_agent_1_1', 'response1'],
      ['sub_agent_1_2', 'response2'],
    ])
    expect(simplify(await harness.run('test2'))).toEqual([['root_agent', 'response3']])
  })

  it('#85 auto→sequential→auto: a step transfers to its own child and the sequence goes on', async () => {
    const llm = new ScriptedLlm([
      transfer('sub_agent_1'),
      'response1',
      transfer('sub_agent_1_2_1'),
      'response2',
      'response3',
      'response4',
    ])
    const root = new LlmAgent({
      name: 'root_agent',
      model: llm,
      subAgents: [
        new SequentialAgent({
          name: 'sub_agent_1',
          subAgents: [
            new LlmAgent({ name: 'sub_agent_1_1', ...single }),
            new LlmAgent({ name: 'sub_agent_1_2', subAgents: [new LlmAgent({ name: 'sub_agent_1_2_1', ...single })] }),
            new LlmAgent({ name: 'sub_agent_1_3', ...single }),
          ],
        }),
      ],
    })
    const harness = await createHarness(root)
    expect(simplify(await harness.run('test1'))).toEqual([
      ['root_agent', transferCall('sub_agent_1')],
      ['root_agent', transferResponse],
      ['sub_agent_1_1', 'response1'],
      ['sub_agent_1_2', transferCall('sub_agent_1_2_1')],
      ['sub_agent_1_2', transferResponse],
      ['sub_agent_1_2_1', 'response2'],
      ['sub_agent_1_3', 'response3'],
    ])
    expect(simplify(await harness.run('test2'))).toEqual([['root_agent', 'response4']])
  })

  it('#86 auto→loop: exit_loop ends the loop and the root does not summarise; the next turn starts at the root', async () => {
    const llm = new ScriptedLlm([
      transfer('sub_agent_1'),
      'response1',
      'response2',
      'response3',
      call('exit_loop', {}),
      'response4',
      'response5',
    ])
    const root = new LlmAgent({
      name: 'root_agent',
      model: llm,
      subAgents: [
        new LoopAgent({
          name: 'sub_agent_1',
          subAgents: [
            new LlmAgent({ name: 'sub_agent_1_1', ...single }),
            new LlmAgent({ name: 'sub_agent_1_2', tools: [exitLoop], ...single }),
          ],
        }),
      ],
    })
    const harness = await createHarness(root)
    const turn1 = await harness.run('test1')
    expect(simplify(turn1)).toEqual([
      ['root_agent', transferCall('sub_agent_1')],
      ['root_agent', transferResponse],
      ['sub_agent_1_1', 'response1'],
      ['sub_agent_1_2', 'response2'],
      ['sub_agent_1_1', 'response3'],
      ['sub_agent_1_2', functionCallPart('exit_loop')],
      ['sub_agent_1_2', functionResponsePart('exit_loop', { result: '' })],
    ])
    expect(turn1.at(-1)?.actions).toMatchObject({ escalate: true, skipSummarization: true })
    expect(llm.requests).toHaveLength(5)
    expect(simplify(await harness.run('test2'))).toEqual([['root_agent', 'response4']])
  })

  it('a transfer to a peer that exists but is forbidden says it is not reachable and why', async () => {
    const llm = new ScriptedLlm([transfer('sales'), 'I will answer myself'])
    const billing = new LlmAgent({ name: 'billing', model: llm, disallowTransferToPeers: true })
    const root = new LlmAgent({
      name: 'root_agent',
      model: new ScriptedLlm([transfer('billing')]),
      subAgents: [billing, new LlmAgent({ name: 'sales' })],
    })
    const events = await (await createHarness(root)).run('test1')
    const error = events
      .flatMap((event) => event.content?.parts ?? [])
      .map((part) => part.functionResponse?.response?.['error'])
      .find((value) => value !== undefined)
    expect(error).toBe(
      `Agent 'sales' is not reachable from here: it is a peer of "billing", and "billing" has disallowTransferToPeers. Transfer targets: root_agent.`,
    )
  })

  it('#87 a transfer to an unknown agent is an error response the model can recover from', async () => {
    const llm = new ScriptedLlm([transfer('ghost'), 'I will answer myself'])
    const root = new LlmAgent({ name: 'root_agent', model: llm, subAgents: [new LlmAgent({ name: 'sub_agent_1' })] })
    const events = await (await createHarness(root)).run('test1')
    expect(simplify(events)).toEqual([
      ['root_agent', transferCall('ghost')],
      [
        'root_agent',
        functionResponsePart('transfer_to_agent', { error: "Unknown agent 'ghost'. Transfer targets: sub_agent_1." }),
      ],
      ['root_agent', 'I will answer myself'],
    ])
    expect(events[1]?.actions.transferToAgent).toBeUndefined()
  })

  it('#87 a tool that sets transferToAgent to a name outside the tree is a clear error', async () => {
    const rogue = new FunctionTool({
      name: 'rogue',
      description: 'Transfers anywhere.',
      execute: (_args, context) => {
        context.actions.transferToAgent = 'ghost'
        return {}
      },
    })
    const llm = new ScriptedLlm([call('rogue', {}), 'never'])
    const harness = await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [rogue] }))
    const error = await harness.run('test1').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as Error).message).toBe('Agent ghost not found in the agent tree.')
  })

  it('runConfig.maxTransfers stops A→B→A ping-pong', async () => {
    const llm = new ScriptedLlm(
      Array.from({ length: 20 }, (_, index) => transfer(index % 2 === 0 ? 'sub_agent_1' : 'root_agent')),
    )
    const root = new LlmAgent({ name: 'root_agent', model: llm, subAgents: [new LlmAgent({ name: 'sub_agent_1' })] })
    const harness = await createHarness(root)
    const error = await harness.run('test1', { runConfig: { maxTransfers: 3 } }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(MaxTurnsError)
    expect((error as Error).message).toContain('more than 3 agent transfers in one invocation')
    expect(llm.requests).toHaveLength(4)
    const authors = (await harness.session()).events.map((event) => event.author)
    expect(authors).toEqual([
      'user',
      ...['root_agent', 'sub_agent_1', 'root_agent', 'sub_agent_1'].flatMap((name) => [name, name]),
    ])
  })

  it('the default cap is 10 transfers per invocation, counted afresh each turn', async () => {
    const llm = new ScriptedLlm([
      ...Array.from({ length: 10 }, (_, index) => transfer(index % 2 === 0 ? 'sub_agent_1' : 'root_agent')),
      'settled',
      ...Array.from({ length: 12 }, (_, index) => transfer(index % 2 === 0 ? 'sub_agent_1' : 'root_agent')),
    ])
    const root = new LlmAgent({ name: 'root_agent', model: llm, subAgents: [new LlmAgent({ name: 'sub_agent_1' })] })
    const harness = await createHarness(root)
    expect(simplify(await harness.run('test1')).at(-1)).toEqual(['root_agent', 'settled'])
    await expect(harness.run('test2')).rejects.toThrow(MaxTurnsError)
    expect(llm.requests).toHaveLength(11 + 11)
  })
})

describe('agent selection for a new turn (spec 10.9 #88–89)', () => {
  const sessionOf = (events: Event[]): Session => ({
    id: 's',
    appName: 'a',
    userId: 'u',
    state: {},
    events,
    lastUpdateTime: 0,
  })
  const textBy = (author: string) => createEvent({ author, content: { role: 'model', parts: [{ text: 'x' }] } })
  const callBy = (author: string, id: string) =>
    createEvent({ author, content: { role: 'model', parts: [{ functionCall: { id, name: 'f', args: {} } }] } })
  const userResponse = (id: string) =>
    createEvent({
      author: 'user',
      content: { role: 'user', parts: [{ functionResponse: { id, name: 'f', response: {} } }] },
    })

  function selectionTree() {
    const subAgent1 = new LlmAgent({ name: 'sub_agent1' })
    const subAgent2 = new LlmAgent({ name: 'sub_agent2' })
    const nonTransferable = new LlmAgent({ name: 'non_transferable', disallowTransferToParent: true })
    const root = new LlmAgent({
      name: 'root',
      model: new ScriptedLlm([]),
      subAgents: [subAgent1, subAgent2, nonTransferable],
    })
    return { root, subAgent1, subAgent2 }
  }

  it('#88 function responses route to the caller; otherwise the latest transferable author; else the root', () => {
    const { root, subAgent1, subAgent2 } = selectionTree()
    const pick = (events: Event[]): BaseAgent => findAgentToRun(sessionOf(events), root)
    expect(pick([callBy('sub_agent1', 'func_123'), userResponse('func_123')])).toBe(subAgent1)
    expect(pick([createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'Hello' }] } })])).toBe(root)
    expect(pick([textBy('root')])).toBe(root)
    expect(pick([textBy('sub_agent1')])).toBe(subAgent1)
    expect(pick([textBy('non_transferable')])).toBe(root)
    expect(pick([textBy('unknown_agent'), textBy('root')])).toBe(root)
    expect(pick([textBy('root'), textBy('unknown_agent')])).toBe(root)
    expect(pick([callBy('sub_agent2', 'c2'), textBy('root'), userResponse('c2')])).toBe(subAgent2)
    expect(pick([textBy('sub_agent2'), textBy('non_transferable')])).toBe(subAgent2)
    expect(pick([])).toBe(root)
  })

  it('#89 isRoutableLlmAgent: an LlmAgent chain without disallowTransferToParent', () => {
    const deep = new LlmAgent({ name: 'deep' })
    const middle = new LlmAgent({ name: 'middle', subAgents: [deep] })
    new LlmAgent({ name: 'top', subAgents: [middle] })
    expect(isRoutableLlmAgent(deep)).toBe(true)
    const blockedChild = new LlmAgent({ name: 'blocked_child' })
    new LlmAgent({ name: 'blocked', disallowTransferToParent: true, subAgents: [blockedChild] })
    expect(isRoutableLlmAgent(blockedChild)).toBe(false)
    const underSequence = new LlmAgent({ name: 'under_sequence' })
    new SequentialAgent({ name: 'seq', subAgents: [underSequence] })
    expect(isRoutableLlmAgent(underSequence)).toBe(false)
    expect(isRoutableLlmAgent(new SequentialAgent({ name: 'alone' }))).toBe(false)
  })
})
