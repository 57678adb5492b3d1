import { afterEach, describe, expect, it, vi } from 'vitest'
import type { IncomingMessage } from 'node:http'
import { TaskState, type Message, type Part, type Task } from '@a2a-js/sdk'
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory, type Client } from '@a2a-js/sdk/client'
import { FunctionTool, InMemorySessionService } from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { Agent } from '@adk-fluent/fluent'
import { z } from 'zod'
import { serveA2a, type A2aServer } from './serve-a2a.js'
import { sendRequest, userMessage } from './a2a-client.test-helper.js'

// Issue 42, attacked over A2A: a paused task answered by another authenticated user, or by two answers at once.

const servers: A2aServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

const tokens: Record<string, string> = { 'token-ana': 'ana', 'token-bob': 'bob' }
const authenticate = (request: IncomingMessage) => {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
  const userId = token === undefined ? undefined : tokens[token]
  return userId === undefined ? undefined : { userId }
}

async function clientWithToken(url: string, token: string): Promise<Client> {
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

const dataPart = (value: Record<string, unknown>): Part => ({
  content: { $case: 'data', value },
  metadata: undefined,
  filename: '',
  mediaType: 'application/json',
})
const toTask = (task: Task, parts: Part[]): Message => ({
  ...userMessage(''),
  taskId: task.id,
  contextId: task.contextId,
  parts,
})
const interruptId = (task: Task) => {
  const part = task.status?.message?.parts.find((item) => item.content?.$case === 'data')
  const value = (part?.content?.$case === 'data' ? part.content.value : {}) as { interrupts?: { id: string }[] }
  return value.interrupts?.[0]?.id as string
}

async function pausedForAna() {
  const refund = vi.fn(({ order }: { order: number }) => ({ refunded: order }))
  const model = new ScriptedLlm([call('refund', { order: 42 }, 'c1'), 'Refunded.', 'again'])
  const tool = new FunctionTool({
    name: 'refund',
    description: 'Refunds an order.',
    parameters: z.object({ order: z.number() }),
    execute: async (args: { order: number }) => {
      await new Promise((resolve) => setTimeout(resolve, 20))
      return refund(args)
    },
    requireConfirmation: true,
  })
  const sessionService = new InMemorySessionService()
  const server = await serveA2a(Agent('desk', model).instruct('Refund orders.').tool(tool), {
    port: 0,
    sessionService,
    authenticate,
  })
  servers.push(server)
  const ana = await clientWithToken(server.url, 'token-ana')
  const paused = (await ana.sendMessage(sendRequest(userMessage('Refund order 42')))) as Task
  expect(paused.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED)
  return { server, ana, paused, refund, id: interruptId(paused), sessionService }
}

describe('serveA2a: a paused task is answered only by its caller, once', () => {
  it("bob's approval of ana's paused task (her task and context ids) runs nothing and leaves her task waiting", async () => {
    const { server, ana, paused, refund, id } = await pausedForAna()
    const bob = await clientWithToken(server.url, 'token-bob')
    const answer = toTask(paused, [dataPart({ answers: { [id]: true } })])
    const outcome = await bob.sendMessage(sendRequest(answer)).catch((error: unknown) => error)
    expect(outcome).toBeInstanceOf(Error)
    expect(refund).not.toHaveBeenCalled()
    expect((await ana.getTask({ tenant: '', id: paused.id })).status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED)
    const done = (await ana.sendMessage(sendRequest(answer))) as Task
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED)
    expect(refund).toHaveBeenCalledTimes(1)
  })

  it('the same approval sent twice at once: the refund runs once, the second answer is refused', async () => {
    const { ana, paused, refund, id } = await pausedForAna()
    const answer = sendRequest(toTask(paused, [dataPart({ answers: { [id]: true } })]))
    const both = await Promise.allSettled([ana.sendMessage(answer), ana.sendMessage(answer)])
    expect(refund).toHaveBeenCalledTimes(1)
    // Was: both ran; the second failed on the busy session and marked the task FAILED after the refund was paid.
    const done = both.flatMap((item) => (item.status === 'fulfilled' ? [item.value as Task] : []))
    expect(done.map((task) => task.status?.state)).toEqual([TaskState.TASK_STATE_COMPLETED])
    const refused = both.flatMap((item) => (item.status === 'rejected' ? [String(item.reason)] : []))
    expect(refused).toHaveLength(1)
    expect(refused[0]).toMatch(/another answer is resuming it/)
    expect((await ana.getTask({ tenant: '', id: paused.id })).status?.state).toBe(TaskState.TASK_STATE_COMPLETED)
  })
})
