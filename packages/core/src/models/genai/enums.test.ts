import * as genai from '@google/genai'
import { describe, expect, it } from 'vitest'
import { BlockedReason, FinishReason, Type } from './enums.js'

describe("core's Gemini enum constants", () => {
  it.each([
    ['Type', Type, genai.Type],
    ['FinishReason', FinishReason, genai.FinishReason],
    ['BlockedReason', BlockedReason, genai.BlockedReason],
  ])('%s has the names and values of @google/genai', (_name, ours, theirs) => {
    expect({ ...ours }).toEqual({ ...theirs })
    expect(Object.isFrozen(ours)).toBe(true)
  })
})
