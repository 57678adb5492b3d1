import { describe, expect, it } from 'vitest'
import { runExample } from '../shared/run-example.js'
import { example, findingKeys } from './index.js'

describe('research-fanout example', () => {
  it('runs the researchers concurrently, merges their findings and gives the synthesizer only the merged key', async () => {
    const run = await runExample(example, { print: () => undefined, environment: {} })
    const requests = run.choice.scripted?.requests ?? []
    const byAgent = new Map(requests.map((request) => [String(request.config.labels?.['adk_agent_name']), request]))
    expect([...byAgent.keys()].sort()).toEqual([
      'market_researcher',
      'paper_researcher',
      'synthesizer',
      'web_researcher',
    ])
    expect(requests.at(-1)?.config.labels?.['adk_agent_name']).toBe('synthesizer')
    const topic = example.defaultPrompt
    expect(run.state['topic']).toBe(topic)
    expect(byAgent.get('paper_researcher')?.config.systemInstruction).toContain(
      `You research the question "${topic}". Summarize what peer-reviewed studies found. Reply with three short bullet points.`,
    )
    const researcherEvents = run.events.filter((event) => event.author.endsWith('_researcher'))
    expect(researcherEvents.map((event) => event.branch).sort()).toEqual([
      'research.market_researcher',
      'research.paper_researcher',
      'research.web_researcher',
    ])

    const script = example.script as Readonly<Record<string, readonly string[]>>
    const findings = [script['web_researcher']?.[0], script['paper_researcher']?.[0], script['market_researcher']?.[0]]
    expect(findingKeys.map((key) => run.state[key])).toEqual(findings)
    expect(run.state['findings']).toBe(findings.join('\n'))

    const synthesizer = byAgent.get('synthesizer')
    expect(synthesizer?.config.systemInstruction).toBe(
      'You are an agent. Your internal name is "synthesizer".\n\n' +
        `Answer the question "${topic}" in a five-sentence briefing for a busy reader. Use only the findings below.\n\n` +
        `<conversation_context>\n[findings]: ${findings.join('\n')}\n</conversation_context>`,
    )
    // `.reads()` hides the conversation: the researchers' replies are not in the synthesizer's contents.
    const contents =
      synthesizer?.contents.flatMap((content) => content.parts ?? []).map((part) => part.text ?? '') ?? []
    expect(contents.join('\n')).not.toContain('Owners report')
    expect(run.finalText).toBe(script['synthesizer']?.[0])
    expect(run.state['briefing']).toBe(run.finalText)
  })
})
