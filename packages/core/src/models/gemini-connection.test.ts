import { describe, expect, it } from 'vitest'
import { ModelError } from '../errors/runtime-errors.js'
import { resolveGeminiConnection } from './gemini-connection.js'
import { errorResponse } from '../flows/call-llm.js'

const model = 'gemini-2.5-flash'

describe('resolveGeminiConnection', () => {
  it('uses the Gemini API with the option key, then GOOGLE_API_KEY, then GEMINI_API_KEY', () => {
    const environment = { GOOGLE_API_KEY: 'google', GEMINI_API_KEY: 'gemini' }
    expect(resolveGeminiConnection({ model, apiKey: 'own' }, environment)).toEqual({ vertexai: false, apiKey: 'own' })
    expect(resolveGeminiConnection({ model }, environment)).toEqual({ vertexai: false, apiKey: 'google' })
    expect(resolveGeminiConnection({ model }, { GOOGLE_API_KEY: ' ', GEMINI_API_KEY: 'gemini' })).toEqual({
      vertexai: false,
      apiKey: 'gemini',
    })
  })

  it('switches to Vertex AI on GOOGLE_GENAI_USE_VERTEXAI=true or 1 unless the option says otherwise', () => {
    const environment = { GOOGLE_CLOUD_PROJECT: 'proj', GOOGLE_CLOUD_LOCATION: 'europe-west4', GOOGLE_API_KEY: 'k' }
    for (const flag of ['true', 'TRUE', '1']) {
      expect(resolveGeminiConnection({ model }, { ...environment, GOOGLE_GENAI_USE_VERTEXAI: flag })).toEqual({
        vertexai: true,
        project: 'proj',
        location: 'europe-west4',
      })
    }
    expect(resolveGeminiConnection({ model }, { ...environment, GOOGLE_GENAI_USE_VERTEXAI: 'false' }).vertexai).toBe(
      false,
    )
    expect(
      resolveGeminiConnection({ model, vertexai: false }, { ...environment, GOOGLE_GENAI_USE_VERTEXAI: '1' }),
    ).toEqual({ vertexai: false, apiKey: 'k' })
    expect(resolveGeminiConnection({ model, vertexai: true, project: 'mine' }, {})).toEqual({
      vertexai: true,
      project: 'mine',
    })
    expect(resolveGeminiConnection({ model, vertexai: true, apiKey: 'express' }, {})).toEqual({
      vertexai: true,
      apiKey: 'express',
    })
  })

  it('explains which variables to set when nothing is configured', () => {
    expect(() => resolveGeminiConnection({ model }, {})).toThrow(ModelError)
    expect(() => resolveGeminiConnection({ model }, {})).toThrow(/GOOGLE_API_KEY \(or GEMINI_API_KEY\)/)
    expect(() => resolveGeminiConnection({ model, vertexai: true }, {})).toThrow(/GOOGLE_CLOUD_PROJECT/)
  })
})

describe('a Gemini model without credentials', () => {
  it('is a ModelError with the configuration code MISSING_CREDENTIALS (not UNKNOWN_ERROR)', () => {
    let thrown: unknown
    try {
      resolveGeminiConnection({ model: 'gemini-2.5-flash' }, {})
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ModelError)
    expect((thrown as ModelError).errorCode).toBe('MISSING_CREDENTIALS')
    expect(errorResponse(thrown as Error)).toMatchObject({ errorCode: 'MISSING_CREDENTIALS' })
  })
})
