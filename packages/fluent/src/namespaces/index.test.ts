import { describe, expect, it } from 'vitest'
import { InMemoryRunner, LlmAgent, type Event, type LlmRequest } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { C, P, S, T } from './index.js'
import { compilePrompt } from './prompt/compile-prompt.js'
import { compileContext, composeInstruction } from './context/compile-context.js'
import { toTools } from './tools/compose-tools.js'

async function runOnce(agent: LlmAgent, state: Record<string, unknown>, text = 'go'): Promise<Event[]> {
  const runner = new InMemoryRunner({ agent, appName: 'app' })
  const session = await runner.sessionService.createSession({ appName: 'app', userId: 'u1', state })
  const events: Event[] = []
  for await (const event of runner.runAsync({
    userId: 'u1',
    sessionId: session.id,
    newMessage: { role: 'user', parts: [{ text }] },
  })) {
    events.push(event)
  }
  return events
}

function systemInstruction(request: LlmRequest | undefined): string | undefined {
  return request?.config.systemInstruction
}

describe('compiled P and C in a real core run', () => {
  it('a P.when block reaches the model or not depending on the state at run time', async () => {
    const prompt = P.role('You are a guide.')
      .add(P.when('verbose', P.constraint('Explain every step.')))
      .add(P.fromState('city'))
    for (const [state, expected] of [
      [
        { verbose: true, city: 'Kyoto' },
        'You are a guide.\n\nContext:\ncity: Kyoto\n\nConstraints:\nExplain every step.',
      ],
      [{ verbose: false }, 'You are a guide.'],
    ] as const) {
      const llm = new ScriptedLlm(['ok'])
      await runOnce(new LlmAgent({ name: 'guide', model: llm, instruction: compilePrompt(prompt) }), { ...state })
      expect(systemInstruction(llm.requests[0])).toContain(expected)
    }
  })

  it('C.none() + C.fromState() with composeInstruction suppresses history and shows the block', async () => {
    const compiled = compileContext(C.none().add(C.fromState('findings', 'tone')))
    const llm = new ScriptedLlm(['done'])
    const agent = new LlmAgent({
      name: 'writer',
      model: llm,
      includeContents: compiled.includeContents,
      instruction: async (context) =>
        composeInstruction('Write about cats.', (await compiled.provider?.(context)) ?? ''),
    })
    await runOnce(agent, { findings: 'F1', tone: 'formal', topic: 'cats' })
    expect(systemInstruction(llm.requests[0])).toContain(
      'Write about cats.\n\n<conversation_context>\n[findings]: F1\n[tone]: formal\n</conversation_context>',
    )
  })

  it('a T tool runs inside a core agent', async () => {
    const llm = new ScriptedLlm([
      { content: { role: 'model', parts: [{ functionCall: { name: 'lookup', args: { q: 'x' } } }] } },
      'The answer is 42.',
    ])
    const agent = new LlmAgent({
      name: 'helper',
      model: llm,
      tools: toTools(T.mock('lookup', { returns: { answer: 42 } })),
    })
    const events = await runOnce(agent, {})
    const response = events.flatMap((event) => event.content?.parts ?? []).find((part) => part.functionResponse)
    expect(response?.functionResponse?.response).toEqual({ answer: 42 })
    expect(
      S.set({ a: 1 })
        .then(S.set({ b: 2 }))
        .apply({}),
    ).toEqual({ a: 1, b: 2 })
  })
})
