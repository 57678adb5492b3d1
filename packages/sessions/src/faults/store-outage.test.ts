import { FunctionTool, LlmAgent, Runner, type Event } from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { createServer, connect, type Server, type Socket } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { PostgresSessionService } from '../postgres/postgres-session-service.js'
import { freshSchema, pgExec, pgTitle, pgUrl } from '../test-databases.test-helper.js'

/** A TCP proxy to the test PostgreSQL that can be cut (the database "goes away" for the client). */
async function startProxy(target: URL): Promise<{ url: string; cut(): void }> {
  const sockets = new Set<Socket>()
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname)
    sockets.add(client).add(upstream)
    client.pipe(upstream).pipe(client)
    const drop = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  const url = new URL(target.href)
  url.port = String(port)
  return {
    url: url.href,
    cut() {
      server.close()
      for (const socket of sockets) socket.destroy()
    },
  }
}

describe.skipIf(!pgUrl)(`a database that goes away mid-run: ${pgTitle}`, () => {
  const schema = freshSchema()
  afterAll(async () => {
    await pgExec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  })

  it('ends the run with an error event, stores nothing partial, and the session reads back consistent', async () => {
    const proxy = await startProxy(new URL(pgUrl as string))
    const service = new PostgresSessionService({ url: proxy.url, schema })
    const cutting = new FunctionTool({
      name: 'cut',
      description: 'Cuts the database connection.',
      execute: async (_args, context) => {
        context.state.set('tool_ran', true)
        proxy.cut()
        return { ok: true }
      },
    })
    const agent = new LlmAgent({ name: 'agent', model: new ScriptedLlm([call('cut'), 'never sent']), tools: [cutting] })
    const runner = new Runner({ appName: 'outage', agent, sessionService: service })
    const session = await service.createSession({ appName: 'outage', userId: 'u' })
    const events: Event[] = []
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: session.id,
      newMessage: { role: 'user', parts: [{ text: 'go' }] },
    })) {
      events.push(event)
    }
    expect(events.at(-1)).toMatchObject({ errorCode: 'SESSION_STORE_FAILED' })
    await service.close().catch(() => undefined)
    const direct = new PostgresSessionService({ url: pgUrl as string, schema })
    try {
      const stored = await direct.getSession({ appName: 'outage', userId: 'u', sessionId: session.id })
      // The user message and the model's call were stored before the cut; the tool's response (and its state) not.
      expect(stored?.events.map((event) => event.author)).toEqual(['user', 'agent'])
      expect(stored?.revision).toBe(2)
      expect(stored?.state['tool_ran']).toBeUndefined()
    } finally {
      await direct.close()
    }
  })
})
