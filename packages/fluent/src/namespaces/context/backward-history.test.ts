import { describe, expect, it } from 'vitest'
import { InMemorySessionService, InvocationContext, ReadonlyContext, createEvent, type Event } from '@adk-fluent/core'
import * as C from './index.js'
import { compileContext, type ContextSpec } from './compile-context.js'
import { createTestContext } from '../shared/test-context.js'

/** A 10,000-event session (built once) whose event list counts every read made through it. */
const longSession = (async () => {
  const sessionService = new InMemorySessionService()
  const session = await sessionService.createSession({ appName: 'app', userId: 'u1' })
  for (let index = 0; index < 5_000; index++) {
    await sessionService.appendEvent({
      session,
      event: createEvent({ author: 'user', content: { role: 'user', parts: [{ text: `question ${index}` }] } }),
    })
    await sessionService.appendEvent({
      session,
      event: createEvent({ author: 'bot', content: { role: 'model', parts: [{ text: `answer ${index}` }] } }),
    })
  }
  return { session, sessionService }
})()

async function measure(spec: ContextSpec) {
  const { session, sessionService } = await longSession
  const reads = { indices: new Set<number>(), other: [] as string[] }
  const events = new Proxy(session.events, {
    get(target, property, receiver) {
      if (typeof property === 'string' && /^\d+$/.test(property)) reads.indices.add(Number(property))
      else if (property !== 'length') reads.other.push(String(property))
      return Reflect.get(target, property, receiver)
    },
  })
  const { readonlyContext } = await createTestContext()
  const invocationContext = new InvocationContext({
    invocationId: 'e-1',
    agent: readonlyContext.invocationContext.agent,
    session: { ...session, events: events as Event[] },
    sessionService,
  })
  const text = (await compileContext(spec).provider?.(new ReadonlyContext(invocationContext))) ?? ''
  return { text, reads, lowestIndex: Math.min(...reads.indices) }
}

describe('history policies read only the tail of a long session', () => {
  it('window(2) reads 4 of 10,000 events, from the end, without copying the list', async () => {
    const { text, reads, lowestIndex } = await measure(C.window(2))
    expect(text).toBe('[user]: question 4998\n[bot]: answer 4998\n[user]: question 4999\n[bot]: answer 4999')
    expect(reads.indices.size).toBe(4)
    expect(lowestIndex).toBe(9_996)
    expect(reads.other).toEqual([])
  })

  it('lastNTurns, truncate and budget stop early too', async () => {
    for (const spec of [
      C.lastNTurns(3),
      C.truncate({ maxTurns: 3 }),
      C.truncate({ maxTokens: 20 }),
      C.budget({ maxTokens: 20 }),
    ]) {
      const { reads } = await measure(spec)
      expect(reads.indices.size).toBeLessThanOrEqual(7)
      expect(reads.other).toEqual([])
    }
  })

  it('filters and rewrites piped into a window stay lazy (at most one event of look-ahead)', async () => {
    for (const spec of [
      C.userOnly().pipe(C.window(2)),
      C.excludeAgents('bot').pipe(C.lastNTurns(2)),
      C.compact().pipe(C.dedup()).pipe(C.redact(/\d/)).pipe(C.window(2)),
    ]) {
      const { reads } = await measure(spec)
      expect(reads.indices.size).toBeLessThanOrEqual(5)
    }
  })

  it('control: an unbounded filter does read the whole session (so the counter above is real)', async () => {
    const { reads, text } = await measure(C.userOnly())
    expect(reads.indices.size).toBe(10_000)
    expect(text.split('\n')).toHaveLength(5_000)
  })
})

describe('branches', () => {
  it('skips events of other parallel branches, as model requests do', async () => {
    const events = [
      createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'go' }] } }),
      createEvent({ author: 'a', branch: 'fan.a', content: { role: 'model', parts: [{ text: 'from a' }] } }),
      createEvent({ author: 'b', branch: 'fan.b', content: { role: 'model', parts: [{ text: 'from b' }] } }),
    ]
    const { invocationContext } = await createTestContext({ events })
    const inBranch = new ReadonlyContext(invocationContext.clone({ branch: 'fan.a' }))
    expect(await compileContext(C.window(1)).provider?.(inBranch)).toBe('[user]: go\n[a]: from a')
  })
})

describe('author filters on a long session', () => {
  it('read only the events appended since the last call plus the ones they keep', async () => {
    const sessionService = new InMemorySessionService()
    const session = await sessionService.createSession({ appName: 'app', userId: 'u1' })
    for (let index = 0; index < 10_000; index++) {
      const author = index % 1_000 === 0 ? 'user' : 'bot'
      await sessionService.appendEvent({
        session,
        event: createEvent({ author, content: { role: 'model', parts: [{ text: `${author} ${index}` }] } }),
      })
    }
    const reads = new Set<number>()
    const events = new Proxy(session.events, {
      get(target, property, receiver) {
        if (typeof property === 'string' && /^\d+$/.test(property)) reads.add(Number(property))
        return Reflect.get(target, property, receiver)
      },
    })
    const { readonlyContext } = await createTestContext()
    const context = () =>
      new ReadonlyContext(
        new InvocationContext({
          invocationId: 'e-1',
          agent: readonlyContext.invocationContext.agent,
          session: { ...session, events: events as Event[] },
          sessionService,
        }),
      )
    const provider = compileContext(C.userOnly()).provider
    const first = (await provider?.(context())) ?? ''
    expect(first.split('\n')).toHaveLength(10)
    expect(reads.size).toBe(10_000)
    reads.clear()
    await sessionService.appendEvent({
      session,
      event: createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'new question' }] } }),
    })
    await sessionService.appendEvent({
      session,
      event: createEvent({ author: 'bot', content: { role: 'model', parts: [{ text: 'new answer' }] } }),
    })
    const second = (await provider?.(context())) ?? ''
    expect(second.split('\n').at(-1)).toBe('[user]: new question')
    // 2 new events indexed + 11 user events kept (each read once more to render).
    expect(reads.size).toBeLessThanOrEqual(13)
  })
})
