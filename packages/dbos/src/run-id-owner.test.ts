// A run id names one run of one session. A caller that names the id of another session's run (another user's) gets
// an error, not a handle on that run, and its message is not lost silently.
import { afterAll, describe, expect, it, vi } from 'vitest'
import { FunctionTool, InMemorySessionService, LlmAgent, Runner } from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { DurableClient } from './index.js'
import { databaseUrl, pgUrl, uniqueName } from './testing/harness.test-helper.js'

const clients: DurableClient[] = []
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()))
})

const go = (text: string) => ({ role: 'user', parts: [{ text }] })

/** Bob's session, paused on the approval of pay(bob), in a session store of his own. */
async function bobsPause(appName: string) {
  const pay = new FunctionTool({ name: 'pay', description: 'Pays.', requireConfirmation: true, execute: () => 'ok' })
  const agent = new LlmAgent({ name: 'desk', tools: [pay], model: new ScriptedLlm([call('pay', { to: 'bob' }, 'c1')]) })
  const sessions = new InMemorySessionService()
  await sessions.createSession({ appName, userId: 'bob', sessionId: 'mine' })
  const runner = new Runner({ appName, agent, sessionService: sessions })
  for await (const _ of runner.runAsync({ userId: 'bob', sessionId: 'mine', newMessage: go('pay bob') })) void _
  return sessions
}

describe.skipIf(!pgUrl)("a run id of another session's run", () => {
  it('startRun and answerInterrupts with it are refused (RUN_ID_TAKEN); the first run keeps its own input', async () => {
    const appName = uniqueName('runid')
    const dbosUrl = databaseUrl(uniqueName('dbos'))
    const sessions = await bobsPause(appName)
    // DBOS says that it creates the system database (no worker made it here first).
    const quiet = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const client = await DurableClient.connect({
      appName,
      databaseUrl: dbosUrl,
      version: 'v1',
      sessionService: sessions,
    })
    quiet.mockRestore()
    clients.push(client)
    // Alice's run, waiting for a worker.
    const alice = await client.startRun({
      userId: 'alice',
      sessionId: 'hers',
      newMessage: go('pay alice'),
      runId: 'r-1',
    })
    // The same request again (a retry) is the same run.
    expect(
      (await client.startRun({ userId: 'alice', sessionId: 'hers', newMessage: go('pay alice'), runId: 'r-1' })).id,
    ).toBe(alice.id)
    // Bob names Alice's run id: refused, naming the id; he gets no handle on her run.
    const started = await client
      .startRun({ userId: 'bob', sessionId: 'mine', newMessage: go('hello'), runId: 'r-1' })
      .catch((error: unknown) => error)
    expect(started).toMatchObject({ code: 'RUN_ID_TAKEN', runId: 'r-1' })
    expect((started as Error).message).toMatch(/r-1/)
    expect((started as Error).message).not.toMatch(/alice|hers/)
    const [pending] = await client.pendingInterrupts({ userId: 'bob', sessionId: 'mine' })
    const answered = await client
      .answerInterrupts({ userId: 'bob', sessionId: 'mine', answers: { [pending!.id]: true }, runId: 'r-1' })
      .catch((error: unknown) => error)
    expect(answered).toMatchObject({ code: 'RUN_ID_TAKEN' })
    // Bob's own answer (its own run id) is a run of his session.
    const mine = await client.answerInterrupts({ userId: 'bob', sessionId: 'mine', answers: { [pending!.id]: true } })
    expect(mine.id).not.toBe('r-1')
    expect((await mine.status())?.state).toBe('ENQUEUED')
  }, 120_000)
})
