import { AdkFluentError } from '@adk-fluent/core'
import { describe, expect, it } from 'vitest'
import * as S from '../namespaces/state/index.js'
import { Agent, FanOut, Loop, Pipeline, Route } from './workflow-factories.js'
import type { FlowBuilder } from './flow-builder.js'

/** How a promise of `make()` ends within 1 s: rejected with a code, resolved, or still pending (the old hang). */
async function settle(make: () => Promise<unknown>): Promise<string> {
  const pending = new Promise<string>((resolve) => setTimeout(() => resolve('pending'), 1000))
  const outcome = make().then(
    () => 'resolved',
    (error: unknown) =>
      AdkFluentError.isInstance(error) ? `${error.code}: ${error.message}` : `raw: ${String(error)}`,
  )
  return Promise.race([outcome, pending])
}

const writer = Agent('writer').mock(['draft'])
const builders: readonly (readonly [string, FlowBuilder])[] = [
  ['an agent', writer],
  ['a pipeline', Pipeline('flow').step(writer)],
  ['a .then() chain', writer.then(Agent('critic').mock(['ok']))],
  [
    'a fan-out',
    FanOut('both')
      .branch(writer)
      .branch(Agent('other').mock(['x'])),
  ],
  ['a loop', Loop('again').step(writer).maxIterations(2)],
  ['a route', Route('intent').eq('a', writer)],
]

describe('a builder is not a promise: awaiting one settles at once with a ConfigError', () => {
  for (const [label, builder] of builders) {
    it(`await ${label}, Promise.resolve() of it, and returning it from an async function`, async () => {
      for (const make of [
        // TypeScript already refuses `await builder` (its .then is not a promise's); JavaScript callers are not stopped.
        async () => await (builder as unknown),
        () => Promise.resolve(builder),
        async (): Promise<unknown> => builder as unknown,
      ]) {
        const outcome = await settle(make)
        expect(outcome).toMatch(/^CONFIG_INVALID: .*\.then: a builder is not a promise/)
        expect(outcome).toMatch(/\.ask\(prompt\).*\.build\(\)/)
      }
    })
  }

  it('names the builder; the pipeline operator with one step (a function included) still composes', async () => {
    expect(await settle(async () => await (writer as unknown))).toMatch(/^CONFIG_INVALID: writer\.then:/)
    const flow = writer.then((state) => ({ seen: state['draft'] ?? null }))
    expect(flow.build().subAgents).toHaveLength(2)
    expect(await flow.then(S.set({ done: true })).ask('go')).toBe('draft')
  })

  it('an S transform is not a promise either', async () => {
    expect(await settle(async () => await (S.set({ a: 1 }) as unknown))).toMatch(/^CONFIG_INVALID: .*not a promise/)
  })
})
