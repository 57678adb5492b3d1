import { describe, expect, it } from 'vitest'
import { repoRoot } from './config.js'
import { firstSentence, leadingComment, listExamples } from './examples.js'

describe('the examples index', () => {
  it('lists every example folder with a source file, its run command and its leading comment', () => {
    const examples = listExamples(repoRoot)
    const names = examples.map((example) => example.name)
    expect(names).toContain('weather-agent')
    expect(names).not.toContain('shared')
    expect(names).not.toContain('readme')
    const weather = examples.find((example) => example.name === 'weather-agent')!
    expect(weather.commands[0]).toBe('pnpm example weather-agent')
    expect(weather.files[0]).toBe('examples/weather-agent/index.ts')
    expect(weather.description).toMatch(/^A weather assistant/)
    expect(examples.find((example) => example.name === 'a2a')?.commands).toContain('pnpm demo:a2a')
  })

  it('summarises with the first sentence, never cutting inside a code span', () => {
    expect(firstSentence('One `{ kind: x. y }` record per call. More.')).toBe('One `{ kind: x. y }` record per call.')
    expect(firstSentence('An LLM judge: asks a model.\n\nSecond paragraph.')).toBe('An LLM judge: asks a model.')
    expect(leadingComment('// line one\n// line two\nimport x')).toBe('line one\nline two')
    expect(leadingComment('/**\n * Block.\n */\ncode')).toBe('Block.')
  })
})
