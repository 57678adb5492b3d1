import { describe, expect, it } from 'vitest'
import { runShowcaseOnAiSdk } from './showcase-on-ai-sdk.js'

describe('the showcase on an AI SDK model (fake OpenAI-compatible server)', () => {
  it('runs research → write → review until the target, streaming every call over server-sent events', async () => {
    const written: string[] = []
    const { state, requests } = await runShowcaseOnAiSdk({ write: (text) => written.push(text), environment: {} })
    const output = written.join('')

    // researcher, writer, reviewer (6/10), writer again, reviewer (9/10): five model calls, all streamed.
    expect(requests).toHaveLength(5)
    expect(requests.every((request) => request.body.stream === true && request.body.model === 'llama3.2')).toBe(true)
    const systems = requests.map((request) => String(request.body.messages[0]?.content))
    expect(systems[0]).toContain('You are a meticulous researcher.')
    expect(systems[1]).toContain('You are a clear, friendly technical writer.')
    expect(systems[2]).toContain('Review the article.')
    // The second round's writer sees the reviewer's feedback in its prompt.
    expect(JSON.stringify(requests[3]?.body.messages)).toContain('Say how the dance encodes distance and direction')

    expect(state['quality']).toBe(0.9)
    expect(state['quality_stop_reason']).toBe('target reached')
    expect(String(state['findings'])).toContain('waggle dance')
    expect(String(state['draft'])).toContain('waggle dance points toward the food')
    expect(output).toContain('Running offline on a fake OpenAI-compatible server (http://127.0.0.1:')
    expect(output).toContain('[researcher] - Forager bees perform a "waggle dance"')
    expect(output).toContain('[reviewer] Score: 9/10\nClear, accurate and vivid. Publish.')
    expect(output).toContain('Quality 0.9 after 2 round(s).')
  })
})
