import { BlockedReason, FinishReason } from './genai-types.js'
import { describe, expect, it } from 'vitest'
import { createLlmResponse } from './create-llm-response.js'

describe('createLlmResponse', () => {
  it('takes the first candidate with its metadata and defaults the role to model', () => {
    const response = createLlmResponse({
      candidates: [
        {
          content: { parts: [{ text: 'Hi' }] },
          finishReason: FinishReason.STOP,
          groundingMetadata: { webSearchQueries: ['hi'] },
        },
        { content: { role: 'model', parts: [{ text: 'ignored' }] } },
      ],
      usageMetadata: { totalTokenCount: 3 },
      modelVersion: 'v',
    })
    expect(response).toEqual({
      content: { role: 'model', parts: [{ text: 'Hi' }] },
      finishReason: FinishReason.STOP,
      groundingMetadata: { webSearchQueries: ['hi'] },
      usageMetadata: { totalTokenCount: 3 },
      modelVersion: 'v',
    })
  })

  it('reports empty candidates, blocked prompts and empty responses as errors', () => {
    expect(
      createLlmResponse({ candidates: [{ content: { parts: [] }, finishReason: FinishReason.SAFETY }] }),
    ).toMatchObject({
      errorCode: 'SAFETY',
    })
    expect(
      createLlmResponse({ promptFeedback: { blockReason: BlockedReason.BLOCKLIST, blockReasonMessage: 'Listed.' } }),
    ).toEqual({ errorCode: 'BLOCKLIST', errorMessage: 'Listed.' })
    expect(createLlmResponse({})).toMatchObject({ errorCode: 'UNKNOWN_ERROR' })
  })
})
