import { describe, expect, it } from 'vitest'
import { runShowcase } from './demo.js'

describe('showcase demo', () => {
  it('prints the graph and anatomies, then runs offline until the review target is reached', async () => {
    const written: string[] = []
    const state = await runShowcase({ target: { isTTY: false, write: (text) => written.push(text) }, environment: {} })
    const output = written.join('')
    expect(output).toContain('Running offline on scripted models (set GOOGLE_API_KEY to run on Gemini).')
    expect(output).toContain('showcase (Pipeline)')
    expect(output).toContain('LLM Call Anatomy: researcher')
    expect(output).toContain('LLM Call Anatomy: writer')
    expect(output).toContain('… writer is working\n')
    expect(output).toContain('[reviewer] Score: 9/10')
    expect(state['quality']).toBe(0.9)
    expect(state['quality_stop_reason']).toBe('target reached')
    expect(String(state['draft'])).toContain('waggle dance points toward the food')
  })

  it('redraws one live line on a terminal', async () => {
    const written: string[] = []
    await runShowcase({ target: { isTTY: true, write: (text) => written.push(text) }, environment: {} })
    expect(written.some((text) => text.startsWith('\r\u001b[2K') && text.includes('researcher is working…'))).toBe(true)
    expect(written.some((text) => text.startsWith('… '))).toBe(false)
  })
})
