import type { Content, FunctionCall } from '../models/genai-types.js'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { LlmAgent } from '../agents/llm-agent.js'
import type { Event } from '../events/event.js'
import { FunctionTool, confirmationHint } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import {
  createHarness,
  functionCallPart,
  functionResponsePart,
  simplify,
  simplifyContents,
} from '../testing/harness.test-helper.js'

function transferMoney(requireConfirmation: boolean | ((args: { amount: number }) => boolean) = true) {
  const execute = vi.fn(({ amount }: { amount: number }) => ({ sent: amount }))
  const tool = new FunctionTool({
    name: 'transfer_money',
    description: 'Sends money.',
    parameters: z.object({ amount: z.number() }),
    execute,
    requireConfirmation,
  })
  return { tool, execute }
}

function confirmationCall(event: Event | undefined): FunctionCall {
  const found = event?.content?.parts?.[0]?.functionCall
  if (!found) throw new Error('not a confirmation event')
  return found
}

const answer = (id: string, response: Record<string, unknown>): Content => ({
  role: 'user',
  parts: [{ functionResponse: { id, name: 'adk_request_confirmation', response } }],
})

describe('tool confirmation (spec 10.15)', () => {
  it('#126 the call pauses: a long-running adk_request_confirmation event, the tool does not run', async () => {
    const { tool, execute } = transferMoney()
    const llm = new ScriptedLlm([call('transfer_money', { amount: 100 }, 'c1'), 'never'])
    const events = await (
      await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [tool] }))
    ).run('pay')
    expect(events).toHaveLength(2)
    expect(events[0]?.content?.parts?.[0]?.functionCall).toEqual({
      id: 'c1',
      name: 'transfer_money',
      args: { amount: 100 },
    })
    const request = confirmationCall(events[1])
    expect(events[1]?.author).toBe('root_agent')
    expect(request.name).toBe('adk_request_confirmation')
    expect(request.id).toMatch(/^adk-/)
    expect(events[1]?.content?.parts).toHaveLength(1)
    expect(request.args).toEqual({
      originalFunctionCall: { id: 'c1', name: 'transfer_money', args: { amount: 100 } },
      toolConfirmation: { hint: confirmationHint('transfer_money'), confirmed: false },
    })
    expect(confirmationHint('transfer_money')).toBe(
      'Please approve or reject the tool call transfer_money() by responding with a FunctionResponse with an expected ToolConfirmation payload.',
    )
    expect(events[1]?.longRunningToolIds).toEqual([request.id])
    expect(execute).not.toHaveBeenCalled()
    expect(llm.requests).toHaveLength(1)
  })

  it('#127 a confirmation resumes the call once; the model sees the call and its response only', async () => {
    const { tool, execute } = transferMoney()
    const llm = new ScriptedLlm([call('transfer_money', { amount: 100 }, 'c1'), 'Sent 100.', 'Already sent.'])
    const harness = await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [tool] }))
    const turn1 = await harness.run('pay')
    const requestId = confirmationCall(turn1[1]).id as string
    const turn2 = await harness.run(answer(requestId, { confirmed: true }))
    expect(simplify(turn2)).toEqual([
      ['root_agent', functionResponsePart('transfer_money', { sent: 100 })],
      ['root_agent', 'Sent 100.'],
    ])
    expect(turn2[0]?.content?.parts?.[0]?.functionResponse?.id).toBe('c1')
    expect(execute).toHaveBeenCalledTimes(1)
    expect(simplifyContents(llm.requests[1]?.contents ?? [])).toEqual([
      ['user', 'pay'],
      ['model', functionCallPart('transfer_money', { amount: 100 })],
      ['user', functionResponsePart('transfer_money', { sent: 100 })],
    ])
    expect(llm.requests[1]?.contents[1]?.parts?.[0]?.functionCall?.id).toBe('c1')

    // The same confirmation sent again does not run the tool twice.
    const turn3 = await harness.run(answer(requestId, { confirmed: true }))
    expect(simplify(turn3)).toEqual([['root_agent', 'Already sent.']])
    expect(execute).toHaveBeenCalledTimes(1)
  })

  it('#128 a rejection answers the call with an error; the model then answers', async () => {
    const { tool, execute } = transferMoney()
    const llm = new ScriptedLlm([call('transfer_money', { amount: 100 }, 'c1'), 'Cancelled.'])
    const harness = await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [tool] }))
    const turn1 = await harness.run('pay')
    const turn2 = await harness.run(answer(confirmationCall(turn1[1]).id as string, { confirmed: false }))
    expect(simplify(turn2)).toEqual([
      ['root_agent', functionResponsePart('transfer_money', { error: 'This tool call is rejected.' })],
      ['root_agent', 'Cancelled.'],
    ])
    expect(execute).not.toHaveBeenCalled()
  })

  it('#129 a confirmation sent as {response: "<json>"} is accepted, payload included', async () => {
    let payload: unknown
    const tool = new FunctionTool({
      name: 'transfer_money',
      description: 'Sends money.',
      requireConfirmation: true,
      execute: (_args, context) => {
        payload = context.toolConfirmation?.payload
        return { ok: true }
      },
    })
    const llm = new ScriptedLlm([call('transfer_money', {}, 'c1'), 'Done.'])
    const harness = await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [tool] }))
    const turn1 = await harness.run('pay')
    const turn2 = await harness.run(
      answer(confirmationCall(turn1[1]).id as string, { response: '{"confirmed": true, "payload": {"limit": 5}}' }),
    )
    expect(simplify(turn2).map(([, content]) => content)).toEqual([
      functionResponsePart('transfer_money', { ok: true }),
      'Done.',
    ])
    expect(payload).toEqual({ limit: 5 })
  })

  it('only confirmed === true approves', async () => {
    const { tool, execute } = transferMoney()
    const llm = new ScriptedLlm([call('transfer_money', { amount: 1 }, 'c1'), 'No.'])
    const harness = await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [tool] }))
    const turn1 = await harness.run('pay')
    await harness.run(answer(confirmationCall(turn1[1]).id as string, { confirmed: 'yes' }))
    expect(execute).not.toHaveBeenCalled()
  })

  it('a conditional requirement pauses only the calls that need it; the others answer at once', async () => {
    const { tool, execute } = transferMoney(({ amount }) => amount > 50)
    const llm = new ScriptedLlm([
      call([
        ['transfer_money', { amount: 10 }, 'small'],
        ['transfer_money', { amount: 500 }, 'big'],
      ]),
      'Both sent.',
    ])
    const harness = await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [tool] }))
    const turn1 = await harness.run('pay twice')
    expect(turn1).toHaveLength(3)
    expect(turn1[1]?.content?.parts?.map((part) => part.functionResponse?.id)).toEqual(['small'])
    const request = confirmationCall(turn1[2])
    expect((request.args?.['originalFunctionCall'] as FunctionCall).id).toBe('big')
    expect(execute).toHaveBeenCalledTimes(1)

    const turn2 = await harness.run(answer(request.id as string, { confirmed: true }))
    expect(simplify(turn2).at(-1)).toEqual(['root_agent', 'Both sent.'])
    expect(execute).toHaveBeenCalledTimes(2)
    const contents = llm.requests[1]?.contents ?? []
    expect(contents).toHaveLength(3)
    expect(contents[2]?.parts?.map((part) => part.functionResponse?.id).sort()).toEqual(['big', 'small'])
  })

  it('a confirmation the agent never asked for is refused before it is stored (ADK ignores it)', async () => {
    const { tool, execute } = transferMoney()
    const llm = new ScriptedLlm(['Nothing to confirm.'])
    const harness = await createHarness(new LlmAgent({ name: 'root_agent', model: llm, tools: [tool] }))
    await expect(harness.run(answer('adk-unknown', { confirmed: true }))).rejects.toMatchObject({
      code: 'INTERRUPT_ANSWER_INVALID',
      interruptId: 'adk-unknown',
      message: expect.stringContaining('never asked'),
    })
    expect(execute).not.toHaveBeenCalled()
    expect(llm.requests).toHaveLength(0)
    expect((await harness.session()).events).toEqual([])
  })
})

