import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent } from '@adk-fluent/fluent'
import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
const llm = new ScriptedLlm(['Hello Ann.', 'Your name is Ann.'])
const agent = Agent('assistant', llm).instruct('Be brief.')
const chat = `readme-${randomUUID()}`
// #region sessions
import { openSessionService } from '@adk-fluent/sessions'

const sessions = openSessionService('sqlite:.adk/sessions.db') // embedded, no server; or postgresql://… for many workers
await agent.ask('My name is Ann.', { sessionService: sessions, sessionId: chat }) // any process continues `chat`
// #endregion sessions
await sessions.close()

it('continues a conversation stored in SQLite from a second service, as a second process would', async () => {
  const again = openSessionService('sqlite:.adk/sessions.db')
  try {
    expect(await agent.ask('What is my name?', { sessionService: again, sessionId: chat })).toBe('Your name is Ann.')
    expect(llm.requests[1]?.contents.map((content) => content.parts?.[0]?.text)).toEqual([
      'My name is Ann.',
      'Hello Ann.',
      'What is my name?',
    ])
  } finally {
    await again.close()
  }
})
