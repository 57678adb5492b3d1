import { AdkFluentError, ConfigError } from '@adk-fluent/core'
import { describe, expect, it } from 'vitest'
import { Agent } from '../builders/workflow-factories.js'
import * as P from './prompt/index.js'
import * as S from './state/index.js'

function failure(run: () => unknown): { code: string; message: string } | undefined {
  try {
    run()
  } catch (error) {
    return AdkFluentError.isInstance(error)
      ? { code: error.code, message: error.message }
      : { code: `raw ${(error as Error).name}`, message: String(error) }
  }
  return undefined
}

describe('P.section with names of Object.prototype members', () => {
  it('P.section("constructor") is an ordinary custom section (it was a TypeError at build())', () => {
    for (const name of ['constructor', 'Constructor', 'hasOwnProperty', 'toString', 'valueOf']) {
      const agent = Agent('a').instruct(P.role('You help.').add(P.section(name, `about ${name}`)))
      const instruction = String(agent.build().instruction)
      const header = name.charAt(0).toUpperCase() + name.slice(1).toLowerCase()
      expect(instruction).toBe(`You help.\n\n${header}:\nabout ${name}`)
    }
    expect(failure(() => P.section('__proto__', 'x'))?.code).toBe('CONFIG_INVALID')
  })
})

describe('S.set / S.default with values state cannot hold', () => {
  const cycle: Record<string, unknown> = { name: 'loop' }
  cycle['self'] = cycle
  for (const factory of ['set', 'default'] as const) {
    it(`S.${factory}: a cycle, a BigInt or a Date is a ConfigError naming the key (a cycle was a raw TypeError)`, () => {
      for (const [value, named] of [
        [cycle, /at \.self: a cycle/],
        [{ total: 10n }, /at \.total: a BigInt/],
        [new Date(0), /a Date/],
      ] as const) {
        const problem = failure(() => S[factory]({ plan: value }))
        expect(problem?.code).toBe('CONFIG_INVALID')
        expect(problem?.message).toMatch(new RegExp(`^S\\.${factory}\\(\\): the value of "plan" cannot be stored`))
        expect(problem?.message).toMatch(named)
      }
      const shared = { n: 1 }
      expect(S[factory]({ a: { x: shared, y: shared } }).apply({})).toEqual({ a: { x: { n: 1 }, y: { n: 1 } } })
    })
  }
})

describe('S.produce with an async recipe', () => {
  it('an async function is refused at S.produce() with a message about async, not "returned an object"', () => {
    const problem = failure(() =>
      S.produce(async (draft) => {
        draft['n'] = 1
      }),
    )
    expect(problem?.code).toBe('CONFIG_INVALID')
    expect(problem?.message).toMatch(/recipe is async/)
    expect(problem?.message).not.toMatch(/returned an object/)
  })

  it('a plain function that returns a promise is refused when it runs, with the same message', async () => {
    const transform = S.produce((draft) => {
      draft['n'] = 1
      return Promise.reject(new Error('late')) as unknown as void
    })
    const problem = failure(() => transform.apply({}))
    expect(problem?.message).toMatch(/recipe is async/)
    expect(
      ConfigError.isConfigError(
        await Promise.resolve()
          .then(() => transform.apply({}))
          .catch((e) => e),
      ),
    ).toBe(true)
  })
})