describe('FunctionTool confirmation rule (ADK checkRequireConfirmation)', () => {
  it('reports its rule and evaluates the predicate on validated arguments', async () => {
    const seen: unknown[] = []
    const conditional = new FunctionTool({
      name: 'transfer_money',
      description: 'Sends money.',
      parameters: z.object({ amount: z.coerce.number() }),
      execute: () => ({}),
      requireConfirmation: (args) => {
        seen.push(args)
        return args.amount > 50
      },
    })
    const { tool: always } = transferMoney(true)
    const never = new FunctionTool({ name: 'free', description: 'Free.', execute: () => ({}) })
    expect([always.confirmationRule, conditional.confirmationRule, never.confirmationRule]).toEqual([
      'always',
      'conditional',
      'never',
    ])
    const context = {} as Parameters<typeof conditional.checkRequireConfirmation>[1]
    expect(await conditional.checkRequireConfirmation({ amount: '100' }, context)).toBe(true)
    expect(await conditional.checkRequireConfirmation({ amount: 10 }, context)).toBe(false)
    expect(seen).toEqual([{ amount: 100 }, { amount: 10 }])
    expect(await always.checkRequireConfirmation({}, context)).toBe(true)
    expect(await never.checkRequireConfirmation({}, context)).toBe(false)
  })
})
