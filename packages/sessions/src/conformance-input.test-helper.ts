import {
  AdkFluentError,
  FunctionTool,
  LlmAgent,
  Runner,
  createEvent,
  type BaseSessionService,
  type Event,
  type Session,
} from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { ConformanceTarget } from './conformance.test-helper.js'

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string } | undefined> {
  try {
    await promise
    return undefined
  } catch (error) {
    if (!AdkFluentError.isInstance(error)) return { code: `raw ${(error as Error).name}`, message: String(error) }
    return { code: error.code, message: error.message }
  }
}

function delta(stateDelta: Record<string, unknown>): Event {
  return createEvent({ invocationId: 'inv', author: 'agent', actions: { stateDelta } })
}

function nested(depth: number): unknown {
  let value: unknown = 'leaf'
  for (let level = 0; level < depth; level++) value = [value]
  return value
}

const circular: Record<string, unknown> = { name: 'loop' }
circular['self'] = circular

/** State values every service must refuse, each with a word the error names. */
const notJson: readonly (readonly [string, unknown, RegExp])[] = [
  ['a BigInt', 10n, /BigInt/],
  ['a nested BigInt', { total: [1, 2n] }, /\.total\[1\].*BigInt/],
  ['a cycle', circular, /cycle/],
  ['a function', () => 1, /function/],
  ['NaN', NaN, /NaN/],
  ['Infinity', { limit: Infinity }, /Infinity/],
  ['a Date', new Date(0), /Date/],
  ['a Map', new Map([['a', 1]]), /Map/],
  ['undefined in an array', [1, undefined], /undefined/],
  ['a lone surrogate', { text: 'a\uD800b' }, /surrogate/],
  ['nesting deeper than 512 levels', nested(2000), /512 levels/],
]

/**
 * What every session service does with hostile input (part of the conformance suite): ids that are not well-formed
 * UTF-16, reserved state keys and state values that are not JSON are refused with the same typed error by every
 * service, before anything is written, so stored state stays the fold of the stored events.
 */
