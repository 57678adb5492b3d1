import { ApiError } from '@google/genai'
import { describe, expect, it } from 'vitest'
import { ModelError } from '../errors/runtime-errors.js'
import { readApiError } from './read-api-error.js'
import { redactSecrets, toModelError } from './to-model-error.js'

function apiError(status: number, body: unknown, prefix = ''): ApiError {
  return new ApiError({ status, message: `${prefix}${JSON.stringify(body)}` })
}

describe('readApiError', () => {
  it('reads status, status name, message and RetryInfo delay from a client error', () => {
    const error = apiError(429, {
      error: {
        code: 429,
        message: 'Quota exceeded',
        status: 'RESOURCE_EXHAUSTED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '12.5s' }],
      },
    })
    expect(readApiError(error)).toEqual({
      status: 429,
      statusName: 'RESOURCE_EXHAUSTED',
      message: 'Quota exceeded',
      retryDelayMs: 12_500,
    })
  })

  it('reads errors sent inside a stream and bodies that are not JSON', () => {
    const streamed = apiError(
      503,
      { error: { code: 503, message: 'Gone', status: 'UNAVAILABLE' } },
      'got status: UNAVAILABLE. ',
    )
    expect(readApiError(streamed)).toMatchObject({ status: 503, message: 'Gone' })
    expect(readApiError(new ApiError({ status: 502, message: 'Bad gateway' }))).toEqual({
      status: 502,
      message: 'Bad gateway',
    })
    expect(readApiError(new Error('fetch failed'))).toBeUndefined()
  })
})

describe('toModelError', () => {
  it('names model and status, keeps the status and removes secrets', () => {
    const error = toModelError(
      apiError(403, { error: { code: 403, message: 'Key secret-123 denied', status: 'PERMISSION_DENIED' } }),
      {
        model: 'gemini-x',
        secrets: ['secret-123', undefined],
      },
    )
    expect(error).toBeInstanceOf(ModelError)
    expect(error.status).toBe(403)
    expect(error.errorCode).toBe('403')
    expect(error.message).toBe(
      'Model call to "gemini-x" failed with HTTP 403 PERMISSION_DENIED: Key [redacted] denied. Check the API key or credentials and their permissions.',
    )
    expect((error.cause as Error).message).not.toContain('secret-123')
  })

  it('wraps errors without a status and appends a note', () => {
    const cause = new TypeError('fetch failed')
    const error = toModelError(cause, { model: 'm', secrets: [], note: 'Extra.' })
    expect(error.status).toBeUndefined()
    expect(error.message).toBe('Model call to "m" failed: fetch failed. Extra.')
    expect(error.cause).toBe(cause)
  })

  it('redacts key query parameters too', () => {
    expect(redactSecrets('GET https://host/x?alt=sse&key=AIzaXYZ failed', [])).toBe(
      'GET https://host/x?alt=sse&key=[redacted] failed',
    )
  })
})
