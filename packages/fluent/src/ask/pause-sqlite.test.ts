import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import {
  FunctionTool,
  LlmAgent,
  Runner,
  SequentialAgent,
  answerInterrupts,
  listPendingInterrupts,
  SessionStoreError,
  type Event,
} from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { SqliteSessionService } from '@adk-fluent/sessions'
import { Agent } from '../builders/workflow-factories.js'
import { RunPausedError } from './run-paused-error.js'
import { resumeWith } from './resume-with.js'

let directory: string
let services: SqliteSessionService[] = []

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'adk-fluent-pause-'))
})
afterEach(async () => {
  await Promise.all(services.map((service) => service.close()))
  services = []
  await rm(directory, { recursive: true, force: true })
})

/** A "process": its own connection to the one SQLite file. */
function openStore(): SqliteSessionService {
  const service = new SqliteSessionService(join(directory, 'sessions.db'))
  services.push(service)
  return service
}

async function drain(events: AsyncGenerator<Event, void, undefined>): Promise<Event[]> {
  const list: Event[] = []
  for await (const event of events) list.push(event)
  return list
}

function treasurer() {
  const paid = vi.fn(({ to }: { to: string }) => ({ paid: to }))
  const model = new ScriptedLlm([
    call([
      ['pay', { to: 'ann' }, 'p1'],
      ['balance', {}, 'b1'],
      ['pay', { to: 'bob' }, 'p2'],
      ['pay', { to: 'cyd' }, 'p3'],
    ]),
    'Paid ann and cyd; bob refused.',
  ])
  const build = () =>
    new SequentialAgent({
      name: 'office',
      subAgents: [
        new LlmAgent({
          name: 'treasurer',
          model,
          tools: [
            new FunctionTool({
              name: 'pay',
              description: 'Pays.',
              parameters: z.object({ to: z.string() }),
              execute: paid,
              requireConfirmation: true,
            }),
            new FunctionTool({ name: 'balance', description: 'Balance.', execute: () => ({ balance: 100 }) }),
          ],
        }),
        new LlmAgent({ name: 'clerk', model: new ScriptedLlm(['Filed.']) }),
      ],
    })
  return { build, paid, model }
}

