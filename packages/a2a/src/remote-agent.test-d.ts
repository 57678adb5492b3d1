// The remote agent's typed data flow, as users write it: `.sends()` keys are reads, `.receives()` keys writes (the
// contract checker's rule). Every `@ts-expect-error` marks the line the compiler must reject.
import { expectTypeOf, it } from 'vitest'
import { Agent, Pipeline } from '@adk-fluent/fluent'
import { RemoteAgent } from './remote-agent.js'

it('reads .sends() keys and writes .receives() keys', () => {
  const pricer = RemoteAgent('pricer', 'http://127.0.0.1:8001/').sends('sku').receives('price')
  const flow = Pipeline('shop').initialState('sku').step(pricer).step(Agent('writer').instruct('Price: {price}.'))
  expectTypeOf<NonNullable<(typeof flow)['~flow']>['writes']['price']>().toEqualTypeOf<unknown>()
  // @ts-expect-error state key 'quantity' is not written before this step
  Pipeline('shop').initialState('sku').step(RemoteAgent('pricer', 'http://127.0.0.1:8001/').sends('sku', 'quantity'))
  // @ts-expect-error state key 'cost' is not written before this step
  Pipeline('shop').initialState('sku').step(pricer).step(Agent('writer').instruct('Price: {cost}.'))
})
