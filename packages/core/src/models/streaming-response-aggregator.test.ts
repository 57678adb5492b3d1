import { BlockedReason, FinishReason, type Candidate, type Part } from './genai-types.js'
import { describe, expect, it } from 'vitest'
import type { GenerateContentResponseFields } from './create-llm-response.js'
import type { LlmResponse } from './llm-response.js'
import { StreamingResponseAggregator } from './streaming-response-aggregator.js'

function chunk(parts: Part[], candidate: Partial<Candidate> = {}): GenerateContentResponseFields {
  return { candidates: [{ content: { role: 'model', parts }, ...candidate }] }
}

function run(chunks: GenerateContentResponseFields[]): LlmResponse[] {
  const aggregator = new StreamingResponseAggregator()
  return [...chunks.flatMap((item) => aggregator.push(item)), ...aggregator.finish()]
}

describe('StreamingResponseAggregator', () => {
  it('yields text chunks as partials and aggregates thoughts and text separately at the end', () => {
    const responses = run([
      chunk([{ text: 'Hmm, ', thought: true }]),
      chunk([{ text: 'weather.', thought: true }]),
      chunk([{ text: 'It is ' }]),
      chunk([{ text: 'sunny.' }], { finishReason: FinishReason.STOP }),
    ])

    expect(responses.slice(0, 4).every((response) => response.partial === true)).toBe(true)
    expect(responses[4]).toEqual({
      content: { role: 'model', parts: [{ text: 'Hmm, weather.', thought: true }, { text: 'It is sunny.' }] },
      finishReason: FinishReason.STOP,
    })
    expect(responses).toHaveLength(5)
  })

  it('flushes text before a non-text part and keeps one chunk of function calls together', () => {
    const calls: Part[] = [{ functionCall: { name: 'a', args: {} } }, { functionCall: { name: 'b', args: { x: 1 } } }]
    const responses = run([chunk([{ text: 'Calling tools.' }, ...calls]), chunk([{ text: 'Done.' }])])

    expect(responses).toEqual([
      { content: { role: 'model', parts: [{ text: 'Calling tools.' }] }, partial: true },
      { content: { role: 'model', parts: [{ text: 'Calling tools.' }] } },
      { content: { role: 'model', parts: calls } },
      { content: { role: 'model', parts: [{ text: 'Done.' }] }, partial: true },
      { content: { role: 'model', parts: [{ text: 'Done.' }] } },
    ])
  })

  it('merges usage-only chunks into a trailing function call instead of yielding them', () => {
    const aggregator = new StreamingResponseAggregator()
    const call: Part = { functionCall: { name: 'lookup', args: { q: 'x' } } }

    expect(aggregator.push(chunk([call], { finishReason: FinishReason.STOP }))).toEqual([])
    expect(aggregator.push({ usageMetadata: { totalTokenCount: 42 }, modelVersion: 'm-1' })).toEqual([])
    expect(aggregator.finish()).toEqual([
      {
        content: { role: 'model', parts: [call] },
        usageMetadata: { totalTokenCount: 42 },
        modelVersion: 'm-1',
        finishReason: FinishReason.STOP,
      },
    ])
  })

  it('passes inline data through as a non-partial response', () => {
    const image: Part = { inlineData: { mimeType: 'image/png', data: 'aGk=' } }
    expect(run([chunk([image])])).toEqual([{ content: { role: 'model', parts: [image] } }])
  })

  it('sets errorCode on the aggregated text when the finish reason is not STOP', () => {
    const responses = run([chunk([{ text: 'Partial' }]), chunk([], { finishReason: FinishReason.MAX_TOKENS })])

    expect(responses.at(-1)).toMatchObject({
      content: { role: 'model', parts: [{ text: 'Partial' }] },
      errorCode: 'MAX_TOKENS',
      errorMessage: expect.stringContaining('MAX_TOKENS'),
    })
  })

  it('keeps a thought signature that arrived on an empty text part', () => {
    const responses = run([chunk([{ text: 'Answer' }]), chunk([{ text: '', thoughtSignature: 'c2ln' }])])

    expect(responses).toHaveLength(2)
    expect(responses[1]?.content?.parts).toEqual([{ text: 'Answer', thoughtSignature: 'c2ln' }])
  })

  it('turns a stream with no content into one error response', () => {
    expect(run([chunk([], { finishReason: FinishReason.SAFETY })])).toEqual([
      {
        errorCode: 'SAFETY',
        errorMessage: 'The model returned no content (finish reason SAFETY).',
        finishReason: FinishReason.SAFETY,
      },
    ])
    expect(run([])).toEqual([{ errorCode: 'UNKNOWN_ERROR', errorMessage: 'The model returned an empty stream.' }])
  })

  it('reports a blocked prompt once, without a second error at the end', () => {
    const responses = run([{ promptFeedback: { blockReason: BlockedReason.PROHIBITED_CONTENT } }])

    expect(responses).toHaveLength(1)
    expect(responses[0]?.errorCode).toBe('PROHIBITED_CONTENT')
  })

  it('yields an empty but complete text response when the model answered with empty text', () => {
    const responses = run([chunk([{ text: '' }], { finishReason: FinishReason.STOP })])
    expect(responses).toEqual([{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: FinishReason.STOP }])
  })
})
