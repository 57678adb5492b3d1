import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { LlmAgent } from '../agents/llm-agent.js'
import { FunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { listPendingInterrupts } from './pending-interrupts.js'
import { answerInterrupts } from './answer-interrupts.js'
import { APP, USER, collect, newSession, resumableRunner, userText } from './resume.test-helper.js'
import type { Event } from '../events/event.js'
import type { Runner } from '../runner/runner.js'

function payments() {
  const paid = vi.fn(({ to }: { to: string }) => ({ paid: to }))
  const lookups = vi.fn(() => ({ balance: 100 }))
  const pay = new FunctionTool({
    name: 'pay',
    description: 'Pays someone.',
    parameters: z.object({ to: z.string() }),
    execute: paid,
    requireConfirmation: true,
  })
  const balance = new FunctionTool({ name: 'balance', description: 'The balance.', execute: lookups })
  const llm = new ScriptedLlm([
    call([
      ['pay', { to: 'ann' }, 'p1'],
      ['balance', {}, 'b1'],
      ['pay', { to: 'bob' }, 'p2'],
      ['pay', { to: 'cyd' }, 'p3'],
    ]),
    'Paid ann and cyd; bob was refused.',
  ])
  const agent = new LlmAgent({ name: 'treasurer', model: llm, tools: [pay, balance] })
  return { agent, llm, paid, lookups }
}

async function drain(events: AsyncGenerator<Event, void, undefined>): Promise<Event[]> {
  const list: Event[] = []
  for await (const event of events) list.push(event)
  return list
}

function answer(runner: Runner, sessionId: string, answers: Record<string, unknown>) {
  return drain(answerInterrupts(runner, { userId: USER, sessionId, answers }))
}

describe.each([
  ['resumable', true],
  ['not resumable', false],
])('three parallel calls needing approval (%s)', (_, resumable) => {
  it('a new runner approves two and refuses one together: the run completes, the refusal reaches the model, no sibling result is lost', async () => {
    const { agent, llm, paid, lookups } = payments()
    const { service, sessionId } = await newSession()
    await collect(resumableRunner(agent, service, resumable), { sessionId, newMessage: userText('Pay ann, bob, cyd') })
    expect(paid).not.toHaveBeenCalled()
    expect(lookups).toHaveBeenCalledTimes(1)
    // The first runner is gone; another one reads the inbox.
    const pending = await listPendingInterrupts(service, { appName: APP, userId: USER, sessionId })
    expect(pending.map((item) => [item.kind, item.tool, item.args])).toEqual([
      ['confirmation', 'pay', { to: 'ann' }],
      ['confirmation', 'pay', { to: 'bob' }],
      ['confirmation', 'pay', { to: 'cyd' }],
    ])
    const byTarget = Object.fromEntries(pending.map((item) => [item.args?.['to'], item.id]))
    const events = await answer(resumableRunner(agent, service, resumable), sessionId, {
      [byTarget['ann'] as string]: true,
      [byTarget['bob'] as string]: false,
      [byTarget['cyd'] as string]: { confirmed: true, payload: { note: 'ok' } },
    })
    expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('Paid ann and cyd; bob was refused.')
    expect(paid.mock.calls.map(([args]) => args.to).sort()).toEqual(['ann', 'cyd'])
    expect(lookups).toHaveBeenCalledTimes(1)
    // The model's second request pairs every call of its step with a response, the refusal included.
    const responses = (llm.requests[1]?.contents.at(-1)?.parts ?? []).map((part) => [
      part.functionResponse?.name,
      part.functionResponse?.response,
    ])
    // (in the order the responses were stored: the sibling's first, then the answered calls)
    expect(responses).toEqual([
      ['balance', { balance: 100 }],
      ['pay', { paid: 'ann' }],
      ['pay', { error: 'This tool call is rejected.' }],
      ['pay', { paid: 'cyd' }],
    ])
    expect(await listPendingInterrupts(service, { appName: APP, userId: USER, sessionId })).toEqual([])
  })

  it('answers one at a time: the run stays paused (no model call) until the last one, and nothing runs twice', async () => {
    const { agent, llm, paid } = payments()
    const { service, sessionId } = await newSession()
    await collect(resumableRunner(agent, service, resumable), { sessionId, newMessage: userText('Pay') })
    const pending = await listPendingInterrupts(service, { appName: APP, userId: USER, sessionId })
    const [ann, bob, cyd] = pending.map((item) => item.id) as [string, string, string]
    await answer(resumableRunner(agent, service, resumable), sessionId, { [ann]: true })
    expect(paid).toHaveBeenCalledTimes(1)
    expect(llm.requests).toHaveLength(1)
    expect(
      (await listPendingInterrupts(service, { appName: APP, userId: USER, sessionId })).map((item) => item.id),
    ).toEqual([bob, cyd])
    await answer(resumableRunner(agent, service, resumable), sessionId, { [bob]: false })
    expect(llm.requests).toHaveLength(1)
    await answer(resumableRunner(agent, service, resumable), sessionId, { [cyd]: true })
    expect(llm.requests).toHaveLength(2)
    expect(paid.mock.calls.map(([args]) => args.to)).toEqual(['ann', 'cyd'])
    const responses = (llm.requests[1]?.contents.at(-1)?.parts ?? []).map((part) => part.functionResponse?.id)
    expect(responses).toEqual(['b1', 'p1', 'p2', 'p3'])
  })
})

describe('answers that cannot be used', () => {
  it('are refused all at once before anything is stored', async () => {
    const { agent } = payments()
    const { service, sessionId } = await newSession()
    await collect(resumableRunner(agent, service), { sessionId, newMessage: userText('Pay') })
    const before = (await service.getSession({ appName: APP, userId: USER, sessionId }))?.events.length
    const [first] = await listPendingInterrupts(service, { appName: APP, userId: USER, sessionId })
    const error = await answer(resumableRunner(agent, service), sessionId, {
      [first?.id as string]: 'yes',
      nope: true,
    }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'INTERRUPT_ANSWER_INVALID' })
    expect(String((error as Error).message)).toContain('"nope" is not a pending interrupt')
    expect(String((error as Error).message)).toContain('a confirmation is answered with true, false or { confirmed')
    expect((await service.getSession({ appName: APP, userId: USER, sessionId }))?.events.length).toBe(before)
  })
})
