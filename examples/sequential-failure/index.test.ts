import { describe, expect, it } from 'vitest'
import { runExample } from '../shared/run-example.js'
import { example } from './index.js'

describe('sequential-failure example', () => {
  it('records the failure, skips B and C without model calls, and injects all outcomes into D', async () => {
    const lines: string[] = []
    const run = await runExample(example, { print: (line) => lines.push(line), environment: {} })
    const scripted = run.choice.scripted
    if (!scripted) throw new Error('expected the offline scripted model')
    const callers = scripted.requests.map((request) => request.config.labels?.['adk_agent_name'])
    expect(callers).toEqual(['agent_a', 'agent_a', 'agent_d'])
    expect(JSON.parse(String(run.state['agent_a_outcome']))).toEqual({
      status: 'failure',
      detail: "Error in tool 'reserve_stock': warehouse service unavailable",
    })
    expect(JSON.parse(String(run.state['agent_b_outcome']))).toEqual({
      status: 'skipped',
      detail: 'agent_a_outcome was failure',
    })
    expect(JSON.parse(String(run.state['agent_c_outcome']))).toEqual({
      status: 'skipped',
      detail: 'agent_b_outcome was skipped',
    })
    const system = scripted.requests[2]?.config.systemInstruction ?? ''
    expect(system).toContain(`Outcome of A: ${String(run.state['agent_a_outcome'])}`)
    expect(system).toContain(`Outcome of B: ${String(run.state['agent_b_outcome'])}`)
    expect(system).toContain(`Outcome of C: ${String(run.state['agent_c_outcome'])}`)
    expect(lines[0]).toBe('Running offline on scripted models (set GOOGLE_API_KEY to run on Gemini).')
    expect(run.finalText).toContain('Order not shipped')
    const toolResponse = run.events.flatMap((event) => event.content?.parts ?? []).find((part) => part.functionResponse)
    expect(toolResponse?.functionResponse?.response).toEqual({
      error: "Error in tool 'reserve_stock': warehouse service unavailable",
    })
  })
})
