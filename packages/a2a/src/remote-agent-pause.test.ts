import { afterEach, describe, expect, it, vi } from 'vitest'
import { FunctionTool, InMemorySessionService, listPendingInterrupts } from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { Agent, Pipeline, RunPausedError } from '@adk-fluent/fluent'
import { z } from 'zod'
import { serveA2a, type A2aServer } from './serve-a2a.js'
import { RemoteAgent } from './remote-agent.js'

// Issue 42: a remote A2A agent that answers input-required pauses our run (an inbox item of kind input); the reply
// goes back to the same remote task when the run resumes.

const servers: A2aServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

async function caught(promise: Promise<unknown>): Promise<RunPausedError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  if (!RunPausedError.isInstance(error)) throw new Error(`expected a RunPausedError, got ${String(error)}`)
  return error
}

async function remoteDesk(script: ConstructorParameters<typeof ScriptedLlm>[0]) {
  const refund = vi.fn(({ order }: { order: number }) => ({ refunded: order }))
  const tool = new FunctionTool({
    name: 'refund',
    description: 'Refunds an order.',
    parameters: z.object({ order: z.number() }),
    execute: refund,
    requireConfirmation: true,
  })
  const model = new ScriptedLlm(script)
  const server = await serveA2a(Agent('desk', model).tool(tool), { port: 0 })
  servers.push(server)
  return { server, refund, model }
}

describe('RemoteAgent: a remote input-required task pauses our run', () => {
  it('pauses with the remote question as an input; the reply resumes the same remote task, then the pipeline goes on', async () => {
    const { server, refund } = await remoteDesk([call('refund', { order: 42 }, 'c1'), 'Refunded order 42.'])
    const notifier = new ScriptedLlm(['Customer told.'])
    const flow = Pipeline('support')
      .step(RemoteAgent('desk', server.url))
      .step(Agent('notifier', notifier).instruct('Tell the customer.'))
    const sessionService = new InMemorySessionService()
    const paused = await caught(flow.ask('Refund order 42', { sessionService, sessionId: 's1' }))
    const [input] = paused.interrupts
    expect(input).toMatchObject({ kind: 'input', agent: 'desk' })
    expect(input?.message).toContain('approval of refund({"order":42})')
    const payload = input?.payload as { a2a: { taskId: string; contextId: string }; data: { interrupts: unknown[] } }
    expect(payload.data.interrupts).toMatchObject([{ kind: 'confirmation', tool: 'refund', args: { order: 42 } }])
    expect(notifier.requests).toHaveLength(0)
    // The session's inbox (any process) lists it too.
    const inbox = await listPendingInterrupts(sessionService, { appName: 'support', userId: 'user', sessionId: 's1' })
    expect(inbox.map((item) => item.id)).toEqual([input?.id])

    expect(await paused.resume({ [input!.id]: 'yes' })).toBe('Customer told.')
    expect(refund).toHaveBeenCalledTimes(1)
    const session = await sessionService.getSession({ appName: 'support', userId: 'user', sessionId: 's1' })
    const answered = session?.events.filter((event) => event.author === 'desk').at(-1)
    expect(answered?.content?.parts?.[0]?.text).toBe('Refunded order 42.')
    // The reply went to the same remote task (its id is on the answer's event).
    expect(answered?.customMetadata?.['a2a']).toMatchObject({ taskId: payload.a2a.taskId })
  })

  it('a reply the remote refuses pauses the run again, saying why; an object reply is sent as data', async () => {
    const { server, refund } = await remoteDesk([call('refund', { order: 7 }, 'c1'), 'Not refunded.'])
    const root = Pipeline('support').step(RemoteAgent('desk', server.url))
    const sessionService = new InMemorySessionService()
    const paused = await caught(root.ask('Refund order 7', { sessionService, sessionId: 's2' }))
    const [input] = paused.interrupts
    // The remote refuses "maybe": the run pauses again on the same remote task, saying why.
    const again = await caught(paused.resume({ [input!.id]: 'maybe' }))
    const [retry] = again.interrupts
    expect(retry?.message).toMatch(/still waiting: .*"yes" or "no", got "maybe"/)
    expect(retry?.message).toContain('approval of refund({"order":7})')
    expect(retry?.payload).toEqual(input?.payload)
    const inbox = await listPendingInterrupts(sessionService, { appName: 'support', userId: 'user', sessionId: 's2' })
    expect(inbox.map((item) => item.id)).toEqual([retry?.id])
    const remoteId = (input?.payload as { data: { interrupts: { id: string }[] } }).data.interrupts[0]!.id
    expect(await again.resume({ [retry!.id]: { answers: { [remoteId]: false } } })).toBe('Not refunded.')
    expect(refund).not.toHaveBeenCalled()
  })
})
