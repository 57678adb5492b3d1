import { describe, expect, it } from 'vitest'
import { main } from './index.js'

describe('adk-api-server example', () => {
  it('creates a session and streams the pipeline through /run_sse, as an ADK client would', async () => {
    const lines: string[] = []
    await main((line) => lines.push(line))
    expect(lines[1]).toBe('apps: support')
    expect(lines.slice(2)).toEqual([
      '[triage] billing  state {"topic":"billing"}',
      '[answer] Sorry about the double charge. I have refunded the second payment; it reaches your card in 3-5 days.',
      expect.stringMatching(/^session .+: 3 events, state \{"plan":"pro","topic":"billing"\}$/),
    ])
  })
})
