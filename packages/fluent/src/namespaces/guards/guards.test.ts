import { describe, expect, it } from 'vitest'
import { AdkFluentError, GuardViolationError, InMemoryRunner, type Event } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent, G } from '../../index.js'
import { scanPii } from './pii-detectors.js'

const card = '4111 1111 1111 1111' // Luhn-valid test number
const badCard = '4111 1111 1111 1112'

function textsSent(model: ScriptedLlm): string {
  return JSON.stringify(model.requests.map((request) => request.contents))
}

async function caught(run: Promise<unknown>): Promise<unknown> {
  try {
    await run
  } catch (error) {
    return error
  }
  throw new Error('expected the run to fail')
}

async function events(agent: ReturnType<typeof Agent>, prompt: string): Promise<Event[]> {
  const list: Event[] = []
  for await (const event of agent.events(prompt)) list.push(event)
  return list
}

describe('G.pii detectors', () => {
  it('finds each kind and leaves look-alikes alone', () => {
    expect(scanPii(`mail ann@example.com now`, ['email'])?.redacted).toBe('mail [REDACTED:email] now')
    expect(scanPii(`card ${card}.`, ['card'])?.found).toEqual({ card: 1 })
    expect(scanPii(`card ${badCard}.`, ['card'])).toBeUndefined()
    expect(scanPii('iban GB82 WEST 1234 5698 7654 32 ok', ['iban'])?.found).toEqual({ iban: 1 })
    expect(scanPii('iban GB83 WEST 1234 5698 7654 32 ok', ['iban'])).toBeUndefined()
    expect(scanPii('ssn 123-45-6789', ['us_ssn'])?.found).toEqual({ us_ssn: 1 })
    expect(scanPii('nino QQ 12 34 56 C', ['uk_nino'])).toBeUndefined() // QQ is not an issued prefix
    expect(scanPii('nino AB 12 34 56 C', ['uk_nino'])?.found).toEqual({ uk_nino: 1 })
    expect(scanPii('dni 12345678Z', ['es_dni'])?.found).toEqual({ es_dni: 1 })
    expect(scanPii('dni 12345678A', ['es_dni'])).toBeUndefined()
    expect(scanPii('call +44 20 7946 0958 please', ['phone'])?.found).toEqual({ phone: 1 })
    expect(scanPii('in 2024 we sold 12 units', ['phone'])).toBeUndefined()
  })
})

