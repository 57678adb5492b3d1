import { describe, expect, it } from 'vitest'
import { FunctionTool, InMemorySessionService, LlmAgent, Runner } from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { answerRun } from './durable-answers.js'

async function pausedSession() {
  const pay = new FunctionTool({ name: 'pay', description: 'Pays.', requireConfirmation: true, execute: () => 'ok' })
  const agent = new LlmAgent({
    name: 'desk',
    tools: [pay],
    model: new ScriptedLlm([
      call([
        ['pay', { to: 'ann' }, 'c1'],
        ['pay', { to: 'bob' }, 'c2'],
      ]),
    ]),
  })
  const service = new InMemorySessionService()
  const { id: sessionId } = await service.createSession({ appName: 'app', userId: 'u' })
  const runner = new Runner({ appName: 'app', agent, sessionService: service })
  for await (const _ of runner.runAsync({
    userId: 'u',
    sessionId,
    newMessage: { role: 'user', parts: [{ text: 'pay' }] },
  }))
    void _
  const events = (await service.getSession({ appName: 'app', userId: 'u', sessionId }))?.events ?? []
  const ids = events.flatMap((event) =>
    (event.content?.parts ?? []).flatMap((part) =>
      part.functionCall?.name === 'adk_request_confirmation' ? [part.functionCall.id as string] : [],
    ),
  )
  return { service, sessionId, ids }
}

describe('answerRun (what DurableClient.answerInterrupts enqueues)', () => {
  it("the run's id comes from the session and the answered ids: the same answers (in any order) are one run, other ids another", async () => {
    const { service, sessionId, ids } = await pausedSession()
    const [ann, bob] = ids as [string, string]
    const request = (answers: Record<string, unknown>) => answerRun(service, 'app', { userId: 'u', sessionId, answers })
    const both = await request({ [ann]: true, [bob]: false })
    expect((await request({ [bob]: false, [ann]: true })).runId).toBe(both.runId)
    expect((await request({ [ann]: true })).runId).not.toBe(both.runId)
    expect(both.runId).toMatch(/^answer-[0-9a-f]{32}$/)
    // The message the paused invocation expects: one confirmation response per answer, in the inbox's order.
    expect(both.newMessage.parts?.map((part) => [part.functionResponse?.id, part.functionResponse?.response])).toEqual([
      [ann, { confirmed: true }],
      [bob, { confirmed: false }],
    ])
    expect(
      (await answerRun(service, 'app', { userId: 'u', sessionId, answers: { [ann]: true }, runId: 'mine' })).runId,
    ).toBe('mine')
  })

  it('answers that cannot be used are refused before anything is enqueued, naming each problem', async () => {
    const { service, sessionId, ids } = await pausedSession()
    const error = await answerRun(service, 'app', {
      userId: 'u',
      sessionId,
      answers: { [ids[0]!]: 'yes', nope: true },
    }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'INTERRUPT_ANSWER_INVALID' })
    expect(String((error as Error).message)).toContain('"nope" is not a pending interrupt')
  })
})
