import { describe, expect, it } from 'vitest'
import { BaseAgent } from '../agents/base-agent.js'
import { Context } from '../agents/context.js'
import { InvocationContext } from '../agents/invocation-context.js'
import type { Event } from '../events/event.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import {
  TRANSFER_TO_AGENT_TOOL_NAME,
  TransferToAgentTool,
  buildTransferInstruction,
  createTransferToAgentTool,
} from './transfer-to-agent-tool.js'

class QuietAgent extends BaseAgent {
  protected async *runAsyncImpl(): AsyncGenerator<Event, void, undefined> {}
}

async function toolContext(): Promise<Context> {
  const sessionService = new InMemorySessionService()
  const session = await sessionService.createSession({ appName: 'app', userId: 'user' })
  const agent = new QuietAgent({ name: 'dispatcher' })
  return new Context({
    invocationContext: new InvocationContext({ invocationId: 'e-1', agent, session, sessionService }),
    functionCallId: 'c1',
  })
}

describe('transfer_to_agent tool', () => {
  const tool = createTransferToAgentTool(['billing', 'sales'])

  it('declares one required string parameter agent_name', () => {
    expect(tool).toBeInstanceOf(TransferToAgentTool)
    expect(tool.name).toBe(TRANSFER_TO_AGENT_TOOL_NAME)
    expect(tool.getDeclaration()).toEqual({
      name: 'transfer_to_agent',
      description:
        'Transfer the question to another agent. This tool hands off control to another agent when it is more suitable to answer the user question according to the agent description.',
      parameters: { type: 'OBJECT', properties: { agent_name: { type: 'STRING' } }, required: ['agent_name'] },
    })
  })

  it('queues the transfer and returns null for agent_name and for agentName', async () => {
    const snake = await toolContext()
    expect(await tool.runAsync({ args: { agent_name: 'billing' }, toolContext: snake })).toBeNull()
    expect(snake.actions.transferToAgent).toBe('billing')
    const camel = await toolContext()
    expect(await tool.runAsync({ args: { agentName: 'sales' }, toolContext: camel })).toBeNull()
    expect(camel.actions.transferToAgent).toBe('sales')
  })

  it('answers an unknown agent with an error and no transfer', async () => {
    const context = await toolContext()
    expect(await tool.runAsync({ args: { agent_name: 'support' }, toolContext: context })).toEqual({
      error: "Unknown agent 'support'. Transfer targets: billing, sales.",
    })
    expect(context.actions.transferToAgent).toBeUndefined()
  })

  it('answers a missing name with an error and no transfer', async () => {
    const context = await toolContext()
    expect(await tool.runAsync({ args: {}, toolContext: context })).toEqual({
      error: "Missing 'agent_name': name the agent to transfer to. Transfer targets: billing, sales.",
    })
    expect(context.actions.transferToAgent).toBeUndefined()
  })

  it('keeps its own frozen copy of the targets', () => {
    const names = ['a']
    const own = createTransferToAgentTool(names)
    names.push('b')
    expect(own.targetNames).toEqual(['a'])
    expect(Object.isFrozen(own.targetNames)).toBe(true)
  })
})

describe('buildTransferInstruction', () => {
  it('renders the spec 3.10 text exactly for one target without a parent', () => {
    // The instruction text as ADK sends it (JSON-escaped), see docs/runtime-behaviour.md.
    const expected = JSON.parse(
      '"\\nYou have a list of other agents to transfer to:\\n\\n\\nAgent name: sub\\nAgent description: d\\n\\n\\nIf you are the best to answer the question according to your description, you\\ncan answer it.\\n\\nIf another agent is better for answering the question according to its\\ndescription, call `transfer_to_agent` function to transfer the\\nquestion to that agent. When transferring, do not generate any text other than\\nthe function call.\\n"',
    ) as string
    expect(buildTransferInstruction([{ name: 'sub', description: 'd' }])).toBe(expected)
  })

  it('separates targets by two empty lines, renders empty descriptions and appends the parent sentence', () => {
    const text = buildTransferInstruction(
      [
        { name: 'billing', description: 'Handles invoices.' },
        { name: 'sales', description: '' },
      ],
      { name: 'root' },
    )
    expect(text).toBe(
      '\nYou have a list of other agents to transfer to:\n\n' +
        '\nAgent name: billing\nAgent description: Handles invoices.\n' +
        '\n' +
        '\nAgent name: sales\nAgent description: \n' +
        '\n\nIf you are the best to answer the question according to your description, you\ncan answer it.\n\n' +
        'If another agent is better for answering the question according to its\n' +
        'description, call `transfer_to_agent` function to transfer the\n' +
        'question to that agent. When transferring, do not generate any text other than\nthe function call.\n' +
        '\nYour parent agent is root. If neither the other agents nor\n' +
        'you are best for answering the question according to the descriptions, transfer\n' +
        'to your parent agent.\n',
    )
    expect(text).toContain('Agent description: Handles invoices.\n\n\nAgent name: sales')
  })
})
