import { describe, expect, it } from 'vitest'
import { GuardViolationError } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent, G } from '../../index.js'

const card = '4111 1111 1111 1111' // Luhn-valid test number: ScriptedLlm streams it as four word chunks

/** The texts `.streamText()` gives. */
async function streamed(agent: ReturnType<typeof Agent>): Promise<string[]> {
  const chunks: string[] = []
  for await (const chunk of agent.streamText('go')) chunks.push(chunk)
  return chunks
}

describe('output guards on a streamed answer', () => {
  it('check the text so far whole: a card number split over chunks never shows in a partial chunk', async () => {
    const reply = `Your card ${card} is on file. ${'More words follow here. '.repeat(8)}Done.`
    const agent = Agent('support')
      .model(new ScriptedLlm([reply, reply]))
      .guard(G.pii({ on: 'output' }))
    const chunks = await streamed(agent)
    const joined = chunks.join('')
    expect(joined).not.toContain('4111')
    expect(joined).not.toContain('1111 1111')
    // The chunks add up to the complete (checked) answer, and some of it streamed before the end.
    expect(joined).toBe(reply.replace(card, '[REDACTED:card]'))
    expect(chunks.length).toBeGreaterThan(5)
  })

  it("no partial chunk carries a finding's raw text, a phone number in words included", async () => {
    const reply = `Card ${card} and phone +1 415 555 0100. ${'Then more text. '.repeat(10)}`
    const agent = Agent('support')
      .model(new ScriptedLlm([reply]))
      .guard(G.pii({ on: 'output' }))
    const partials: string[] = []
    for await (const chunk of agent.stream('go')) if (chunk.partial) partials.push(chunk.text)
    expect(partials.length).toBeGreaterThan(5)
    expect(partials.join('')).not.toMatch(/4111|1111|415 555/)
  })

  it('a blocking guard stops the stream once the finding is complete', async () => {
    const agent = Agent('support')
      .model(new ScriptedLlm([`Card ${card} then a long tail of more words to stream.`]))
      .guard(G.pii({ on: 'output', action: 'block' }))
    const chunks: string[] = []
    let error: unknown
    try {
      for await (const chunk of agent.streamText('go')) chunks.push(chunk)
    } catch (thrown) {
      error = thrown
    }
    expect(GuardViolationError.isInstance(error)).toBe(true)
    expect(chunks.join('')).not.toContain('4111')
  })

  it('with a judge, nothing streams before the complete answer is judged', async () => {
    const judge = new ScriptedLlm([JSON.stringify({ verdict: 'allow', reason: 'ok' })])
    const answer = 'a fine answer that is long enough to stream in several word chunks'
    const agent = Agent('a')
      .model(new ScriptedLlm([answer]))
      .guard(G.judge({ model: judge, criteria: 'polite' }))
    expect(await streamed(agent)).toEqual([answer])
  })
})
