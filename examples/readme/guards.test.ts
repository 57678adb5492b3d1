// docs/guards.md: the samples (type-checked) and the promises the page makes about them (run).
import { describe, expect, it } from 'vitest'
import { GuardViolationError, type Event } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent, G } from '@adk-fluent/fluent'

const sentTo = (model: ScriptedLlm) => JSON.stringify(model.requests.map((request) => request.contents))

async function failure(run: Promise<unknown>): Promise<unknown> {
  return run.then(
    () => undefined,
    (error: unknown) => error,
  )
}

describe('docs/guards.md', () => {
  it('G.pii() redacts what the model receives and what it answers, and notes it on the event', async () => {
    const model = new ScriptedLlm(['Thanks, I will write to ann@example.com.'])
    // #region pii
    const support = Agent('support', model).instruct('Help the customer.').guard(G.pii()) // every kind, on: 'both', action: 'redact'
    const events: Event[] = []
    for await (const event of support.events('I am ann@example.com, call me on +44 20 7946 0958.')) events.push(event)
    // The model received "I am [REDACTED:email], call me on [REDACTED:phone]."; the answer is redacted too:
    // "Thanks, I will write to [REDACTED:email]." The reply event notes both in customMetadata.guards.
    // #endregion pii
    expect(sentTo(model)).toContain('I am [REDACTED:email], call me on [REDACTED:phone].')
    const reply = events.at(-1)
    expect(reply?.content?.parts?.[0]?.text).toBe('Thanks, I will write to [REDACTED:email].')
    expect(reply?.customMetadata?.['guards']).toEqual([
      { guard: 'pii', on: 'input', action: 'redact', found: { email: 1, phone: 1 } },
      { guard: 'pii', on: 'output', action: 'redact', found: { email: 1 } },
    ])
  })

  it('action: block fails the run before the model is called, naming the guard, never the text', async () => {
    const model = new ScriptedLlm(['never sent'])
    // #region block
    const payments = Agent('payments', model).guard(
      G.pii({ action: 'block', kinds: ['card', 'iban'], on: 'input', name: 'no_bank_details' }),
    )
    let reply: string
    try {
      reply = await payments.ask('Refund to NL91 ABNA 0417 1643 00, please.')
    } catch (error) {
      if (!GuardViolationError.isInstance(error)) throw error
      reply = `Blocked by ${error.guard} (${error.code})` // no_bank_details (GUARD_VIOLATION)
    }
    // #endregion block
    expect(reply).toBe('Blocked by no_bank_details (GUARD_VIOLATION)')
    const error = await failure(payments.ask('Refund to NL91 ABNA 0417 1643 00, please.'))
    expect(GuardViolationError.isInstance(error) && [error.guard, error.code]).toEqual([
      'no_bank_details',
      'GUARD_VIOLATION',
    ])
    expect((error as Error).message).not.toContain('NL91')
    expect(model.requests).toHaveLength(0)
  })

  it('several guards run in order; length and regex block by default; a judge fails closed', async () => {
    const writerModel = new ScriptedLlm(['Ticket SECRET-42 is fixed.', 'x'.repeat(3000), 'Take two.', 'Take one.'])
    const judgeModel = new ScriptedLlm(['{"verdict": "block", "reason": "It gives a dosage."}', 'not JSON'])
    // #region chain
    const writer = Agent('writer', writerModel)
      .instruct('Answer the ticket.')
      .guard(
        G.regex(/SECRET-\d+/, { action: 'redact', name: 'secrets', on: 'both' }), // redact instead of block
        G.length({ max: 2000 }), // the answer: at most 2000 characters
      )
    const careful = Agent('advisor', writerModel).guard(
      G.judge({ model: judgeModel, criteria: 'The text gives no medical dosage.', name: 'no_dosage' }),
    )
    // One chain, same order: G.regex(…).add(G.length({ max: 2000 }))
    // #endregion chain
    expect(await writer.ask('Status?')).toBe('Ticket [REDACTED:secrets] is fixed.')
    const long = await failure(writer.ask('Tell me everything.'))
    expect(GuardViolationError.isInstance(long) && long.guard).toBe('length')
    const judged = await failure(careful.ask('How much?'))
    expect(GuardViolationError.isInstance(judged) && judged.guard).toBe('no_dosage')
    // A judge that answers anything but a verdict blocks too (the second judge reply is "not JSON").
    const unreadable = await failure(careful.ask('And now?'))
    expect(GuardViolationError.isInstance(unreadable) && unreadable.guard).toBe('no_dosage')
  })
})
