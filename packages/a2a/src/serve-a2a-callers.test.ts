import { afterEach, describe, expect, it } from 'vitest'
import type { IncomingMessage } from 'node:http'
import { TaskState, type Part, type Task } from '@a2a-js/sdk'
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory, type Client } from '@a2a-js/sdk/client'
import { InMemorySessionService } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent } from '@adk-fluent/fluent'
import { serveA2a, type A2aServer, type ServeA2aOptions } from './serve-a2a.js'
import { sdkClient, sendRequest, textOf, userMessage } from './a2a-client.test-helper.js'
import { cleanRpcError, rawRequest, rpc } from './raw-http.test-helper.js'

// Issue 39: a caller sees only its own tasks and conversations, and its data never writes another's state.

const servers: A2aServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

async function serve(llm: ScriptedLlm, options: ServeA2aOptions = {}): Promise<A2aServer> {
  const server = await serveA2a(Agent('keeper', llm).instruct('Theme: {app:theme?}.'), { port: 0, ...options })
  servers.push(server)
  return server
}

const tokens: Record<string, string> = { 'token-ana': 'ana', 'token-bob': 'bob' }
const authenticate = (request: IncomingMessage) => {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
  if (token === 'token-throws') throw new Error('token store at /srv/auth/tokens.db is down')
  const userId = token === undefined ? undefined : tokens[token]
  return userId === undefined ? undefined : { userId }
}

