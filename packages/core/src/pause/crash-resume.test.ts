import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { LlmAgent } from '../agents/llm-agent.js'
import { SequentialAgent } from '../agents/sequential-agent.js'
import { FunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { getFunctionResponses, type Event } from '../events/event.js'
import { listPendingInterrupts } from './pending-interrupts.js'
import {
  APP,
  USER,
  collect,
  confirmationAnswer,
  dyingAt,
  newSession,
  resumableRunner,
  texts,
  userText,
} from './resume.test-helper.js'

const respondsTo = (name: string) => (event: Event) =>
  getFunctionResponses(event).some((response) => response.name === name)

function approvedRefund(replies: string[] = ['Refunded 5.']) {
  const keys: (string | undefined)[] = []
  const refund = vi.fn(({ amount }: { amount: number }, context: { idempotencyKey: string | undefined }) => {
    keys.push(context.idempotencyKey)
    return { refunded: amount }
  })
  const tool = new FunctionTool({
    name: 'refund',
    description: 'Refunds.',
    parameters: z.object({ amount: z.number() }),
    execute: refund,
    requireConfirmation: true,
  })
  const llm = new ScriptedLlm([call('refund', { amount: 5 }, 'c1'), ...replies])
  return { agent: new LlmAgent({ name: 'payer', model: llm, tools: [tool] }), refund, llm, keys }
}

async function approve(service: Parameters<typeof resumableRunner>[1], agent: LlmAgent, sessionId: string) {
  const [pending] = await listPendingInterrupts(service, { appName: APP, userId: USER, sessionId })
  return collect(resumableRunner(agent, service), {
    sessionId,
    newMessage: confirmationAnswer(pending?.id, true),
  })
}

describe('resume after a crash (the plain Runner is at least once)', () => {
  it('an approved tool that ran but whose result was not stored runs again on resume, with the same idempotency key', async () => {
    const { agent, refund, llm, keys } = approvedRefund()
    const { service, sessionId } = await newSession()
    const first = await collect(resumableRunner(agent, service), { sessionId, newMessage: userText('Refund') })
    const invocationId = first[0]?.invocationId as string
    // The process dies after the tool ran, before its result was stored.
    const crashed = await approve(dyingAt(service, respondsTo('refund')), agent, sessionId)
    expect(crashed.at(-1)?.errorCode).toBe('SESSION_STORE_FAILED')
    expect(refund).toHaveBeenCalledTimes(1)
    const resumed = await collect(resumableRunner(agent, service), { sessionId, invocationId })
    expect(refund).toHaveBeenCalledTimes(2)
    expect(keys).toEqual([`${invocationId}/c1`, `${invocationId}/c1`])
    expect(texts(resumed)).toEqual(['payer: Refunded 5.'])
    expect(llm.requests).toHaveLength(2)
  })

  it('a tool whose result was stored never runs again: the resume goes on from the model call', async () => {
    const { agent, refund, llm } = approvedRefund(['Refunded 5.', 'Refunded 5, said again.'])
    const { service, sessionId } = await newSession()
    const first = await collect(resumableRunner(agent, service), { sessionId, newMessage: userText('Refund') })
    // The process dies after the result was stored, before the model's answer was.
    const crashed = await approve(
      dyingAt(service, (event) => event.content?.parts?.[0]?.text !== undefined && event.author === 'payer'),
      agent,
      sessionId,
    )
    expect(crashed.at(-1)?.errorCode).toBe('SESSION_STORE_FAILED')
    const resumed = await collect(resumableRunner(agent, service), {
      sessionId,
      invocationId: first[0]?.invocationId as string,
    })
    expect(refund).toHaveBeenCalledTimes(1)
    expect(texts(resumed)).toEqual(['payer: Refunded 5, said again.'])
    // The model was asked again (its answer was lost with the process), with the one stored result.
    expect(llm.requests).toHaveLength(3)
    expect(llm.requests[2]?.contents.at(-1)?.parts?.[0]?.functionResponse?.response).toEqual({ refunded: 5 })
  })

  it('a sequence resumes after its last finished agent; agents that finished are not run again', async () => {
    const first = new ScriptedLlm(['one'])
    const second = new ScriptedLlm(['two', 'two again'])
    const third = new ScriptedLlm(['three (lost)', 'three'])
    const agent = new SequentialAgent({
      name: 'steps',
      subAgents: [
        new LlmAgent({ name: 'a', model: first }),
        new LlmAgent({ name: 'b', model: second }),
        new LlmAgent({ name: 'c', model: third }),
      ],
    })
    const { service, sessionId } = await newSession()
    const crashed = await collect(
      resumableRunner(
        agent,
        dyingAt(service, (event) => event.author === 'c'),
      ),
      {
        sessionId,
        newMessage: userText('go'),
      },
    )
    expect(texts(crashed)).toEqual(['a: one', 'b: two'])
    const resumed = await collect(resumableRunner(agent, service), {
      sessionId,
      invocationId: crashed[0]?.invocationId as string,
    })
    expect(texts(resumed)).toEqual(['c: three'])
    // c's answer died with the process: c is asked again, a and b are not.
    expect([first.requests.length, second.requests.length, third.requests.length]).toEqual([1, 1, 2])
  })

  it('the agent whose answer was the last event stored is not asked again; the next one runs', async () => {
    const first = new ScriptedLlm(['one'])
    const second = new ScriptedLlm(['two (lost)', 'two'])
    const agent = new SequentialAgent({
      name: 'steps',
      subAgents: [new LlmAgent({ name: 'a', model: first }), new LlmAgent({ name: 'b', model: second })],
    })
    const { service, sessionId } = await newSession()
    const crashed = await collect(
      resumableRunner(
        agent,
        dyingAt(service, (event) => event.author === 'b'),
      ),
      { sessionId, newMessage: userText('go') },
    )
    expect(texts(crashed)).toEqual(['a: one'])
    const resumed = await collect(resumableRunner(agent, service), {
      sessionId,
      invocationId: crashed[0]?.invocationId as string,
    })
    expect(texts(resumed)).toEqual(['b: two'])
    expect(first.requests).toHaveLength(1)
  })

  it('a failed model call ended the invocation: a resume asks that agent again and goes on', async () => {
    const first = new ScriptedLlm([new Error('quota exceeded'), 'one'])
    const second = new ScriptedLlm(['two'])
    const agent = new SequentialAgent({
      name: 'steps',
      subAgents: [new LlmAgent({ name: 'a', model: first }), new LlmAgent({ name: 'b', model: second })],
    })
    const { service, sessionId } = await newSession()
    const failed = await collect(resumableRunner(agent, service), { sessionId, newMessage: userText('go') })
    expect(failed.at(-1)?.errorCode).toBeDefined()
    expect(second.requests).toHaveLength(0)
    const resumed = await collect(resumableRunner(agent, service), {
      sessionId,
      invocationId: failed[0]?.invocationId as string,
    })
    expect(texts(resumed)).toEqual(['a: one', 'b: two'])
  })

  it('resuming needs a resumable runner, an invocation the session holds, or a new message', async () => {
    const { agent } = approvedRefund()
    const { service, sessionId } = await newSession()
    await expect(collect(resumableRunner(agent, service, false), { sessionId, invocationId: 'e-1' })).rejects.toThrow(
      /needs a resumable runner/,
    )
    await expect(collect(resumableRunner(agent, service), { sessionId, invocationId: 'e-missing' })).rejects.toThrow(
      /holds no invocation "e-missing"/,
    )
    await expect(collect(resumableRunner(agent, service), { sessionId })).rejects.toThrow(/needs a newMessage/)
  })
})
