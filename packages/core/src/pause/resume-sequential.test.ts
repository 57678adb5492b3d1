import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { LlmAgent } from '../agents/llm-agent.js'
import { SequentialAgent } from '../agents/sequential-agent.js'
import { FunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { listPendingInterrupts } from './pending-interrupts.js'
import { answerInterrupts } from './answer-interrupts.js'
import { APP, USER, collect, newSession, resumableRunner, texts, userText } from './resume.test-helper.js'

function refundPipeline() {
  const refund = vi.fn(({ amount }: { amount: number }) => ({ refunded: amount }))
  const tool = new FunctionTool({
    name: 'refund',
    description: 'Refunds an order.',
    parameters: z.object({ amount: z.number() }),
    execute: refund,
    requireConfirmation: true,
  })
  const lookup = new ScriptedLlm(['Order 42 costs 30.'])
  const payer = new ScriptedLlm([call('refund', { amount: 30 }, 'c1'), 'Refunded 30.'])
  const notify = new ScriptedLlm(['Customer notified.'])
  const agent = new SequentialAgent({
    name: 'refund_flow',
    subAgents: [
      new LlmAgent({ name: 'lookup', model: lookup }),
      new LlmAgent({ name: 'payer', model: payer, tools: [tool] }),
      new LlmAgent({ name: 'notify', model: notify }),
    ],
  })
  return { agent, refund, lookup, payer, notify }
}

describe('resumable runs: a pause in a sequence', () => {
  it('stops the sequence at the pause; the answer resumes it in a new runner without running finished agents again', async () => {
    const { agent, refund, lookup, payer, notify } = refundPipeline()
    const { service, sessionId } = await newSession()
    const first = await collect(resumableRunner(agent, service), { sessionId, newMessage: userText('Refund order 42') })
    expect(texts(first)).toEqual(['lookup: Order 42 costs 30.'])
    expect(notify.requests).toHaveLength(0)
    expect(refund).not.toHaveBeenCalled()
    const pending = await listPendingInterrupts(service, { appName: APP, userId: USER, sessionId })
    expect(pending).toHaveLength(1)
    expect(pending[0]).toMatchObject({
      kind: 'confirmation',
      tool: 'refund',
      args: { amount: 30 },
      functionCallId: 'c1',
      agent: 'payer',
      invocationId: first[0]?.invocationId,
    })

    // A second runner (another process) answers.
    const second = await collect(resumableRunner(agent, service), {
      sessionId,
      newMessage: {
        role: 'user',
        parts: [
          { functionResponse: { id: pending[0]?.id, name: 'adk_request_confirmation', response: { confirmed: true } } },
        ],
      },
    })
    expect(texts(second)).toEqual(['payer: Refunded 30.', 'notify: Customer notified.'])
    expect(refund).toHaveBeenCalledTimes(1)
    expect(lookup.requests).toHaveLength(1)
    expect(payer.requests).toHaveLength(2)
    expect(notify.requests).toHaveLength(1)
    // The resumed run is the same invocation; every agent recorded its end.
    expect(new Set(second.map((event) => event.invocationId))).toEqual(new Set([first[0]?.invocationId]))
    expect(second.filter((event) => event.actions.endOfAgent).map((event) => event.author)).toEqual([
      'payer',
      'notify',
      'refund_flow',
    ])
    expect(await listPendingInterrupts(service, { appName: APP, userId: USER, sessionId })).toEqual([])

    // Resuming the finished invocation again runs nothing.
    const again = await collect(resumableRunner(agent, service), {
      sessionId,
      invocationId: first[0]?.invocationId as string,
    })
    expect(again).toEqual([])
    expect(refund).toHaveBeenCalledTimes(1)
  })

  it('without resumability the answer resumes only the agent that paused (ADK), and the rest already ran', async () => {
    const { agent, refund, notify } = refundPipeline()
    const { service, sessionId } = await newSession()
    const first = await collect(resumableRunner(agent, service, false), { sessionId, newMessage: userText('Refund') })
    expect(texts(first)).toEqual(['lookup: Order 42 costs 30.', 'notify: Customer notified.'])
    const [pending] = await listPendingInterrupts(service, { appName: APP, userId: USER, sessionId })
    const second = await collect(resumableRunner(agent, service, false), {
      sessionId,
      newMessage: {
        role: 'user',
        parts: [
          { functionResponse: { id: pending?.id, name: 'adk_request_confirmation', response: { confirmed: true } } },
        ],
      },
    })
    expect(texts(second)).toEqual(['payer: Refunded 30.'])
    expect(refund).toHaveBeenCalledTimes(1)
    expect(notify.requests).toHaveLength(1)
    expect(second.some((event) => event.actions.endOfAgent)).toBe(false)
  })

  it('answerInterrupts answers by id: a refusal reaches the model and the tool never runs', async () => {
    const { agent, refund, payer } = refundPipeline()
    const { service, sessionId } = await newSession()
    await collect(resumableRunner(agent, service), { sessionId, newMessage: userText('Refund') })
    const [pending] = await listPendingInterrupts(service, { appName: APP, userId: USER, sessionId })
    const events = []
    for await (const event of answerInterrupts(resumableRunner(agent, service), {
      userId: USER,
      sessionId,
      answers: { [pending?.id as string]: false },
    }))
      events.push(event)
    expect(refund).not.toHaveBeenCalled()
    const lastRequest = payer.requests.at(-1)
    const response = lastRequest?.contents.at(-1)?.parts?.[0]?.functionResponse
    expect(response).toMatchObject({ name: 'refund', response: { error: 'This tool call is rejected.' } })
    expect(texts(events)).toEqual(['payer: Refunded 30.', 'notify: Customer notified.'])
  })
})
