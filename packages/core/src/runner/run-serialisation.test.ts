import { describe, expect, it } from 'vitest'
import { LlmAgent } from '../agents/llm-agent.js'
import { AdkFluentError } from '../errors/adk-fluent-error.js'
import { SessionStoreError } from '../errors/session-errors.js'
import { createEvent, getFunctionResponses, type Event } from '../events/event.js'
import type { LlmRequest } from '../models/llm-request.js'
import type { BaseSessionService, GetSessionRequest } from '../sessions/base-session-service.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import { processLeasesOf } from '../sessions/process-leases.js'
import { FunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { INTERRUPTED_CALL_ERROR } from './repair-dangling-calls.js'
import { Runner } from './runner.js'

const app = 'app'
const user = 'u'
const message = (text: string) => ({ role: 'user', parts: [{ text }] })

async function drain(run: AsyncGenerator<Event, void, undefined>): Promise<Event[]> {
  const events: Event[] = []
  for await (const event of run) events.push(event)
  return events
}

/** A model that calls `increment` once per turn, then answers `done`. */
function incrementingModel(): ScriptedLlm {
  const step = (request: LlmRequest) => {
    const last = request.contents.at(-1)
    return last?.parts?.some((part) => part.functionResponse) ? 'done' : call('increment')
  }
  return new ScriptedLlm(
    Array.from({ length: 100 }, () => step),
    { delayMs: 2 },
  )
}

const increment = new FunctionTool({
  name: 'increment',
  description: 'Adds one to count.',
  execute: async (_args, context) => {
    const count = (context.state.get<number>('count') ?? 0) + 1
    await new Promise((resolve) => setTimeout(resolve, 2))
    context.state.set('count', count)
    return { count }
  },
})

function counter(onBusy?: 'reject' | 'wait', service: BaseSessionService = new InMemorySessionService()) {
  const llm = incrementingModel()
  const agent = new LlmAgent({ name: 'counter', model: llm, tools: [increment] })
  return {
    llm,
    service,
    runner: new Runner({ appName: app, agent, sessionService: service, ...(onBusy ? { onBusy } : {}) }),
  }
}

describe('runs on one session never interleave', () => {
  it("ten concurrent runs with onBusy: 'wait' each increment count: count = 10", async () => {
    const { runner, service } = counter('wait')
    const session = await service.createSession({ appName: app, userId: user })
    const runs = Array.from({ length: 10 }, (_, index) =>
      drain(runner.runAsync({ userId: user, sessionId: session.id, newMessage: message(`+1 #${index}`) })),
    )
    await Promise.all(runs)
    const stored = await service.getSession({ appName: app, userId: user, sessionId: session.id })
    expect(stored?.state['count']).toBe(10)
    // Each run's events are contiguous: no interleaving by invocation id.
    const invocations = (stored?.events ?? []).map((event) => event.invocationId)
    const seen = new Set<string>()
    for (let index = 0; index < invocations.length; index++) {
      const id = invocations[index] as string
      if (index > 0 && invocations[index - 1] !== id) expect(seen.has(id)).toBe(false)
      seen.add(id)
    }
    expect(seen.size).toBe(10)
  })

  it("with onBusy: 'wait' a waiting run starts as soon as the holder ends (it is woken, it does not poll)", async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const hold = new FunctionTool({
      name: 'hold',
      description: 'Holds the session until released.',
      execute: async () => {
        await gate
        return { ok: true }
      },
    })
    const llm = new ScriptedLlm([call('hold'), 'first done', 'second done'])
    const service = new InMemorySessionService()
    const agent = new LlmAgent({ name: 'a', model: llm, tools: [hold] })
    const runner = new Runner({ appName: app, agent, sessionService: service, onBusy: 'wait' })
    const session = await service.createSession({ appName: app, userId: user })
    const first = drain(runner.runAsync({ userId: user, sessionId: session.id, newMessage: message('first') }))
    const second = drain(runner.runAsync({ userId: user, sessionId: session.id, newMessage: message('second') }))
    // Long enough for the waiting run's retry timer to back off to its longest interval (0.5 s).
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(llm.requests).toHaveLength(1)
    release()
    await first
    // The second run's next timed retry is up to 0.5 s away: only a wake-up on release starts it this soon.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(llm.requests).toHaveLength(3)
    await second
  })

  it('by default a second concurrent run is rejected with SessionBusyError before anything is stored or any model call', async () => {
    const { runner, service, llm } = counter()
    expect(runner.onBusy).toBe('reject')
    const session = await service.createSession({ appName: app, userId: user })
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        drain(runner.runAsync({ userId: user, sessionId: session.id, newMessage: message('+1') })),
      ),
    )
    const rejected = results.filter((result) => result.status === 'rejected')
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect(rejected).toHaveLength(9)
    for (const result of rejected)
      expect(AdkFluentError.isInstance(result.reason) && result.reason.code).toBe('SESSION_BUSY')
    const stored = await service.getSession({ appName: app, userId: user, sessionId: session.id })
    expect(stored?.state['count']).toBe(1)
    expect(stored?.events.filter((event) => event.author === 'user')).toHaveLength(1)
    expect(llm.requests).toHaveLength(2)
  })

  it('a session write from outside a run while the run holds the session is refused with SessionBusyError', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let started!: () => void
    const inTool = new Promise<void>((resolve) => (started = resolve))
    const wait = new FunctionTool({
      name: 'wait',
      description: 'Waits.',
      execute: async () => {
        started()
        await gate
        return { ok: true }
      },
    })
    const service = new InMemorySessionService()
    const agent = new LlmAgent({ name: 'a', model: new ScriptedLlm([call('wait'), 'done']), tools: [wait] })
    const runner = new Runner({ appName: app, agent, sessionService: service })
    const session = await service.createSession({ appName: app, userId: user })
    const run = drain(runner.runAsync({ userId: user, sessionId: session.id, newMessage: message('go') }))
    await inTool
    const view = await service.getSession({ appName: app, userId: user, sessionId: session.id })
    const outside = service.appendEvent({
      session: view!,
      event: createEvent({ author: 'admin', actions: { stateDelta: { x: 1 } } }),
    })
    await expect(outside).rejects.toMatchObject({ code: 'SESSION_BUSY' })
    release()
    await run
    const after = await service.getSession({ appName: app, userId: user, sessionId: session.id })
    await service.appendEvent({
      session: after!,
      event: createEvent({ author: 'admin', actions: { stateDelta: { x: 1 } } }),
    })
    expect((await service.getSession({ appName: app, userId: user, sessionId: session.id }))?.state['x']).toBe(1)
  })
})

