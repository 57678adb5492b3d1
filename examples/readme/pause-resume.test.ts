// The code of docs/pause-and-resume.md and the README's "Pause for a human" section, run by this test (a sentence of
// the page is a promise: the assertions below keep it true). `pnpm readme` copies the regions into the pages.
import { rm } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import {
  App,
  FunctionTool,
  InMemorySessionService,
  LlmAgent,
  RequestInput,
  Runner,
  SequentialAgent,
  answerInterrupts,
  listPendingInterrupts,
  type Content,
  type Event,
} from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { Agent, RunPausedError, T, resumeWith } from '@adk-fluent/fluent'
import { openSessionService } from '@adk-fluent/sessions'

const payments = { refund: vi.fn((order: number) => ({ refunded: order })) }

function deskAgent(model: ScriptedLlm) {
  // #region approval
  const refund = ({ order }: { order: number }) => payments.refund(order)
  const desk = Agent('desk', model)
    .instruct('Refund orders when asked.')
    .tools(T.confirm(T.fn(refund, { parameters: z.object({ order: z.number() }) }), { hint: 'Refund this order?' }))
  // #endregion approval
  return desk
}

describe('pause and resume, as the docs show it', () => {
  it('approval: .ask() rejects with RunPausedError, resume() answers by id', async () => {
    payments.refund.mockClear()
    const desk = deskAgent(new ScriptedLlm([call('refund', { order: 42 }), 'Order 42 is refunded.']))
    const lines: string[] = []
    const log = (...parts: unknown[]) => lines.push(parts.map((part) => JSON.stringify(part)).join(' '))
    // #region ask
    try {
      log(await desk.ask('Refund order 42'))
    } catch (error) {
      if (!RunPausedError.isInstance(error)) throw error
      const [approval] = error.interrupts // { id, kind: 'confirmation', tool: 'refund', args: { order: 42 }, message, … }
      log(approval?.kind, approval?.tool, approval?.args)
      log(await error.resume({ [approval!.id]: true })) // true approves, false refuses, or { confirmed, payload }
    }
    // #endregion ask
    expect(lines).toEqual(['"confirmation" "refund" {"order":42}', '"Order 42 is refunded."'])
    expect(payments.refund).toHaveBeenCalledTimes(1)
  })

  it('another process answers the stored pause with resumeWith', async () => {
    payments.refund.mockClear()
    const model = new ScriptedLlm([call('refund', { order: 7 }), 'Order 7 is refunded.'])
    const desk = deskAgent(model)
    const file = `.adk/pause-${randomUUID()}.db`
    const ticket = 'ticket-7'
    const sessions = openSessionService(`sqlite:${file}`)
    const paused = await desk.ask('Refund order 7', { sessionService: sessions, sessionId: ticket }).catch((e) => e)
    expect(RunPausedError.isInstance(paused)).toBe(true)
    await sessions.close()
    // #region other-process
    // Another process, later: the session's inbox, answered by id.
    const store = openSessionService(`sqlite:${file}`)
    const inbox = await listPendingInterrupts(store, { appName: 'desk', userId: 'user', sessionId: ticket })
    const answer = await desk.ask(resumeWith({ [inbox[0]!.id]: true }), { sessionService: store, sessionId: ticket })
    // #endregion other-process
    expect(answer).toBe('Order 7 is refunded.')
    expect(payments.refund).toHaveBeenCalledTimes(1)
    await store.close()
    await rm(file, { force: true })
  })

  it('a tool that asks for input; the reply is checked against its schema', async () => {
    // #region request-input
    const askAmount = new FunctionTool({
      name: 'ask_amount',
      description: 'Asks the user how much to refund.',
      execute: () =>
        new RequestInput({ message: 'How much should we refund?', responseSchema: z.object({ amount: z.number() }) }),
    })
    // #endregion request-input
    const clerk = Agent('clerk', new ScriptedLlm([call('ask_amount', {}), 'Refunding 12.'])).tool(askAmount)
    const error = (await clerk.ask('refund ann').catch((e: unknown) => e)) as RunPausedError
    const [question] = error.interrupts
    expect(question).toMatchObject({ kind: 'input', message: 'How much should we refund?', tool: 'ask_amount' })
    await expect(error.resume({ [question!.id]: { amount: 'ten' } })).rejects.toMatchObject({
      code: 'INTERRUPT_ANSWER_INVALID',
    })
    expect(await error.resume({ [question!.id]: { amount: 12 } })).toBe('Refunding 12.')
  })

  it('core: an App with resumability, the inbox, answerInterrupts and a resume by invocation', async () => {
    const sent = vi.fn(() => ({ sent: true }))
    const rootAgent = new SequentialAgent({
      name: 'payments',
      subAgents: [
        new LlmAgent({
          name: 'payer',
          model: new ScriptedLlm([call('send', { amount: 5 }), 'Sent.']),
          tools: [
            new FunctionTool({
              name: 'send',
              description: 'Sends money.',
              parameters: z.object({ amount: z.number() }),
              execute: sent,
              requireConfirmation: ({ amount }) => amount > 1,
            }),
          ],
        }),
        new LlmAgent({ name: 'notifier', model: new ScriptedLlm(['Receipt mailed.']) }),
      ],
    })
    const sessionService = new InMemorySessionService()
    const userId = 'u1'
    const { id: sessionId } = await sessionService.createSession({ appName: 'payments', userId })
    const newMessage: Content = { role: 'user', parts: [{ text: 'Send 5 to Ann' }] }
    const seen: Event[] = []
    // #region core
    const app = new App({ name: 'payments', rootAgent, resumabilityConfig: { isResumable: true } })
    const runner = new Runner({ app, sessionService })
    for await (const event of runner.runAsync({ userId, sessionId, newMessage })) seen.push(event) // pauses

    // Any process reading the same store: the pending interrupts, answered by id (one by one or together).
    const [pending] = await listPendingInterrupts(sessionService, { appName: 'payments', userId, sessionId })
    for await (const event of answerInterrupts(runner, { userId, sessionId, answers: { [pending!.id]: true } }))
      seen.push(event) // the payer goes on, then the notifier: finished agents are not run again
    // #endregion core
    expect(seen.map((event) => event.content?.parts?.[0]?.text).filter(Boolean)).toEqual(['Sent.', 'Receipt mailed.'])
    expect(sent).toHaveBeenCalledTimes(1)
    const invocationId = seen[0]!.invocationId
    // #region resume-invocation
    // After a crash: resume the invocation from its last stored event (no new message).
    for await (const event of runner.runAsync({ userId, sessionId, invocationId })) seen.push(event)
    // #endregion resume-invocation
    expect(sent).toHaveBeenCalledTimes(1)
  })
})
