import { describe, expect, it } from 'vitest'
import { runA2aExample } from './run-a2a-example.js'

describe('a2a example', () => {
  it('serves the pricing agent over A2A and runs the shop against it, offline', async () => {
    const lines: string[] = []
    const run = await runA2aExample({ print: (line) => lines.push(line), environment: {} })
    expect(run.cardUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\.well-known\/agent-card\.json$/)
    expect(run.anatomy).toContain('Remote Agent: pricer (remote A2A agent at http://127.0.0.1:')
    expect(run.answer).toBe('SKU-42 costs 19.9 EUR.')
    // The remote got `sku` as a data part (into its state); the clerk's {price} and {currency} came back from it.
    expect(run.pricerInstruction).toContain('Quote the unit price in EUR of product SKU-42.')
    expect(lines[0]).toBe('Running offline on scripted models (set GOOGLE_API_KEY to run on Gemini).')
  })
})