describe('G.pii leaves no part of a finding behind', () => {
  const redact = (text: string, kinds?: Parameters<typeof scanPii>[1]) =>
    scanPii(text, kinds ?? ['email', 'card', 'iban', 'us_ssn', 'uk_nino', 'es_dni', 'phone'])

  it("keeps a phone number's + and parentheses with it", () => {
    expect(redact('call +44 20 7946 0958 please')?.redacted).toBe('call [REDACTED:phone] please')
    expect(redact('call (020) 7946 0958.')?.redacted).toBe('call [REDACTED:phone].')
    expect(redact('x +1 (555) 123-4567')?.redacted).toBe('x [REDACTED:phone]')
    expect(redact('Tel:+1 (555) 123-4567')?.redacted).toBe('Tel:[REDACTED:phone]')
    expect(redact('2+123 456 7890')?.redacted).toBe('2+[REDACTED:phone]')
    expect(redact('(+44) 20 7946 0958')?.redacted).toBe('[REDACTED:phone]')
    expect(redact('tel: 0044 (0)20 7946 0958.')?.redacted).toBe('tel: [REDACTED:phone].')
    expect(redact('Paris +33 1 23 45 67 89')?.redacted).toBe('Paris [REDACTED:phone]')
    // A parenthesis the number did not open stays in the text.
    expect(redact('(see 123 456 789)')?.redacted).toBe('(see [REDACTED:phone])')
  })

  it('finds IBANs whose account part has letters, in any case and spacing, before any phone number', () => {
    for (const iban of [
      'GB82 WEST 1234 5698 7654 32',
      'NL91 ABNA 0417 1643 00',
      'GB82WEST12345698765432',
      'gb82 west 1234 5698 7654 32',
      'DE89-3704-0044-0532-0130-00',
    ]) {
      const found = redact(`Pay to ${iban}, thanks.`)
      expect(found, iban).toEqual({ found: { iban: 1 }, redacted: 'Pay to [REDACTED:iban], thanks.' })
      expect(redact(`Pay to ${iban}.`, ['iban'])?.redacted, iban).toBe('Pay to [REDACTED:iban].')
    }
    // The words after it stay; a wrong checksum is no IBAN.
    expect(redact('GB82 WEST 1234 5698 7654 32 AND MORE')?.redacted).toBe('[REDACTED:iban] AND MORE')
    expect(redact('GB83 WEST 1234 5698 7654 32', ['iban'])).toBeUndefined()
  })

  it('keeps what follows a card number (its security code) out of the card and in the text', () => {
    expect(redact(`card ${card} 123 exp`)?.redacted).toBe('card [REDACTED:card] 123 exp')
    expect(redact('amex 3782 822463 10005')?.redacted).toBe('amex [REDACTED:card]')
    expect(redact(`card ${badCard} 123`, ['card'])).toBeUndefined()
  })

  it("blocks an IBAN with letters (kinds: ['iban'], action: 'block'), and redacts all of it by default", async () => {
    const blocked = new ScriptedLlm(['never'])
    const error = await caught(
      Agent('support')
        .model(blocked)
        .guard(G.pii({ action: 'block', kinds: ['iban'] }))
        .ask('Refund to NL91 ABNA 0417 1643 00 please'),
    )
    expect(GuardViolationError.isInstance(error)).toBe(true)
    expect(blocked.requests).toHaveLength(0)
    const model = new ScriptedLlm(['noted'])
    await Agent('support')
      .model(model)
      .guard(G.pii())
      .ask('Refund to GB82 WEST 1234 5698 7654 32, call +44 20 7946 0958')
    const sent = textsSent(model)
    for (const part of ['GB82', 'WEST', '+44', '7946']) expect(sent).not.toContain(part)
    expect(sent).toContain('Refund to [REDACTED:iban], call [REDACTED:phone]')
  })
})

describe('G.pii on a model call', () => {
  it('redacts what the model receives, keeps the session unchanged and says so in the event', async () => {
    const model = new ScriptedLlm(['noted'])
    const agent = Agent('support')
      .model(model)
      .guard(G.pii({ action: 'redact' }))
    const runner = new InMemoryRunner({ agent: agent.build() })
    const seen: Event[] = []
    for await (const event of agent.events(`I am ann@example.com, card ${card}`, { runner, sessionId: 's' }))
      seen.push(event)
    const sent = textsSent(model)
    expect(sent).not.toContain('ann@example.com')
    expect(sent).not.toContain(card)
    expect(sent).toContain('[REDACTED:email]')
    expect(sent).toContain('[REDACTED:card]')
    const reply = seen.find((event) => event.author === 'support')
    expect(reply?.customMetadata?.['guards']).toEqual([
      { guard: 'pii', on: 'input', action: 'redact', found: { email: 1, card: 1 } },
    ])
    // The stored user message is what the user said; only the model's copy is redacted.
    const session = await runner.sessionService.getSession({ appName: runner.appName, userId: 'user', sessionId: 's' })
    expect(JSON.stringify(session?.events[0]?.content)).toContain('ann@example.com')
  })

  it('redacts tool results and the model answer', async () => {
    const model = new ScriptedLlm([
      { content: { role: 'model', parts: [{ functionCall: { name: 'lookup', args: {} } }] } },
      'Reach her at ann@example.com',
    ])
    const agent = Agent('support')
      .model(model)
      .tool(function lookup() {
        return { email: 'bob@example.org' }
      })
      .guard(G.pii())
    const list = await events(agent, 'who?')
    expect(JSON.stringify(model.requests[1]?.contents)).not.toContain('bob@example.org')
    const final = list.at(-1)
    expect(final?.content?.parts?.[0]?.text).toBe('Reach her at [REDACTED:email]')
  })

  it('blocks before any model call, naming the guard and never the text', async () => {
    const model = new ScriptedLlm(['never'])
    const agent = Agent('support')
      .model(model)
      .guard(G.pii({ action: 'block', kinds: ['card'] }))
    const error = await caught(agent.ask(`pay with ${card}`))
    expect(GuardViolationError.isInstance(error)).toBe(true)
    expect(AdkFluentError.isInstance(error) && error.code).toBe('GUARD_VIOLATION')
    expect((error as GuardViolationError).guard).toBe('pii')
    expect((error as Error).message).toContain('"pii"')
    expect((error as Error).message).not.toContain('4111')
    expect(model.requests).toHaveLength(0)
  })

  it('survives build(): the built agent carries the guard', async () => {
    const model = new ScriptedLlm(['ok'])
    const built = Agent('support').model(model).guard(G.pii()).build()
    const runner = new InMemoryRunner({ agent: built })
    const session = await runner.sessionService.createSession({ appName: runner.appName, userId: 'u' })
    for await (const _ of runner.runAsync({
      userId: 'u',
      sessionId: session.id,
      newMessage: { role: 'user', parts: [{ text: 'mail ann@example.com' }] },
    }));
    expect(textsSent(model)).not.toContain('ann@example.com')
  })
})

