import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { LlmAgent } from '../agents/llm-agent.js'
import { SequentialAgent } from '../agents/sequential-agent.js'
import { BaseAgent } from '../agents/base-agent.js'
import type { InvocationContext } from '../agents/invocation-context.js'
import { createEvent, type Event } from '../events/event.js'
import { FunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { listPendingInterrupts } from './pending-interrupts.js'
import { answerInterrupts } from './answer-interrupts.js'
import {
  APP,
  USER,
  collect,
  confirmationAnswer,
  newSession,
  resumableRunner,
  texts,
  userText,
} from './resume.test-helper.js'

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
      newMessage: confirmationAnswer(pending[0]?.id, true),
    })
    expect(texts(second)).toEqual(['payer: Refunded 30.', 'notify: Customer notified.'])
    expect(refund).toHaveBeenCalledTimes(1)
    expect(lookup.requests).toHaveLength(1)
    expect(payer.requests).toHaveLength(2)
    expect(notify.requests).toHaveLength(1)
    // The resumed run is the same invocation.
    expect(new Set(second.map((event) => event.invocationId))).toEqual(new Set([first[0]?.invocationId]))
    expect(await listPendingInterrupts(service, { appName: APP, userId: USER, sessionId })).toEqual([])

    // The same answer sent again runs nothing (an approval is used once).
    const repeated = await collect(resumableRunner(agent, service), {
      sessionId,
      newMessage: confirmationAnswer(pending[0]?.id, true),
    })
    expect(repeated).toEqual([])
    expect(refund).toHaveBeenCalledTimes(1)

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
      newMessage: confirmationAnswer(pending?.id, true),
    })
    expect(texts(second)).toEqual(['payer: Refunded 30.'])
    expect(refund).toHaveBeenCalledTimes(1)
    expect(notify.requests).toHaveLength(1)
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

  it('agents that are not LLM agents and ran before the pause are not run again, even when they wrote no event', async () => {
    const runs = { silent: 0, writer: 0 }
    class Silent extends BaseAgent {
      protected async *runAsyncImpl(): AsyncGenerator<Event, void, undefined> {
        runs.silent++
      }
    }
    class Writer extends BaseAgent {
      protected async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
        runs.writer++
        yield createEvent({
          invocationId: ctx.invocationId,
          author: this.name,
          actions: { stateDelta: { seen: runs.writer } },
        })
      }
    }
    const refund = vi.fn(() => ({ ok: true }))
    const payer = new LlmAgent({
      name: 'payer',
      model: new ScriptedLlm([call('refund', {}, 'c1'), 'Refunded.']),
      tools: [
        new FunctionTool({ name: 'refund', description: 'Refunds.', execute: refund, requireConfirmation: true }),
      ],
    })
    const agent = new SequentialAgent({
      name: 'outer',
      subAgents: [new Silent({ name: 'silent' }), new Writer({ name: 'writer' }), payer, new Writer({ name: 'after' })],
    })
    const { service, sessionId } = await newSession()
    await collect(resumableRunner(agent, service), { sessionId, newMessage: userText('go') })
    expect(runs).toEqual({ silent: 1, writer: 1 })
    const [pending] = await listPendingInterrupts(service, { appName: APP, userId: USER, sessionId })
    const resumed = await collect(resumableRunner(agent, service), {
      sessionId,
      newMessage: confirmationAnswer(pending?.id, true),
    })
    expect(runs).toEqual({ silent: 1, writer: 2 })
    expect(resumed.map((event) => event.author)).toEqual(['payer', 'payer', 'after'])
    expect(refund).toHaveBeenCalledTimes(1)
  })
})