describe('pause and resume across runners over one SQLite store', () => {
  it('three parallel approvals: the first runner is dropped, a second one approves two and refuses one', async () => {
    const { build, paid, model } = treasurer()
    const resumable = { isResumable: true }
    const firstStore = openStore()
    const session = await firstStore.createSession({ appName: 'bank', userId: 'u' })
    const first = new Runner({
      appName: 'bank',
      agent: build(),
      sessionService: firstStore,
      resumabilityConfig: resumable,
    })
    await drain(
      first.runAsync({ userId: 'u', sessionId: session.id, newMessage: { role: 'user', parts: [{ text: 'pay' }] } }),
    )
    await firstStore.close()
    services = services.filter((service) => service !== firstStore)

    const secondStore = openStore()
    const second = new Runner({
      appName: 'bank',
      agent: build(),
      sessionService: secondStore,
      resumabilityConfig: resumable,
    })
    const pending = await listPendingInterrupts(secondStore, { appName: 'bank', userId: 'u', sessionId: session.id })
    expect(pending.map((item) => [item.kind, item.args])).toEqual([
      ['confirmation', { to: 'ann' }],
      ['confirmation', { to: 'bob' }],
      ['confirmation', { to: 'cyd' }],
    ])
    const [ann, bob, cyd] = pending.map((item) => item.id) as [string, string, string]
    const events = await drain(
      answerInterrupts(second, {
        userId: 'u',
        sessionId: session.id,
        answers: { [ann]: true, [bob]: false, [cyd]: true },
      }),
    )
    expect(events.map((event) => event.content?.parts?.[0]?.text).filter(Boolean)).toEqual([
      'Paid ann and cyd; bob refused.',
      'Filed.',
    ])
    expect(paid.mock.calls.map(([args]) => args.to).sort()).toEqual(['ann', 'cyd'])
    const responses = (model.requests[1]?.contents.at(-1)?.parts ?? []).map((part) => [
      part.functionResponse?.id,
      part.functionResponse?.response,
    ])
    expect(responses).toEqual([
      ['b1', { balance: 100 }],
      ['p1', { paid: 'ann' }],
      ['p2', { error: 'This tool call is rejected.' }],
      ['p3', { paid: 'cyd' }],
    ])
    expect(await listPendingInterrupts(secondStore, { appName: 'bank', userId: 'u', sessionId: session.id })).toEqual(
      [],
    )
  })

  it('.ask() pauses in one process; another builder on the same store answers with resumeWith', async () => {
    const refund = vi.fn(() => ({ ok: true }))
    const payer = new ScriptedLlm([call('refund', {}, 'c1'), 'Refunded.'])
    const notify = new ScriptedLlm(['Told.'])
    const flow = () =>
      Agent('payer')
        .model(payer)
        .tool(new FunctionTool({ name: 'refund', description: 'Refunds.', execute: refund, requireConfirmation: true }))
        .then(Agent('notify').model(notify))
    const error = await flow()
      .ask('refund', { sessionService: openStore(), sessionId: 'chat-1' })
      .catch((failure: unknown) => failure)
    expect(RunPausedError.isInstance(error)).toBe(true)
    const paused = error as RunPausedError
    expect(paused.sessionId).toBe('chat-1')
    const answer = await flow().ask(resumeWith({ [paused.interrupts[0]?.id as string]: true }), {
      sessionService: openStore(),
      sessionId: 'chat-1',
    })
    expect(answer).toBe('Told.')
    expect(refund).toHaveBeenCalledTimes(1)
    expect([payer.requests.length, notify.requests.length]).toEqual([2, 1])
  })

  it('a process that dies after an approved tool ran: a resume by invocationId in another process runs it again (at least once)', async () => {
    const refund = vi.fn(() => ({ ok: true }))
    const model = new ScriptedLlm([call('refund', {}, 'c1'), 'Refunded.'])
    const build = () =>
      new LlmAgent({
        name: 'payer',
        model,
        tools: [
          new FunctionTool({ name: 'refund', description: 'Refunds.', execute: refund, requireConfirmation: true }),
        ],
      })
    const resumable = { isResumable: true }
    const store = openStore()
    const session = await store.createSession({ appName: 'bank', userId: 'u' })
    const first = await drain(
      new Runner({ appName: 'bank', agent: build(), sessionService: store, resumabilityConfig: resumable }).runAsync({
        userId: 'u',
        sessionId: session.id,
        newMessage: { role: 'user', parts: [{ text: 'refund' }] },
      }),
    )
    const invocationId = first[0]?.invocationId as string
    // This process dies right before the refund's result is stored.
    const dying = new Proxy(store, {
      get(target, property, receiver) {
        if (property === 'appendEvent')
          return (request: Parameters<SqliteSessionService['appendEvent']>[0]) =>
            request.event.content?.parts?.some((part) => part.functionResponse?.name === 'refund')
              ? Promise.reject(new SessionStoreError('process died'))
              : target.appendEvent(request)
        const value = Reflect.get(target, property, receiver) as unknown
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
      },
    })
    const [pending] = await listPendingInterrupts(store, { appName: 'bank', userId: 'u', sessionId: session.id })
    const crashed = await drain(
      answerInterrupts(
        new Runner({ appName: 'bank', agent: build(), sessionService: dying, resumabilityConfig: resumable }),
        {
          userId: 'u',
          sessionId: session.id,
          answers: { [pending?.id as string]: true },
        },
      ),
    )
    expect(crashed.at(-1)?.errorCode).toBe('SESSION_STORE_FAILED')
    expect(refund).toHaveBeenCalledTimes(1)
    const other = new Runner({
      appName: 'bank',
      agent: build(),
      sessionService: openStore(),
      resumabilityConfig: resumable,
    })
    const resumed = await drain(other.runAsync({ userId: 'u', sessionId: session.id, invocationId }))
    expect(refund).toHaveBeenCalledTimes(2)
    expect(resumed.at(-1)?.content?.parts?.[0]?.text).toBe('Refunded.')
  })
})