/** The service's methods without its process leases: the runner then takes, renews and releases the async lease. */
function asyncLeasesOnly(service: InMemorySessionService): BaseSessionService {
  return {
    createSession: (request) => service.createSession(request),
    getSession: (request) => service.getSession(request),
    listSessions: (request) => service.listSessions(request),
    deleteSession: (request) => service.deleteSession(request),
    appendEvent: (request) => service.appendEvent(request),
    acquireLease: (request) => service.acquireLease(request),
    renewLease: (lease, ttlMs) => service.renewLease(lease, ttlMs),
    releaseLease: (lease) => service.releaseLease(lease),
  }
}

describe('a run keeps its lease while it lasts', () => {
  it.each([
    ['renewed every third of its lifetime (a service with async leases only)', true],
    ['held without expiry (a process lease of the in-memory service)', false],
  ])('%s: a run ten lease lifetimes long still holds its session, and frees it when it ends', async (_, wrap) => {
    const service = new InMemorySessionService()
    const agent = new LlmAgent({ name: 'a', model: new ScriptedLlm(['slow', 'quick'], { delayMs: 300 }) })
    const sessionService = wrap ? asyncLeasesOnly(service) : service
    const runner = new Runner({ appName: app, agent, sessionService, leaseTtlMs: 30 })
    const session = await service.createSession({ appName: app, userId: user })
    const slow = drain(runner.runAsync({ userId: user, sessionId: session.id, newMessage: message('slow') }))
    await new Promise((resolve) => setTimeout(resolve, 150))
    const intruder = { appName: app, userId: user, sessionId: session.id, owner: 'intruder', ttlMs: 1000 }
    expect(await service.acquireLease(intruder)).toBeUndefined()
    await expect(
      drain(runner.runAsync({ userId: user, sessionId: session.id, newMessage: message('second') })),
    ).rejects.toMatchObject({ code: 'SESSION_BUSY' })
    await slow
    const lease = await service.acquireLease(intruder)
    expect(lease?.owner).toBe('intruder')
    await service.releaseLease(lease!)
  })

  it('a process lease is refused to every other owner while held and passes only its own appends', async () => {
    const service = new InMemorySessionService()
    const session = await service.createSession({ appName: app, userId: user })
    const at = { appName: app, userId: user, sessionId: session.id }
    const leases = processLeasesOf(service)!
    const held = leases.hold({ ...at, owner: 'run-a' })!
    expect(held.fence).toBe(1)
    expect(leases.hold({ ...at, owner: 'run-b' })).toBeUndefined()
    expect(await service.acquireLease({ ...at, owner: 'run-b', ttlMs: 1 })).toBeUndefined()
    // An append with the lease passes; one without it is refused.
    await service.appendEvent({ session, event: createEvent({ author: 'user' }), lease: held })
    await expect(service.appendEvent({ session, event: createEvent({ author: 'user' }) })).rejects.toMatchObject({
      code: 'SESSION_BUSY',
    })
    leases.release(held)
    const next = leases.hold({ ...at, owner: 'run-b' })!
    expect(next.owner).toBe('run-b')
    // The old holder's lease no longer passes.
    await expect(
      service.appendEvent({ session, event: createEvent({ author: 'user' }), lease: held }),
    ).rejects.toMatchObject({ code: 'SESSION_BUSY' })
    // Releasing the old lease again does not free the new holder's.
    leases.release(held)
    expect(leases.hold({ ...at, owner: 'run-c' })).toBeUndefined()
    leases.release(next)
  })
})

