import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent } from '@adk-fluent/fluent'
import { afterAll, expect, it } from 'vitest'
const pricerLlm = new ScriptedLlm(['{"price": 19.9}'])
const pricingAgent = Agent('pricer', pricerLlm).instruct('Price {sku} as JSON {"price": n}.')
const writerLlm = new ScriptedLlm(['It costs 19.9 EUR.'])
const writer = Agent('writer', writerLlm).instruct('Say the price: {price} EUR.')
// #region a2a
import { RemoteAgent, serveA2a } from '@adk-fluent/a2a'
import { Pipeline } from '@adk-fluent/fluent'

const server = await serveA2a(pricingAgent, { port: 0 }) // any builder; on 127.0.0.1 unless you pass a host
const pricer = RemoteAgent('pricer', server.url).sends('sku').receives('price').timeout(10_000)
const shop = Pipeline('shop').step(pricer).step(writer) // or a fan-out branch, a sub-agent, T.agent(pricer)
const answer = await shop.ask('How much is the kettle?', { state: { sku: 'K-1' } })
// #endregion a2a
afterAll(() => server.close())

it('calls the served agent as a pipeline step, sending sku and receiving price', () => {
  expect(answer).toBe('It costs 19.9 EUR.')
  expect(pricerLlm.requests[0]?.config.systemInstruction).toContain('Price K-1 as JSON')
  expect(writerLlm.requests[0]?.config.systemInstruction).toContain('Say the price: 19.9 EUR.')
})
