import { describe, expect, it } from 'vitest'
import { InMemoryRunner, MaxTurnsError, Workflow, type Event } from '@adk-fluent/core'
import { ScriptedLlm, text } from '@adk-fluent/core/testing'
import { ticketGraph } from './graph-fluent-docs.js'

async function turn(workflow: Workflow, message: string) {
  const runner = new InMemoryRunner({ agent: workflow, appName: 'docs' })
  const session = await runner.sessionService.createSession({ appName: 'docs', userId: 'user' })
  const events: Event[] = []
  for await (const event of runner.runAsync({
    userId: 'user',
    sessionId: session.id,
    newMessage: { role: 'user', parts: [{ text: message }] },
  }))
    events.push(event)
  const stored = await runner.sessionService.getSession({ appName: 'docs', userId: 'user', sessionId: session.id })
  return { events, state: stored?.state ?? {} }
}

const outputOf = (events: readonly Event[], author: string) =>
  events.filter((event) => event.author === author && event.output !== undefined).map((event) => event.output)

describe('docs/graph-workflows.md: the fluent Graph', () => {
  it('a bug: the fan-out and its join, the function picks on-call by the logs, the reviewer sends the reply back once', async () => {
    const model = new ScriptedLlm({
      classify: [text('"bug"')],
      reproduce: [text('1. Open the app.')],
      logs: [text('The crash log of the app.')],
      oncall: [text('Page: the app crashes.')],
      answer: [text('We are on it.'), text('We are on it: a fix ships today.')],
      review: [text('"again"'), text('"ready"')],
    })
    const { events, state } = await turn(ticketGraph(model).build(), 'The app crashes on start.')
    expect(state).toMatchObject({
      ticket: 'The app crashes on start.',
      steps: '1. Open the app.',
      page: 'Page: the app crashes.',
    })
    expect(outputOf(events, 'investigated')).toEqual([
      { reproduce: '1. Open the app.', logs: 'The crash log of the app.' },
    ])
    expect(outputOf(events, 'escalate')).toEqual(['Page: the app crashes.'])
    expect(outputOf(events, 'review')).toEqual(['again', 'ready'])
    expect(outputOf(events, 'send')).toEqual(['Sent: We are on it: a fix ships today.'])
    // The answer agent sees the ticket from state, and its node input as its user turn.
    const answered = model.requests.filter((request) => request.config.labels?.['adk_agent_name'] === 'answer')
    expect(answered[0]?.config.systemInstruction).toContain(
      'Answer the ticket: The app crashes on start.\nSteps: 1. Open the app.',
    )
    expect(answered[0]?.contents).toEqual([{ role: 'user', parts: [{ text: 'Page: the app crashes.' }] }])
  })

  it('a question skips the join; a reviewer that never approves stops at maxSteps', async () => {
    const model = new ScriptedLlm({
      classify: [text('"question"')],
      answer: [text('Yes.')],
      review: [text('"ready"')],
    })
    const { events } = await turn(ticketGraph(model).build(), 'Does it run offline?')
    expect(events.some((event) => event.author === 'investigated')).toBe(false)
    expect(outputOf(events, 'send')).toEqual(['Sent: Yes.'])
    const stubborn = new ScriptedLlm({
      classify: [text('"question"')],
      answer: Array.from({ length: 10 }, () => text('Maybe.')),
      review: Array.from({ length: 10 }, () => text('"again"')),
    })
    await expect(turn(ticketGraph(stubborn).build(), 'Does it?')).rejects.toSatisfy((error) =>
      MaxTurnsError.isInstance(error),
    )
  })

  it('checks out: nothing to fix', () => {
    expect(
      ticketGraph(new ScriptedLlm([]))
        .check()
        .filter((issue) => issue.level !== 'info'),
    ).toEqual([])
  })
})
