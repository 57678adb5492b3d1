import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { LlmAgent } from '../agents/llm-agent.js'
import { FunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { createHarness } from '../testing/harness.test-helper.js'
import { toJsonSafe } from './to-json-safe.js'

class Point {
  readonly x = 1
  readonly y = 2
  #secret = 'hidden'
  norm(): number {
    return this.#secret.length
  }
}

describe('toJsonSafe', () => {
  it('returns JSON-safe values as they are (the same object)', () => {
    const value = { a: [1, 'x', true, null, { b: 2 }] }
    expect(toJsonSafe(value)).toBe(value)
  })

  it('applies each documented rule', () => {
    const date = new Date('2024-01-02T03:04:05.000Z')
    const shared = { k: 1 }
    const converted = toJsonSafe({
      n: Number.NaN,
      inf: Number.POSITIVE_INFINITY,
      u: undefined,
      f: () => 1,
      s: Symbol('x'),
      big: 12345678901234567890n,
      date,
      bad: new Date(Number.NaN),
      map: new Map<unknown, unknown>([
        ['a', 1],
        [2, date],
      ]),
      objectKeys: new Map([[{ id: 1 }, 'v']]),
      set: new Set([1, 2n]),
      bytes: new Uint8Array([1, 2]),
      error: new TypeError('boom'),
      point: new Point(),
      list: [undefined, () => 1, 3],
      twice: [shared, shared],
    })
    expect(converted).toEqual({
      n: null,
      inf: null,
      big: '12345678901234567890',
      date: '2024-01-02T03:04:05.000Z',
      bad: null,
      map: { a: 1, 2: '2024-01-02T03:04:05.000Z' },
      objectKeys: [[{ id: 1 }, 'v']],
      set: [1, '2'],
      bytes: [1, 2],
      error: { name: 'TypeError', message: 'boom' },
      point: { x: 1, y: 2 },
      list: [null, null, 3],
      twice: [{ k: 1 }, { k: 1 }],
    })
    expect(JSON.parse(JSON.stringify(converted))).toEqual(converted)
    expect(toJsonSafe(undefined)).toBe(null)
    expect(toJsonSafe(5n)).toBe('5')
  })

  it('breaks cycles with "[Circular]"', () => {
    const node: Record<string, unknown> = { name: 'root' }
    node['self'] = node
    node['children'] = [{ parent: node }]
    expect(toJsonSafe(node)).toEqual({ name: 'root', self: '[Circular]', children: [{ parent: '[Circular]' }] })
  })

  it('keeps a __proto__ key as data, never as a prototype', () => {
    const converted = toJsonSafe(new Map([['__proto__', { polluted: true }]])) as Record<string, unknown>
    expect(Object.getPrototypeOf(converted)).toBe(Object.prototype)
    expect(Object.keys(converted)).toEqual(['__proto__'])
    expect((converted as { polluted?: unknown }).polluted).toBeUndefined()
  })
})

describe('a tool result can never poison a session', () => {
  it('a circular or BigInt result is stored as JSON-safe data and later turns still work', async () => {
    const circular = new FunctionTool({
      name: 'lookup',
      description: 'returns awkward data',
      parameters: z.object({}),
      execute: () => {
        const result: Record<string, unknown> = { id: 7n, when: new Date(0) }
        result['self'] = result
        return result
      },
    })
    const model = new ScriptedLlm([call('lookup', {}), 'first', 'second'])
    const harness = await createHarness(new LlmAgent({ name: 'a', model, tools: [circular] }))
    await harness.run('one')
    await harness.run('two')
    expect(model.requests).toHaveLength(3)
    for (const request of model.requests) expect(() => JSON.stringify(request.contents)).not.toThrow()
    const session = await harness.session()
    expect(() => JSON.stringify(session.events)).not.toThrow()
    const response = session.events.find((event) => event.content?.parts?.[0]?.functionResponse)?.content?.parts?.[0]
    expect(response?.functionResponse?.response).toEqual({
      id: '7',
      when: '1970-01-01T00:00:00.000Z',
      self: '[Circular]',
    })
  })
})
