import { afterEach, describe, expect, it, vi } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { IncomingMessage } from 'node:http'
import { TaskState, type Message, type Part, type Task } from '@a2a-js/sdk'
import { InMemoryTaskStore } from '@a2a-js/sdk/server'
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory } from '@a2a-js/sdk/client'
import { FunctionTool } from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { Agent } from '@adk-fluent/fluent'
import { SqliteSessionService } from '@adk-fluent/sessions'
import { z } from 'zod'
import { serveA2a, type A2aServer } from './serve-a2a.js'
import { collect, sdkClient, sendRequest, textOf, userMessage } from './a2a-client.test-helper.js'

// A task left input-required is answerable after the server restarts on durable stores.

const servers: A2aServer[] = []
const dirs: string[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function stop(server: A2aServer): Promise<void> {
  servers.splice(servers.indexOf(server), 1)
  await server.close()
}

const answer = (task: Task, id: string, value: unknown): Message => ({
  ...userMessage(''),
  taskId: task.id,
  contextId: task.contextId,
  parts: [
    {
      content: { $case: 'data', value: { answers: { [id]: value } } },
      metadata: undefined,
      filename: '',
      mediaType: 'application/json',
    } as Part,
  ],
})
const interruptId = (task: Task) => {
  const part = task.status?.message?.parts.find((item) => item.content?.$case === 'data')
  const value = part?.content?.$case === 'data' ? (part.content.value as { interrupts: { id: string }[] }) : undefined
  return value?.interrupts[0]?.id as string
}

const authenticate = (request: IncomingMessage) => {
  const userId = /^Bearer (ana|bob)$/.exec(request.headers.authorization ?? '')?.[1]
  return userId === undefined ? undefined : { userId }
}
async function clientAs(url: string, token: string) {
  const fetchImpl: typeof fetch = (input, init) =>
    fetch(input, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${token}` },
    })
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl })],
    }),
  )
  return factory.createFromUrl(url)
}

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'a2a-restart-'))
  dirs.push(dir)
  const refund = vi.fn(({ order }: { order: number }) => ({ refunded: order }))
  const tool = new FunctionTool({
    name: 'refund',
    description: 'Refunds an order.',
    parameters: z.object({ order: z.number() }),
    execute: refund,
    requireConfirmation: true,
  })
  const taskStore = new InMemoryTaskStore() // Outlives the servers, as a durable store would.
  const start = async (replies: ConstructorParameters<typeof ScriptedLlm>[0], auth = false) => {
    const sessionService = new SqliteSessionService({ path: join(dir, 'sessions.db') })
    const model = new ScriptedLlm(replies)
    const server = await serveA2a(Agent('desk', model).tool(tool), {
      port: 0,
      sessionService,
      taskStore,
      ...(auth ? { authenticate } : {}),
    })
    servers.push(server)
    return server
  }
  return { start, refund }
}

describe('serveA2a restarted on durable stores', () => {
  it('answers a task that was input-required before the restart; a wrong answer is still refused', async () => {
    const { start, refund } = setup()
    const first = await start([call('refund', { order: 42 }, 'c1')])
    const paused = (await (await sdkClient(first.url)).sendMessage(sendRequest(userMessage('Refund 42')))) as Task
    expect(paused.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED)
    await stop(first)

    const second = await start(['Refunded order 42.'])
    const client = await sdkClient(second.url)
    await expect(client.sendMessage(sendRequest(answer(paused, interruptId(paused), 'maybe')))).rejects.toThrow(
      /still waiting/,
    )
    const done = (await client.sendMessage(sendRequest(answer(paused, interruptId(paused), true)))) as Task
    expect(done.id).toBe(paused.id)
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED)
    expect(textOf(done.status?.message?.parts)).toBe('Refunded order 42.')
    expect(refund).toHaveBeenCalledTimes(1)
  })

  it('answers by stream after a restart, and keeps callers apart', async () => {
    const { start, refund } = setup()
    const first = await start([call('refund', { order: 7 }, 'c1')], true)
    const paused = (await (await clientAs(first.url, 'ana')).sendMessage(sendRequest(userMessage('Refund 7')))) as Task
    await stop(first)

    const second = await start(['Refunded order 7.'], true)
    const bob = await clientAs(second.url, 'bob')
    await expect(bob.sendMessage(sendRequest(answer(paused, interruptId(paused), true)))).rejects.toThrow()
    expect(refund).not.toHaveBeenCalled()
    const ana = await clientAs(second.url, 'ana')
    const events = await collect(ana.sendMessageStream(sendRequest(answer(paused, interruptId(paused), true))))
    const last = events.at(-1)?.payload
    expect(last?.$case === 'statusUpdate' && last.value.status?.state).toBe(TaskState.TASK_STATE_COMPLETED)
    expect(refund).toHaveBeenCalledTimes(1)
  })
})
