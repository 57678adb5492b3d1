import { describe, expect, it } from 'vitest'
import { GuardViolationError, InMemoryRunner, type LlmResponse } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent, G } from '../../index.js'
import { cpuTime } from '../../cpu-time.test-helper.js'
import { piiKinds, scanPii } from './pii-detectors.js'

const zw = '\u200b'
const fullWidth = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(0xff10 + Number(digit)))
const arabicIndic = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)))

async function caught(run: Promise<unknown>): Promise<unknown> {
  try {
    await run
  } catch (error) {
    return error
  }
  throw new Error('expected the run to fail')
}

describe('G.pii reads through encodings', () => {
  const cases: readonly (readonly [string, string, string])[] = [
    ['card, zero-width between digits', `4${zw}111 1111 11${zw}11 1111`, 'card'],
    ['card, word joiners and a soft hyphen', '4111\u2060 1111\u00ad 1111 1111', 'card'],
    ['card, full-width digits', fullWidth('4111 1111 1111 1111'), 'card'],
    ['card, Arabic-Indic digits', arabicIndic('4111-1111-1111-1111'), 'card'],
    ['card, no-break spaces', '4111\u00a01111\u00a01111\u00a01111', 'card'],
    ['card, HTML character references', '&#52;111 1111 1111 &#x31;111', 'card'],
    ['SSN, en dashes', '123\u201345\u20136789', 'us_ssn'],
    ['email, percent-encoded @', 'ann%40example.com', 'email'],
    ['email, full-width @', 'ann\uff20example.com', 'email'],
    ['email, HTML @', 'ann&#64;example.com', 'email'],
    ['email, Cyrillic look-alikes in the domain', 'ann@ex\u0430mple.c\u043em', 'email'],
    ['email, zero-width in the local part', `a${zw}n${zw}n@example.com`, 'email'],
    ['phone, full-width digits and plus', '\uff0b44 20 7946 0958', 'phone'],
    ['IBAN, zero-width inside', `GB82 WE${zw}ST 1234 5698 7654 32`, 'iban'],
  ]
  for (const [name, written, kind] of cases) {
    it(`${name}: redacted whole`, () => {
      const found = scanPii(`before ${written} after`, piiKinds)
      expect(found?.found, name).toEqual({ [kind]: 1 })
      expect(found?.redacted, name).toBe(`before [REDACTED:${kind}] after`)
    })
  }

  it('leaves text in other scripts as it is', () => {
    expect(scanPii('Привет, мир. Γειά σου κόσμε. ٢٠٢٤', piiKinds)).toBeUndefined()
  })

  it('G.regex also finds its pattern written with invisible characters or look-alike letters', async () => {
    for (const answer of [`your pa${zw}ssword`, 'your \u0440\u0430ssword', 'your ｐａｓｓｗｏｒｄ']) {
      const agent = Agent('a')
        .model(new ScriptedLlm([answer]))
        .guard(G.regex(/password/, { name: 'secret' }))
      const error = await caught(agent.ask('go'))
      expect(GuardViolationError.isInstance(error), answer).toBe(true)
    }
    const redacting = Agent('a')
      .model(new ScriptedLlm([`a pa${zw}ssword here`]))
      .guard(G.regex(/password/, { name: 'secret', action: 'redact' }))
    expect(await redacting.ask('go')).toBe('a [REDACTED:secret] here')
  })
})

describe('G.pii finds what is split over parts and messages', () => {
  const twoParts = (first: string, second: string): LlmResponse => ({
    content: { role: 'model', parts: [{ text: first }, { text: second }] },
  })

  it("redacts a card split over two parts of the model's answer, in both parts, counted once", async () => {
    const agent = Agent('a')
      .model(new ScriptedLlm([twoParts('card 4111 1111', ' 1111 1111 ok'), twoParts('mail ann@exa', 'mple.com')]))
      .guard(G.pii({ on: 'output' }))
    expect(await agent.ask('go')).toBe('card [REDACTED:card] ok')
    expect(await agent.ask('again')).toBe('mail [REDACTED:email]')
    const blocking = Agent('b')
      .model(new ScriptedLlm([twoParts('4111 1111 ', '1111 1111')]))
      .guard(G.pii({ on: 'output', action: 'block' }))
    expect(GuardViolationError.isInstance(await caught(blocking.ask('go')))).toBe(true)
  })

  it("redacts a card a user sends over two messages from the model's view of both", async () => {
    const model = new ScriptedLlm(['noted', 'noted again'])
    const agent = Agent('support').model(model).guard(G.pii())
    const runner = new InMemoryRunner({ agent: agent.build() })
    const options = { runner, userId: 'u', sessionId: 's' }
    for await (const _ of agent.events('my card starts 4111 1111', options));
    for await (const _ of agent.events('1111 1111 and that is it', options));
    const second = JSON.stringify(model.requests[1]?.contents)
    expect(second).not.toMatch(/4111|1111/)
    expect(second).toContain('my card starts [REDACTED:card]')
    expect(second).toContain('" and that is it')
  })
})

describe('G.pii on a stream', () => {
  it('holds back a finding written with invisible characters, and a long email, until it is checked whole', async () => {
    const card = `4${zw}1${zw}1${zw}1${zw} ${zw}1${zw}1${zw}1${zw}1${zw} 1${zw}1${zw}1${zw}1 ${zw}1${zw}1${zw}1${zw}1`
    const email = `${'someone.with.a.very.long.name'.repeat(3)}@example.com`
    const reply = `Card ${card} and mail ${email} are on file. ${'More words follow here. '.repeat(6)}Done.`
    const agent = Agent('support')
      .model(new ScriptedLlm([reply]))
      .guard(G.pii({ on: 'output' }))
    const partials: string[] = []
    for await (const chunk of agent.stream('go')) if (chunk.partial) partials.push(chunk.text)
    expect(partials.length).toBeGreaterThan(5)
    const streamed = partials.join('')
    expect(streamed.replace(new RegExp(zw, 'g'), '')).not.toMatch(/1111|someone/)
    // The partial chunks add up to the checked answer.
    expect(streamed).toBe(reply.replace(card, '[REDACTED:card]').replace(email, '[REDACTED:email]'))
  })
})

describe('G.pii has no catastrophic patterns', () => {
  /** CPU milliseconds `scan` takes on `text`, the cheapest of three (a busy machine or a collection only adds). */
  const time = (text: string): number => Math.min(...[0, 1, 2].map(() => cpuTime(() => scanPii(text, piiKinds))))

  it('scans hostile texts about as fast as plain ones of the same length', () => {
    const plain = 'Plain words of a prompt, with 12 numbers and a card 4111 1111 1111 1111 here. '.repeat(160)
    time(plain)
    const baseline = Math.max(time(plain), 1)
    const hostile = {
      'IBAN-like words': ('AB12' + 'a1'.repeat(18) + '_ ').repeat(300),
      'IBAN-like groups': ('GB82 ' + 'WEST '.repeat(8) + 'x_ ').repeat(250),
      'digit runs': '1-'.repeat(6000),
      'at signs': 'a@'.repeat(6000),
      'dotted domain': 'a'.repeat(6000) + '@' + 'a.'.repeat(3000),
      escapes: '%4'.repeat(6000),
    }
    for (const [name, text] of Object.entries(hostile)) {
      // Linear scanners stay within a small factor of the plain text; a backtracking one took ~1000×.
      expect(time(text), `${name} (${text.length} chars) vs ${plain.length} plain`).toBeLessThan(baseline * 60)
    }
  })
})
