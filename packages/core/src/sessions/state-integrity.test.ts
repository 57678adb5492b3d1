import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { LlmAgent } from '../agents/llm-agent.js'
import { StateError } from '../errors/runtime-errors.js'
import { FunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { createHarness } from '../testing/harness.test-helper.js'
import { InMemorySessionService } from './in-memory-session-service.js'
import { State } from './state.js'
import { isReservedStateKey } from './state-key.js'
import { createEvent } from '../events/event.js'

function writer(key: string, value: unknown): FunctionTool<z.ZodObject> {
  return new FunctionTool({
    name: 'write',
    description: 'writes state',
    parameters: z.object({}),
    execute: (_args, context) => {
      context.state.set(key, value)
      return { ok: true }
    },
  })
}

describe('only own keys are state', () => {
  it('refuses __proto__ / constructor / prototype writes (with or without a prefix) with a StateError', () => {
    const state = new State({}, {})
    for (const key of [
      '__proto__',
      'constructor',
      'prototype',
      'app:__proto__',
      'user:constructor',
      'temp:prototype',
    ]) {
      expect(isReservedStateKey(key)).toBe(true)
      expect(() => state.set(key, { 'app:flag': 'x' })).toThrow(StateError)
      expect(() => state.set(key, 1)).toThrow(/reserved/)
    }
    expect(() => state.update(JSON.parse('{"ok":1,"__proto__":{"app:flag":"x"}}'))).toThrow(StateError)
    expect(state.hasDelta()).toBe(false)
    expect(isReservedStateKey('constructor_name')).toBe(false)
  })

  it('a tool writing __proto__ gets an error answer; nothing reaches app state', async () => {
    const model = new ScriptedLlm([call('write', {}), 'done'])
    const agent = new LlmAgent({ name: 'a', model, tools: [writer('__proto__', { 'app:flag': 'x' })] })
    const harness = await createHarness(agent)
    await harness.run('go')
    const session = await harness.session()
    expect(session.state['app:flag']).toBeUndefined()
    // Inherits nothing (no Object.prototype members in its chain).
    expect(
      ['constructor', 'toString', '__proto__', 'hasOwnProperty'].filter(
        (key) => key in session.state && !Object.hasOwn(session.state, key),
      ),
    ).toEqual([])
    const response = model.requests[1]?.contents.at(-1)?.parts?.[0]?.functionResponse?.response
    expect(String(response?.['error'])).toMatch(/__proto__.*reserved/)
    const other = await harness.runner.sessionService.createSession({ appName: 'test_app', userId: 'someone' })
    expect(other.state['app:flag']).toBeUndefined()
  })

  it('a client stateDelta parsed from JSON with a __proto__ member is rejected before anything is stored', async () => {
    const model = new ScriptedLlm(['hi'])
    const agent = new LlmAgent({ name: 'a', model, instruction: 'Approved: {approved?}' })
    const harness = await createHarness(agent)
    const stateDelta = JSON.parse('{"__proto__":{"approved":true}}') as Record<string, unknown>
    await expect(harness.run('go', { stateDelta })).rejects.toThrow(StateError)
    const session = await harness.session()
    expect(session.events).toEqual([])
    expect(session.state['approved']).toBeUndefined()
    expect(model.requests).toEqual([])
  })

  it('appendEvent and createSession reject a reserved own key', async () => {
    const service = new InMemorySessionService()
    await expect(
      service.createSession({ appName: 'a', userId: 'u', state: JSON.parse('{"__proto__":{"x":1}}') }),
    ).rejects.toThrow(StateError)
    const session = await service.createSession({ appName: 'a', userId: 'u' })
    const event = createEvent({ author: 'x', invocationId: 'i' })
    event.actions.stateDelta = JSON.parse('{"app:__proto__":{"x":1}}') as Record<string, unknown>
    await expect(service.appendEvent({ session, event })).rejects.toThrow(StateError)
    expect((await service.getSession({ appName: 'a', userId: 'u', sessionId: session.id }))?.events).toEqual([])
  })

  it('inherited properties are not state: {toString} and {constructor} on an empty state are missing keys', async () => {
    const state = new State({}, {})
    expect(state.has('constructor')).toBe(false)
    expect(state.get('toString')).toBeUndefined()
    expect(state.get('hasOwnProperty', 'fallback')).toBe('fallback')
    for (const template of ['{toString}', '{constructor}', '{valueOf}']) {
      const agent = new LlmAgent({ name: 'a', model: new ScriptedLlm(['x']), instruction: template })
      const harness = await createHarness(agent)
      await expect(harness.run('go')).rejects.toThrow(/Context variable not found/)
    }
    const agent = new LlmAgent({ name: 'a', model: new ScriptedLlm(['x']), instruction: '[{toString?}]' })
    const model = agent.model as ScriptedLlm
    await (await createHarness(agent)).run('go')
    expect(model.requests[0]?.config.systemInstruction).toContain('[]')
  })

  it('own keys named like Object.prototype members are ordinary state', async () => {
    const model = new ScriptedLlm([call('write', {}), 'done', 'again'])
    const agent = new LlmAgent({ name: 'a', model, tools: [writer('toString', 'mine')], instruction: 'v={toString?}' })
    const harness = await createHarness(agent)
    await harness.run('go')
    await harness.run('again')
    expect((await harness.session()).state['toString']).toBe('mine')
    expect(model.requests.at(-1)?.config.systemInstruction).toContain('v=mine')
  })
})

describe('ReadonlyContext.state is read-only', () => {
  it('set() from an instruction provider throws a StateError instead of losing the write', async () => {
    const agent = new LlmAgent({
      name: 'a',
      model: new ScriptedLlm(['x']),
      instruction: (context) => {
        ;(context.state as unknown as State).set('lost', 1)
        return 'hi'
      },
    })
    const harness = await createHarness(agent)
    await expect(harness.run('go')).rejects.toThrow(/read-only/)
    expect((await harness.session()).state['lost']).toBeUndefined()
  })
})

describe('state holds JSON values only (every session service stores JSON)', () => {
  it('state.set / state.update refuse a value JSON would change, with STATE_VALUE_INVALID naming key and place; nothing is written', () => {
    const state = new State({}, {})
    const cycle: Record<string, unknown> = {}
    cycle['again'] = cycle
    for (const [value, named] of [
      [10n, /BigInt \(10n\)/],
      [{ a: { b: [1, NaN] } }, /at \.a\.b\[1\]: NaN/],
      [cycle, /at \.again: a cycle/],
      [new Date(0), /a Date/],
      [new Set([1]), /a Set/],
      [Symbol('s'), /a symbol/],
      [[1, , 3], /\[1\]: a hole/],
    ] as const) {
      const error = (() => {
        try {
          state.set('key', value)
        } catch (caught) {
          return caught as StateError
        }
        return undefined
      })()
      expect(error?.code).toBe('STATE_VALUE_INVALID')
      expect(error?.message).toMatch(/state\.set\(\): the value of state key "key" cannot be stored/)
      expect(error?.message).toMatch(named)
      expect(() => state.update({ fine: 1, key: value })).toThrow(StateError)
    }
    expect(state.hasDelta()).toBe(false)
    const shared = { n: 1 }
    state.set('ok', { a: shared, b: shared, c: [null, 'x', { d: undefined }], e: Object.create(null) })
    expect(state.hasDelta()).toBe(true)
  })

  it('a reserved key is STATE_KEY_INVALID', () => {
    expect(() => new State({}, {}).set('__proto__', 1)).toThrow(expect.objectContaining({ code: 'STATE_KEY_INVALID' }))
  })
})
