import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ModelError } from '@adk-fluent/core'
import { parseAnswer } from './parse-answer.js'

describe('parseAnswer', () => {
  const schema = z.object({ intent: z.enum(['billing', 'other']) })
  const failure = (text: string) => {
    try {
      parseAnswer(text, schema, 'classifier')
    } catch (error) {
      expect(ModelError.isInstance(error)).toBe(true)
      return (error as Error).message
    }
    throw new Error('expected a ModelError')
  }

  it('parses JSON, with or without a code fence', () => {
    expect(parseAnswer('{"intent":"other"}', schema, 'classifier')).toEqual({ intent: 'other' })
    expect(parseAnswer('```json\n{"intent":"billing"}\n```', schema, 'classifier')).toEqual({ intent: 'billing' })
  })

  it('names the agent and the fix when the answer is not JSON or does not fit', () => {
    expect(failure('billing')).toBe(
      'Agent "classifier" has .returns(schema) but its answer is not JSON. Check the agent\'s instruction and model, or remove .returns() to get the text.',
    )
    expect(failure('{"intent":"sales"}')).toMatch(
      /^Agent "classifier" answered JSON that does not match its \.returns\(\) schema \(intent: .+\)\. Check the agent's instruction and model\.$/,
    )
  })
})
