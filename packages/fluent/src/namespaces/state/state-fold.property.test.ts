import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Event } from '@adk-fluent/core'
import { FanOut, Pipeline } from '../../builders/workflow-factories.js'
import type { PipelineBuilder } from '../../builders/pipeline-builder.js'
import { runBuilder } from '../../agents/run-builder.test-helper.js'
import * as S from './index.js'
import type { StateTransform } from './state-transform.js'

const keyArb = fc.constantFrom('a', 'b', 'c', 'toString', 'valueOf')
const valueArb = fc.oneof(fc.integer(), fc.string({ maxLength: 5 }))

const transformArb: fc.Arbitrary<StateTransform> = fc.oneof(
  fc.tuple(keyArb, valueArb).map(([key, value]) => S.set({ [key]: value })),
  fc.tuple(keyArb, valueArb).map(([key, value]) => S.default({ [key]: value })),
  keyArb.map((key) => S.drop(key)),
  keyArb.map((key) => S.pick(key)),
  fc
    .tuple(keyArb, keyArb)
    .filter(([from, to]) => from !== to)
    .map(([from, to]) => S.rename({ [from]: to })),
  keyArb.map((key) => S.counter(key)),
  fc.tuple(keyArb, keyArb).map(([key, into]) => S.accumulate(key, { into: `${into}_list` })),
)

/** A step: one transform, a `.then()` chain, or two branches of a FanOut writing disjoint keys. */
const stepArb = fc.oneof(
  transformArb.map((transform) => ({ kind: 'one' as const, transform })),
  fc
    .tuple(transformArb, transformArb)
    .map(([first, second]) => ({ kind: 'one' as const, transform: first.then(second) })),
  fc
    .tuple(valueArb, valueArb)
    .map(([left, right]) => ({ kind: 'fan' as const, left: S.set({ left }), right: S.set({ right }) })),
)

function fold(initial: Readonly<Record<string, unknown>>, events: readonly Event[]): Record<string, unknown> {
  const state: Record<string, unknown> = { ...initial }
  for (const event of events)
    for (const key of Object.keys(event.actions.stateDelta)) state[key] = event.actions.stateDelta[key]
  return state
}

describe('S transforms keep state = fold of the stored events (property)', () => {
  it('holds over random chains of S transforms and parallel branches; inherited names are never state', async () => {
    let checked = 0
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: 1, maxLength: 6 }),
        fc.dictionary(fc.constantFrom('a', 'b'), fc.integer()),
        async (steps, initial) => {
          let flow: PipelineBuilder = Pipeline('flow')
          steps.forEach((step, index) => {
            flow =
              step.kind === 'one'
                ? flow.step(step.transform)
                : flow.step(FanOut(`fan_${index}`).branch(step.left).branch(step.right))
          })
          let caught: unknown
          const result = await runBuilder(flow, { state: initial }).catch((error: unknown) => {
            caught = error
            return undefined
          })
          if (!result) {
            // build()'s contract check may refuse the flow (a read before any write); S.counter on a non-number stops
            // the run with a StateError. Neither is a state question.
            expect(String(caught)).toMatch(/ConfigError|S\.counter/)
            return
          }
          const session = await result.runner.sessionService.getSession({
            appName: result.runner.appName,
            userId: 'user',
            sessionId: 's1',
          })
          const events = session?.events ?? []
          checked++
          expect({ ...result.state }).toEqual(fold(initial, events))
          expect(fold(initial, JSON.parse(JSON.stringify(events)) as Event[])).toEqual({ ...result.state })
          for (const name of ['toString', 'valueOf']) {
            if (!Object.prototype.hasOwnProperty.call(result.state, name))
              expect((result.state as Record<string, unknown>)[name]).toBeUndefined()
          }
        },
      ),
      { numRuns: 60 },
    )
    expect(checked).toBeGreaterThan(10)
  }, 120_000)
})
