import { describe, expect, it } from 'vitest'
import { runExample } from '../shared/run-example.js'
import { example } from './index.js'

describe('data-analyst example', () => {
  it('plans, runs parallel tool calls, and keeps only the final answer visible and stored', async () => {
    const lines: string[] = []
    const run = await runExample(example, { print: (line) => lines.push(line), environment: {} })
    const requests = run.choice.scripted?.requests ?? []
    expect(requests).toHaveLength(3)
    for (const tag of ['/*PLANNING*/', '/*REPLANNING*/', '/*REASONING*/', '/*ACTION*/', '/*FINAL_ANSWER*/']) {
      expect(requests[0]?.config.systemInstruction).toContain(tag)
    }
    // Planning text sent back in history is plain text (thought flags cleared).
    const history = requests[1]?.contents.flatMap((content) => content.parts ?? []) ?? []
    expect(history.some((part) => part.text?.startsWith('/*PLANNING*/'))).toBe(true)
    expect(history.every((part) => !part.thought)).toBe(true)
    const responses = run.events.flatMap((event) => event.content?.parts ?? []).filter((part) => part.functionResponse)
    expect(responses.map((part) => part.functionResponse?.response)).toEqual([
      { region: 'north', monthly: [120, 135, 160] },
      { region: 'south', monthly: [90, 95, 80] },
      { percent: 33.3 },
      { percent: -11.1 },
    ])
    const final = run.events[run.events.length - 1]
    expect(final?.content?.parts?.[0]).toMatchObject({ thought: true })
    expect(run.state['answer']).toBe(' North grew faster: +33.3% against -11.1% for south.')
    expect(lines.at(-1)).toBe('[data_analyst]  North grew faster: +33.3% against -11.1% for south.')
  })
})
