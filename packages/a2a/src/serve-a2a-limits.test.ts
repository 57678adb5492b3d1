import { afterEach, describe, expect, it } from 'vitest'
import type { IncomingMessage } from 'node:http'
import type { Task } from '@a2a-js/sdk'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent } from '@adk-fluent/fluent'
import { serveA2a, type A2aServer, type ServeA2aOptions } from './serve-a2a.js'
import { sdkClient, sendRequest, textOf, userMessage } from './a2a-client.test-helper.js'
import { cleanRpcError, rawRequest, rpc } from './raw-http.test-helper.js'

// A caller cannot grow the server's memory without bound: tasks and conversations are counted per caller.

const servers: A2aServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

async function serve(options: ServeA2aOptions): Promise<A2aServer> {
  const llm = () => new ScriptedLlm(['ok'])
  const server = await serveA2a(() => Agent('keeper', llm()).build(), { port: 0, ...options })
  servers.push(server)
  return server
}

const authenticate = (request: IncomingMessage) => {
  const userId = /^Bearer (ana|bob)$/.exec(request.headers.authorization ?? '')?.[1]
  return userId === undefined ? undefined : { userId }
}

function send(server: A2aServer, token: string, contextId = '') {
  return rawRequest(server.url, {
    headers: { 'A2A-Version': '1.0', authorization: `Bearer ${token}` },
    body: rpc('SendMessage', { message: { ...wire(userMessage('hi')), contextId } }),
  })
}

// biome-ignore lint: the wire form of a message.
function wire(message: ReturnType<typeof userMessage>): any {
  return {
    messageId: message.messageId,
    role: 'ROLE_USER',
    parts: [{ text: 'hi' }],
  }
}

describe('serveA2a per-caller limits', () => {
  it('refuses a caller past maxTasksPerCaller with a JSON-RPC error; another caller goes on', async () => {
    const server = await serve({ authenticate, maxTasksPerCaller: 2, maxSessionsPerCaller: 10 })
    const context = 'ctx-ana'
    for (let i = 0; i < 2; i++) expect((await send(server, 'ana', context)).status).toBe(200)
    const refused = await send(server, 'ana', context)
    const error = cleanRpcError(refused)
    expect(error.code).toBe(-32602)
    expect(error.message).toMatch(/maxTasksPerCaller/)
    expect(refused.text).not.toMatch(/<html|at \w+ \(/i)
    // A second time: still refused, and bob is unaffected.
    expect(cleanRpcError(await send(server, 'ana', context)).message).toMatch(/made 2 tasks/)
    const bob = await send(server, 'bob', 'ctx-bob')
    expect(bob.status).toBe(200)
    expect(bob.text).toContain('TASK_STATE_COMPLETED')
  })

  it('refuses a caller past maxSessionsPerCaller, but lets it continue a conversation it has', async () => {
    const server = await serve({ authenticate, maxSessionsPerCaller: 2 })
    expect((await send(server, 'ana', 'c1')).status).toBe(200)
    expect((await send(server, 'ana')).status).toBe(200)
    expect(cleanRpcError(await send(server, 'ana', 'c3')).message).toMatch(/maxSessionsPerCaller/)
    expect(cleanRpcError(await send(server, 'ana')).message).toMatch(/maxSessionsPerCaller/)
    expect((await send(server, 'ana', 'c1')).text).toContain('TASK_STATE_COMPLETED')
    expect((await send(server, 'bob', 'c3')).text).toContain('TASK_STATE_COMPLETED')
  })

  it('counts anonymous callers by address, through the official client', async () => {
    const server = await serve({ maxTasksPerCaller: 1 })
    const client = await sdkClient(server.url)
    const first = (await client.sendMessage(sendRequest(userMessage('hi')))) as Task
    expect(textOf(first.status?.message?.parts)).toBe('ok')
    await expect(client.sendMessage(sendRequest(userMessage('again')))).rejects.toThrow(/maxTasksPerCaller/)
  })

  it('rejects a limit that is not a positive integer at start', async () => {
    await expect(serve({ maxTasksPerCaller: 0 })).rejects.toThrow(/maxTasksPerCaller must be a positive integer/)
  })
})
