import { describe, expect, it } from 'vitest'
import { InMemoryRunner, LlmAgent, SequentialAgent, isFinalResponse } from '../index.js'
import { ScriptedLlm } from '../testing/index.js'

describe('smoke', () => {
  it('runs a 3-agent pipeline with templates', async () => {
    const llm = new ScriptedLlm(['facts about cats', 'a draft', 'looks good'])
    const pipeline = new SequentialAgent({
      name: 'pipeline',
      subAgents: [
        new LlmAgent({ name: 'researcher', model: llm, instruction: 'Research {topic}.', outputKey: 'findings' }),
        new LlmAgent({ name: 'writer', model: llm, instruction: 'Write using {findings}.', outputKey: 'draft' }),
        new LlmAgent({ name: 'reviewer', model: llm, instruction: 'Review {draft}.', outputKey: 'review' }),
      ],
    })
    const runner = new InMemoryRunner({ agent: pipeline, appName: 'app' })
    const session = await runner.sessionService.createSession({ appName: 'app', userId: 'u', state: { topic: 'cats' } })
    const events = []
    for await (const event of runner.runAsync({ userId: 'u', sessionId: session.id, newMessage: { role: 'user', parts: [{ text: 'go' }] } })) events.push(event)
    expect(events.map((e) => e.author)).toEqual(['researcher', 'writer', 'reviewer'])
    expect(events.every(isFinalResponse)).toBe(true)
    expect(llm.requests.map((r) => r.config.systemInstruction)).toEqual([
      'You are an agent. Your internal name is "researcher".\n\nResearch cats.',
      'You are an agent. Your internal name is "writer".\n\nWrite using facts about cats.',
      'You are an agent. Your internal name is "reviewer".\n\nReview a draft.',
    ])
    expect(llm.requests[2]?.contents).toEqual([
      { role: 'user', parts: [{ text: 'go' }] },
      { role: 'user', parts: [{ text: 'For context:' }, { text: '[researcher] said: facts about cats' }] },
      { role: 'user', parts: [{ text: 'For context:' }, { text: '[writer] said: a draft' }] },
    ])
    const stored = await runner.sessionService.getSession({ appName: 'app', userId: 'u', sessionId: session.id })
    expect(stored?.state).toMatchObject({ findings: 'facts about cats', draft: 'a draft', review: 'looks good' })
  })
})