describe('a function call a crash left unanswered', () => {
  it('is answered with a synthetic error before the next model request', async () => {
    const service = new InMemorySessionService()
    const session = await service.createSession({ appName: app, userId: user })
    await service.appendEvent({
      session,
      event: createEvent({ invocationId: 'crashed', author: 'user', content: message('order?') }),
    })
    const calling = createEvent({
      invocationId: 'crashed',
      author: 'a',
      content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'look_up', args: {} } }] },
    })
    await service.appendEvent({ session, event: calling })
    const llm = new ScriptedLlm(['sorry, try again'])
    const runner = new Runner({ appName: app, agent: new LlmAgent({ name: 'a', model: llm }), sessionService: service })
    await drain(runner.runAsync({ userId: user, sessionId: session.id, newMessage: message('hello?') }))
    const contents = llm.requests[0]?.contents ?? []
    const response = contents
      .flatMap((content) => content.parts ?? [])
      .find((part) => part.functionResponse)?.functionResponse
    expect(response).toMatchObject({ id: 'c1', name: 'look_up', response: { error: INTERRUPTED_CALL_ERROR } })
    const stored = await service.getSession({ appName: app, userId: user, sessionId: session.id })
    const repair = stored?.events[2]
    expect(repair).toMatchObject({ invocationId: 'crashed', author: 'a' })
    expect(getFunctionResponses(repair as Event)[0]?.id).toBe('c1')
    expect(stored?.events[3]?.author).toBe('user')
  })

  it('long-running calls stay open', async () => {
    const service = new InMemorySessionService()
    const session = await service.createSession({ appName: app, userId: user })
    await service.appendEvent({
      session,
      event: createEvent({
        invocationId: 'x',
        author: 'a',
        longRunningToolIds: ['c1'],
        content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'approve', args: {} } }] },
      }),
    })
    const runner = new Runner({
      appName: app,
      agent: new LlmAgent({ name: 'a', model: new ScriptedLlm(['ok']) }),
      sessionService: service,
    })
    await drain(runner.runAsync({ userId: user, sessionId: session.id, newMessage: message('status?') }))
    const stored = await service.getSession({ appName: app, userId: user, sessionId: session.id })
    expect(stored?.events.some((event) => getFunctionResponses(event).length > 0)).toBe(false)
  })
})