/** The SDK's client sending `Authorization: Bearer <token>` on every JSON-RPC call. */
async function clientWithToken(url: string, token: string, legacy = false): Promise<Client> {
  const fetchImpl: typeof fetch = (input, init) =>
    fetch(input, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${token}` },
    })
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl, legacyCompat: { enabled: true } })],
    }),
  )
  const client = await factory.createFromUrl(url)
  if (!legacy) return client
  const card = await client.getAgentCard()
  return factory.createFromAgentCard({
    ...card,
    supportedInterfaces: card.supportedInterfaces.filter((item) => item.protocolVersion === '0.3'),
  })
}

function dataPart(value: Record<string, unknown>): Part {
  return { content: { $case: 'data', value }, metadata: undefined, filename: '', mediaType: 'application/json' }
}

const list = (contextId = '') => ({
  tenant: '',
  contextId,
  status: TaskState.TASK_STATE_UNSPECIFIED,
  pageToken: '',
  statusTimestampAfter: undefined,
  historyLength: undefined,
  includeArtifacts: undefined,
})

describe('serveA2a keeps callers apart', () => {
  it('never lists an anonymous caller the tasks of others: listing needs a contextId the caller knows', async () => {
    const server = await serve(new ScriptedLlm(['noted', 'second']))
    const ana = await sdkClient(server.url)
    const first = (await ana.sendMessage(sendRequest(userMessage('my PIN is 4711')))) as Task
    const raw = await rawRequest(server.url, {
      headers: { 'A2A-Version': '1.0' },
      body: rpc('ListTasks', {}),
    })
    const error = cleanRpcError(raw)
    expect(error.message).toMatch(/needs a contextId/)
    expect(raw.text).not.toContain('4711')
    expect(raw.text).not.toContain(first.id)
    const bob = await sdkClient(server.url)
    await expect(bob.listTasks(list())).rejects.toThrow(/needs a contextId/)
    // Bob's own conversation lists only Bob's task; naming Ana's context id (her capability) lists hers.
    const own = (await bob.sendMessage(sendRequest(userMessage('hello')))) as Task
    const bobs = await bob.listTasks(list(own.contextId))
    expect(bobs.tasks.map((task) => task.id)).toEqual([own.id])
    const anas = await ana.listTasks(list(first.contextId))
    expect(anas.tasks.map((task) => task.id)).toEqual([first.id])
    await expect(bob.listTasks(list('../other'))).rejects.toThrow(/is not an id/)
  })

  it('with authenticate: each user sees, lists, cancels and continues only their own tasks and sessions', async () => {
    const sessionService = new InMemorySessionService()
    const llm = new ScriptedLlm(['noted', 'hello bob', 'bob again', 'ana again'])
    const server = await serve(llm, { authenticate, sessionService, appName: 'keeper_app' })
    const ana = await clientWithToken(server.url, 'token-ana')
    const bob = await clientWithToken(server.url, 'token-bob', true)
    const first = (await ana.sendMessage(sendRequest(userMessage('the vault code is 1234')))) as Task
    expect(first.status?.state).toBe(TaskState.TASK_STATE_COMPLETED)
    const bobsTask = (await bob.sendMessage(sendRequest(userMessage('hi')))) as Task
    await expect(bob.getTask({ tenant: '', id: first.id })).rejects.toThrow(/not found/i)
    await expect(bob.cancelTask({ tenant: '', id: first.id, metadata: undefined })).rejects.toThrow(/not found/i)
    const anaList = await ana.listTasks(list())
    expect(anaList.tasks.map((task) => task.id)).toEqual([first.id])
    const bobList = await (await clientWithToken(server.url, 'token-bob')).listTasks(list())
    expect(bobList.tasks.map((task) => task.id)).toEqual([bobsTask.id])
    // Bob naming Ana's contextId gets a conversation of his own: the model never sees Ana's message.
    await bob.sendMessage(sendRequest(userMessage('what is the code?', { contextId: first.contextId })))
    const seen = llm.requests[2]?.contents.map((content) => content.parts?.[0]?.text)
    expect(seen).toEqual(['what is the code?'])
    await ana.sendMessage(sendRequest(userMessage('and again', { contextId: first.contextId })))
    expect(llm.requests[3]?.contents.map((content) => content.parts?.[0]?.text)).toEqual([
      'the vault code is 1234',
      'noted',
      'and again',
    ])
    const anaSessions = await sessionService.listSessions({ appName: 'keeper_app', userId: 'ana' })
    const bobSessions = await sessionService.listSessions({ appName: 'keeper_app', userId: 'bob' })
    expect(anaSessions.sessions.map((session) => session.id)).toEqual([first.contextId])
    expect(bobSessions.sessions.map((session) => session.id).sort()).toEqual(
      [bobsTask.contextId, first.contextId].sort(),
    )
    const anonymous = await sessionService.listSessions({
      appName: 'keeper_app',
      userId: `A2A_USER_${first.contextId}`,
    })
    expect(anonymous.sessions).toEqual([])
  })

  it("keeps anonymous conversations apart as ADK does (each its own user): one's user: state never reaches another", async () => {
    const llm = new ScriptedLlm(['Ada', 'hello', 'again', 'Grace', 'hi'])
    const agent = () => Agent('namer', llm).instruct('Known name: {user:name?}.').writes('user:name')
    const server = await serveA2a(agent(), { port: 0 })
    servers.push(server)
    const client = await sdkClient(server.url)
    const first = (await client.sendMessage(sendRequest(userMessage('I am Ada')))) as Task
    await client.sendMessage(sendRequest(userMessage('who am I?')))
    expect(llm.requests[1]?.config.systemInstruction).toContain('Known name: .')
    // The same conversation keeps its user state.
    await client.sendMessage(sendRequest(userMessage('again', { contextId: first.contextId })))
    expect(llm.requests[2]?.config.systemInstruction).toContain('Known name: Ada.')
    // With an explicit userId the operator chose one shared user for every anonymous caller.
    const shared = await serveA2a(agent(), { port: 0, userId: 'everyone' })
    servers.push(shared)
    const sharedClient = await sdkClient(shared.url)
    await sharedClient.sendMessage(sendRequest(userMessage('I am Grace')))
    await sharedClient.sendMessage(sendRequest(userMessage('other conversation')))
    expect(llm.requests[4]?.config.systemInstruction).toContain('Known name: Grace.')
  })

  it('with authenticate: no or wrong credentials get 401 as a JSON-RPC error, saying nothing of why; the card stays public', async () => {
    const server = await serve(new ScriptedLlm(['never']), { authenticate })
    const send = rpc('message/send', { message: { kind: 'message', messageId: 'm1', role: 'user', parts: [] } })
    for (const authorization of [undefined, 'Bearer token-nobody', 'Bearer token-throws']) {
      const reply = await rawRequest(server.url, {
        headers: authorization === undefined ? {} : { authorization },
        body: send,
      })
      expect(reply.status, authorization).toBe(401)
      expect(cleanRpcError(reply).message).toMatch(/Authentication required/)
      expect(reply.text).not.toContain('/srv/auth')
    }
    const card = await rawRequest(server.cardUrl, { method: 'GET' })
    expect(card.status).toBe(200)
    expect(JSON.parse(card.text).name).toBe('keeper')
  })

  it("refuses data parts that write app:, user:, temp: or reserved keys, on every protocol; no conversation's state changes", async () => {
    const sessionService = new InMemorySessionService()
    const llm = new ScriptedLlm(['first', 'second'])
    const server = await serve(llm, { sessionService, appName: 'keeper_app' })
    const client = await sdkClient(server.url)
    const legacy = await sdkClient(server.url, { legacy: true })
    const hostile: Record<string, unknown>[] = [
      { 'app:theme': 'pwned' },
      { 'user:role': 'admin' },
      { 'temp:x': 1 },
      JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>,
      { constructor: 1 },
      { 'a b': 1 },
      { 'app:constructor': 1 },
      { ok: 'x\uD800' },
    ]
    for (const value of hostile) {
      const shown = Object.keys(value)[0] as string
      await expect(
        client.sendMessage(sendRequest(userMessage('hi', { parts: [dataPart(value)] }))),
        shown,
      ).rejects.toThrow(/data key|cannot be kept in state/)
      await expect(
        legacy.sendMessage(sendRequest(userMessage('hi', { parts: [dataPart(value)] }))),
        shown,
      ).rejects.toThrow(/data key|cannot be kept in state/)
      const stream = client.sendMessageStream(sendRequest(userMessage('hi', { parts: [dataPart(value)] })))
      await expect(stream.next(), shown).rejects.toThrow(/data key|cannot be kept in state/)
    }
    // The raw 0.3 wire: a data part writing app: state is refused as invalid params, before any session exists.
    const raw = await rawRequest(server.url, {
      body: rpc('message/send', {
        message: {
          kind: 'message',
          messageId: 'm1',
          role: 'user',
          parts: [
            { kind: 'text', text: 'hi' },
            { kind: 'data', data: { 'app:theme': 'pwned' } },
          ],
        },
      }),
    })
    expect(cleanRpcError(raw)).toMatchObject({ code: -32602, message: expect.stringContaining('"app:theme"') })
    expect((await sessionService.listSessions({ appName: 'keeper_app' })).sessions).toEqual([])
    expect(llm.requests).toHaveLength(0)
    // A session key is still welcome, and another conversation never sees an app: value.
    const done = (await client.sendMessage(
      sendRequest(userMessage('hi', { parts: [dataPart({ topic: 'x' })] })),
    )) as Task
    expect(textOf(done.artifacts[0]?.parts)).toBe('first')
    await client.sendMessage(sendRequest(userMessage('again')))
    expect(llm.requests[1]?.config.systemInstruction).toContain('Theme: .')
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it('refuses context and task ids with path or control characters, or too long, and local file URLs, as invalid params', async () => {
    const server = await serve(new ScriptedLlm(['still here']))
    const client = await sdkClient(server.url)
    for (const contextId of [
      '../../etc/passwd',
      'a/b',
      'a\\b',
      'line\nbreak',
      '.hidden',
      'x'.repeat(129),
      'nul\u0000',
    ]) {
      await expect(
        client.sendMessage(sendRequest(userMessage('hi', { contextId }))),
        JSON.stringify(contextId),
      ).rejects.toThrow(/is not an id/)
    }
    const raw = await rawRequest(server.url, {
      body: rpc('message/send', {
        message: {
          kind: 'message',
          messageId: 'm',
          role: 'user',
          taskId: '../t',
          parts: [{ kind: 'text', text: 'x' }],
        },
      }),
    })
    expect(cleanRpcError(raw).message).toMatch(/message\.taskId "..\/t" is not an id/)
    for (const value of ['file:///etc/passwd', 'FILE:/etc/shadow', '/etc/passwd', 'javascript:alert(1)']) {
      const part: Part = {
        content: { $case: 'url', value },
        metadata: undefined,
        filename: '',
        mediaType: 'text/plain',
      }
      await expect(client.sendMessage(sendRequest(userMessage('read', { parts: [part] }))), value).rejects.toThrow(
        /is not an http\(s\) or gs:\/\/ URL/,
      )
    }
    const fine = (await client.sendMessage(sendRequest(userMessage('hi', { contextId: 'conv-1.a:b_c' })))) as Task
    expect(fine.contextId).toBe('conv-1.a:b_c')
  })
})
