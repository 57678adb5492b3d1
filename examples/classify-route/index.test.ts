import { text } from '@adk-fluent/core/testing'
import { describe, expect, it } from 'vitest'
import type { Example } from '../shared/example.js'
import { runExample } from '../shared/run-example.js'
import { example } from './index.js'

/** The example with another classifier answer and specialist reply. */
function withReplies(classification: string, answer: string): Example {
  return { ...example, script: [text(classification), text(answer)] }
}

function callers(run: Awaited<ReturnType<typeof runExample>>): string[] {
  return (run.choice.scripted?.requests ?? []).map((request) => String(request.config.labels?.['adk_agent_name']))
}

describe('classify-route example', () => {
  it('classifies with structured output and routes to the billing specialist', async () => {
    const run = await runExample(example, { print: () => undefined, environment: {} })
    expect(callers(run)).toEqual(['classifier', 'billing'])
    const classifier = run.choice.scripted?.requests[0]
    expect(classifier?.config.responseMimeType).toBe('application/json')
    expect(classifier?.config.responseSchema).toMatchObject({
      properties: { category: { enum: ['billing', 'technical', 'sales', 'other'] } },
    })
    expect(run.state['intent']).toEqual({
      category: 'billing',
      confidence: 0.94,
      summary: 'Customer was charged twice for the March invoice.',
    })
    expect(run.state['intent_category']).toBe('billing')
    expect(run.choice.scripted?.requests[1]?.config.systemInstruction).toContain(
      'You handle invoices, payments and refunds. Answer in two sentences. The request: Customer was charged twice for the March invoice.',
    )
    expect(run.finalText).toMatch(/^Sorry about the double charge/)
    expect(run.state['reply']).toBe(run.finalText)
  })

  it('routes a technical request to the technical specialist', async () => {
    const run = await runExample(
      withReplies(
        '{"category": "technical", "confidence": 0.8, "summary": "App crashes on start."}',
        '1. Update the app.\n2. Restart your phone.',
      ),
      { prompt: 'The app crashes when I open it.', print: () => undefined, environment: {} },
    )
    expect(callers(run)).toEqual(['classifier', 'technical'])
    expect(run.state['intent_category']).toBe('technical')
    expect(run.finalText).toBe('1. Update the app.\n2. Restart your phone.')
  })

  it('repairs an answer that is not valid JSON, then routes "other" to general support', async () => {
    const script = [
      text('Probably small talk?'),
      text('{"category": "other", "confidence": 0.6, "summary": "Customer says hello."}'),
      text('Hello! How can I help you today?'),
    ]
    const run = await runExample(
      { ...example, script },
      { prompt: 'Hello there', print: () => undefined, environment: {} },
    )
    expect(callers(run)).toEqual(['classifier', 'classifier', 'general_support'])
    const repair = run.choice.scripted?.requests[1]?.contents
      .flatMap((content) => content.parts ?? [])
      .map((part) => part.text ?? '')
    expect(repair?.slice(-2)).toEqual([
      'Probably small talk?',
      expect.stringMatching(
        /^Your previous reply could not be used: the reply is not valid JSON .*Reply again with only a JSON value that matches the required schema\.$/,
      ),
    ])
    expect(run.state['intent_category']).toBe('other')
    expect(run.choice.scripted?.requests[2]?.config.systemInstruction).toContain('The request: Customer says hello.')
    expect(run.finalText).toBe('Hello! How can I help you today?')
  })
})