describe('G.length, G.regex and .add', () => {
  it('blocks a long answer after the call with GUARD_VIOLATION (not a model error event)', async () => {
    const agent = Agent('writer')
      .model(new ScriptedLlm(['x'.repeat(50)]))
      .guard(G.length({ max: 10 }))
    const error = await caught(agent.ask('write'))
    expect(GuardViolationError.isInstance(error)).toBe(true)
    expect((error as GuardViolationError).guard).toBe('length')
  })

  it('runs chained guards in order: redact first, then the pattern check sees the redacted text', async () => {
    const model = new ScriptedLlm(['token SECRET-123 and ann@example.com'])
    const guards = G.pii({ on: 'output' }).add(G.regex(/SECRET-\d+/, { action: 'redact', name: 'secrets' }))
    const answer = await Agent('a').model(model).guard(guards).ask('go')
    expect(answer).toBe('token [REDACTED:secrets] and [REDACTED:email]')
    const blocking = Agent('b')
      .model(new ScriptedLlm(['SECRET-9']))
      .guard(G.regex('SECRET-\\d'))
    expect(((await caught(blocking.ask('go'))) as GuardViolationError).guard).toBe('regex')
  })

  it('rejects bad options at the call site', () => {
    expect(() => G.length({ max: -1 })).toThrow(/G\.length\(\)/)
    expect(() => G.pii({ kinds: ['passport' as never] })).toThrow(/kinds/)
    expect(() => G.regex('(')).toThrow(/pattern/)
    expect(() => Agent('a').guard('pii' as never)).toThrow(/not a guard/)
  })
})

describe('G.judge', () => {
  const verdict = (value: string) => JSON.stringify({ verdict: value, reason: 'because' })

  it('allows, then blocks, with the judge seeing the answer', async () => {
    const judge = new ScriptedLlm([verdict('allow'), verdict('block')])
    const agent = Agent('a')
      .model(new ScriptedLlm(['fine answer', 'rude answer']))
      .guard(G.judge({ model: judge, criteria: 'polite' }))
    expect(await agent.ask('one')).toBe('fine answer')
    const error = await caught(agent.ask('two'))
    expect((error as GuardViolationError).guard).toBe('judge')
    expect((error as Error).message).not.toContain('rude')
    expect(JSON.stringify(judge.requests[1]?.contents)).toContain('rude answer')
    expect(String(judge.requests[0]?.config.systemInstruction)).toContain('polite')
  })

  it('fails closed when the judge errs or answers nonsense', async () => {
    for (const reply of [new Error('judge down'), 'not json', JSON.stringify({ verdict: 'maybe' })]) {
      const agent = Agent('a')
        .model(new ScriptedLlm(['answer']))
        .guard(G.judge({ model: new ScriptedLlm([reply]), criteria: 'polite' }))
      expect(GuardViolationError.isInstance(await caught(agent.ask('go')))).toBe(true)
    }
  })

  it('counts the judge call in the run usage', async () => {
    const agent = Agent('a')
      .model(new ScriptedLlm(['answer']))
      .guard(G.judge({ model: new ScriptedLlm([verdict('allow')]), criteria: 'polite' }))
    const { usage } = await agent.ask('go', { withUsage: true })
    expect(usage.modelCalls).toBe(2)
  })
})