describe('history loading follows what the agents see', () => {
  class CountingService extends InMemorySessionService {
    readonly configs: GetSessionRequest['config'][] = []
    override async getSession(request: GetSessionRequest) {
      this.configs.push(request.config)
      return super.getSession(request)
    }
  }

  it("includeContents: 'none' reads a short tail; 'default' reads everything", async () => {
    const service = new CountingService()
    const session = await service.createSession({ appName: app, userId: user })
    for (let index = 0; index < 300; index++) {
      await service.appendEvent({
        session,
        event: createEvent({
          invocationId: `i${index}`,
          author: index % 2 ? 'a' : 'user',
          content: message(`m${index}`),
        }),
      })
    }
    const none = new Runner({
      appName: app,
      agent: new LlmAgent({
        name: 'a',
        model: new ScriptedLlm(['ok']),
        includeContents: 'none',
        instruction: 'Answer {topic?}.',
      }),
      sessionService: service,
    })
    await drain(none.runAsync({ userId: user, sessionId: session.id, newMessage: message('hi') }))
    expect(service.configs.at(-1)?.numRecentEvents).toBeLessThanOrEqual(16)
    const all = new Runner({
      appName: app,
      agent: new LlmAgent({ name: 'a', model: new ScriptedLlm(['ok']) }),
      sessionService: service,
    })
    await drain(all.runAsync({ userId: user, sessionId: session.id, newMessage: message('hi') }))
    expect(service.configs.at(-1)).toBeUndefined()
  })

  it('historyTurns widens the tail until it holds that many earlier user turns', async () => {
    const service = new CountingService()
    const session = await service.createSession({ appName: app, userId: user })
    for (let turn = 0; turn < 30; turn++) {
      await service.appendEvent({
        session,
        event: createEvent({ invocationId: `t${turn}`, author: 'user', content: message(`q${turn}`) }),
      })
      for (let step = 0; step < 20; step++) {
        await service.appendEvent({
          session,
          event: createEvent({
            invocationId: `t${turn}`,
            author: 'a',
            content: { role: 'model', parts: [{ text: 's' }] },
          }),
        })
      }
    }
    const seen: number[] = []
    const agent = new LlmAgent({
      name: 'a',
      model: new ScriptedLlm(['ok']),
      includeContents: 'none',
      historyTurns: 3,
      instruction: (context) => {
        seen.push(context.invocationContext.session.events.filter((event) => event.author === 'user').length)
        return 'x'
      },
    })
    expect(agent.historyTurns()).toBe(3)
    await drain(
      new Runner({ appName: app, agent, sessionService: service }).runAsync({
        userId: user,
        sessionId: session.id,
        newMessage: message('now'),
      }),
    )
    expect(seen[0]).toBeGreaterThanOrEqual(4)
    expect(seen[0]).toBeLessThan(31)
  })
})

describe('a session store that fails mid-run', () => {
  it('ends the run with an error event (not stored) instead of a crash', async () => {
    class Failing extends InMemorySessionService {
      appends = 0
      override async appendEvent(request: Parameters<InMemorySessionService['appendEvent']>[0]) {
        if (++this.appends > 1) throw new SessionStoreError('PostgreSQL session store failed: connection terminated')
        return super.appendEvent(request)
      }
    }
    const service = new Failing()
    const session = await service.createSession({ appName: app, userId: user })
    const runner = new Runner({
      appName: app,
      agent: new LlmAgent({ name: 'a', model: new ScriptedLlm(['hello', 'again']) }),
      sessionService: service,
    })
    const events = await drain(runner.runAsync({ userId: user, sessionId: session.id, newMessage: message('hi') }))
    expect(events.at(-1)).toMatchObject({ errorCode: 'SESSION_STORE_FAILED' })
    expect(events.at(-1)?.errorMessage).toContain('connection terminated')
    const stored = await service.getSession({ appName: app, userId: user, sessionId: session.id })
    expect(stored?.events.map((event) => event.author)).toEqual(['user'])
    // The lease was released: the next run can start.
    service.appends = -10
    await drain(runner.runAsync({ userId: user, sessionId: session.id, newMessage: message('again') }))
  })
})