export function describeSessionInput(name: string, open: () => Promise<ConformanceTarget>): void {
  describe(`session-service conformance (hostile input): ${name}`, () => {
    let target: ConformanceTarget
    let service: BaseSessionService
    const appName = `app_${randomUUID().slice(0, 8)}`
    const reread = (session: Session) =>
      service.getSession({ appName: session.appName, userId: session.userId, sessionId: session.id })

    beforeAll(async () => {
      target = await open()
      service = target.service
    })
    afterAll(async () => {
      await target?.close()
    })

    it('ids with a lone surrogate are refused on write and find nothing on read; well-formed ids round-trip', async () => {
      for (const ids of [
        { userId: 'u', sessionId: 'acct\uD800' },
        { userId: 'u', sessionId: '\uDFFFacct' },
        { userId: 'u\uDBFF', sessionId: 'acct' },
      ]) {
        const refused = await failure(service.createSession({ appName, ...ids }))
        expect(refused?.code, JSON.stringify(ids)).toBe('CONFIG_INVALID')
        expect(refused?.message).toMatch(/well-formed UTF-16/)
      }
      expect((await failure(service.createSession({ appName: 'app\uD800', userId: 'u' })))?.code).toBe('CONFIG_INVALID')
      // What a UTF-8 database would turn both ids into: reading them must not find this session.
      const replaced = await service.createSession({ appName, userId: 'u', sessionId: 'acct\uFFFD' })
      const astral = await service.createSession({ appName, userId: 'u', sessionId: 'acct\uD83D\uDE00' })
      for (const sessionId of ['acct\uD800', 'acct\uDBFF']) {
        expect(await service.getSession({ appName, userId: 'u', sessionId })).toBeUndefined()
        await service.deleteSession({ appName, userId: 'u', sessionId })
        const forged: Session = { ...replaced, id: sessionId, state: {}, events: [] }
        const appended = await failure(service.appendEvent({ session: forged, event: delta({ stolen: 1 }) }))
        expect(['CONFIG_INVALID', 'SESSION_NOT_FOUND']).toContain(appended?.code)
      }
      expect((await service.listSessions({ appName, userId: 'u\uD800' })).sessions).toEqual([])
      expect((await reread(replaced))?.state).toEqual({})
      expect((await reread(replaced))?.events).toEqual([])
      expect((await reread(astral))?.id).toBe('acct\uD83D\uDE00')
    })

    it('__proto__ / constructor / prototype keys are a StateError (STATE_KEY_INVALID) and nothing is stored', async () => {
      for (const json of ['{"__proto__":{"polluted":1}}', '{"constructor":1}', '{"app:prototype":1}']) {
        const refused = await failure(service.createSession({ appName, userId: 'keys', state: JSON.parse(json) }))
        expect(refused?.code, json).toBe('STATE_KEY_INVALID')
      }
      expect((await service.listSessions({ appName, userId: 'keys' })).sessions).toEqual([])
      const session = await service.createSession({ appName, userId: 'keys', state: { ok: 1 } })
      for (const json of ['{"__proto__":{"polluted":1},"x":1}', '{"user:constructor":1}', '{"temp:__proto__":1}']) {
        const refused = await failure(service.appendEvent({ session, event: delta(JSON.parse(json)) }))
        expect(refused?.code, json).toBe('STATE_KEY_INVALID')
      }
      const stored = await reread(session)
      expect(stored?.events).toEqual([])
      expect(stored?.revision).toBe(0)
      expect(stored?.state).toEqual({ ok: 1 })
      expect(Object.getPrototypeOf(stored?.state ?? {})).not.toHaveProperty('polluted')
    })

    it('state values that are not JSON are a StateError (STATE_VALUE_INVALID) naming key and place; JSON values round-trip equal', async () => {
      const session = await service.createSession({ appName, userId: 'values' })
      for (const [label, value, named] of notJson) {
        const created = await failure(service.createSession({ appName, userId: 'values', state: { v: value } }))
        expect(created?.code, label).toBe('STATE_VALUE_INVALID')
        expect(created?.message, label).toMatch(/"v"/)
        expect(created?.message, label).toMatch(named)
        const appended = await failure(service.appendEvent({ session, event: delta({ v: value }) }))
        expect(appended?.code, label).toBe('STATE_VALUE_INVALID')
      }
      expect((await service.listSessions({ appName, userId: 'values' })).sessions).toHaveLength(1)
      const json = {
        text: 'é 😀 "quoted" \\ \n',
        n: -0.5,
        big: Number.MAX_SAFE_INTEGER,
        flag: false,
        none: null,
        list: [1, 'two', null, { deep: [true] }],
        bare: Object.assign(Object.create(null) as object, { a: 1 }),
        deep: nested(400),
      }
      const created = await service.createSession({ appName, userId: 'values', state: { ...json } })
      await service.appendEvent({ session: created, event: delta({ later: json }) })
      const stored = await reread(created)
      expect(stored?.state).toEqual({ ...json, later: json })
      expect(created.state).toEqual(stored?.state)
      expect((await reread(session))?.events).toEqual([])
    })

    it('a tool writing a BigInt or a cycle gets a StateError answer; a callback writing one directly fails the run; nothing bad is stored', async () => {
      const model = new ScriptedLlm([call('write', {}), 'written'])
      const tool = new FunctionTool({
        name: 'write',
        description: 'writes state',
        parameters: z.object({}),
        execute: (_args, context) => {
          context.state.set('total', 10n)
          return { ok: true }
        },
      })
      const agent = new LlmAgent({ name: 'a', model, tools: [tool] })
      const runner = new Runner({ appName, agent, sessionService: service })
      const session = await service.createSession({ appName, userId: 'run' })
      const message = { role: 'user', parts: [{ text: 'go' }] }
      const events: Event[] = []
      for await (const event of runner.runAsync({ userId: 'run', sessionId: session.id, newMessage: message }))
        events.push(event)
      const answer = events.flatMap((event) => event.content?.parts ?? []).find((part) => part.functionResponse)
      expect(JSON.stringify(answer?.functionResponse?.response)).toMatch(/STATE_VALUE_INVALID|BigInt/)
      const after = await reread(session)
      expect(after?.state).toEqual({})
      expect(after?.events.length).toBeGreaterThan(2)
      expect(after?.events.every((event) => Object.keys(event.actions.stateDelta).length === 0)).toBe(true)

      const rogue = new LlmAgent({
        name: 'rogue',
        model: new ScriptedLlm(['hi']),
        afterAgentCallback: (context) => {
          context.actions.stateDelta['loop'] = circular
          return undefined
        },
      })
      const runs = new Runner({ appName, agent: rogue, sessionService: service })
      const drain = async () => {
        for await (const _ of runs.runAsync({ userId: 'run', sessionId: session.id, newMessage: message }));
      }
      expect((await failure(drain()))?.code).toBe('STATE_VALUE_INVALID')
      const last = await reread(session)
      expect(last?.state).toEqual({})
      expect(last?.events.some((event) => 'loop' in event.actions.stateDelta)).toBe(false)
    })
  })
}
