import { describe, expect, it } from 'vitest'
import * as aiSdk from './index.js'

// The exact public surface: a change to it must be a visible diff here.
describe('@adk-fluent/ai-sdk public surface', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(aiSdk).sort()).toEqual([
      'AiSdkLlm',
      'PROVIDER_METADATA_KEY',
      'aiSdk',
      'toCallOptions',
      'toLanguageModelPrompt',
      'toLlmResponse',
    ])
  })
})
