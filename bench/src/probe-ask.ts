import { InMemoryRunner } from '@adk-fluent/core'
import { ScriptedLlm, text } from '@adk-fluent/core/testing'
import { Agent, Pipeline } from '@adk-fluent/fluent'
import { BaseLlm, type LlmRequest, type LlmResponse } from '@adk-fluent/core'

class Echo extends BaseLlm {
  constructor() { super({ model: 'echo' }) }
  async *generateContentAsync(_r: LlmRequest): AsyncGenerator<LlmResponse> { yield { content: { role: 'model', parts: [{ text: 'ok' }] } } as LlmResponse }
  connect(): never { throw new Error('no') }
}
const model = new Echo()
let flow: any = Agent('step_1').reads('topic').model(model).instruct('Step 1 {topic?}').writes('out_1')
for (let i = 2; i <= 10; i++) flow = flow.then(Agent(`step_${i}`).model(model).instruct(`Step ${i}: {out_${i - 1}}`).writes(`out_${i}`))
const runner = new InMemoryRunner({ agent: flow.build() })
async function viaRunner() {
  const s = await runner.sessionService.createSession({ appName: runner.appName, userId: 'u' })
  for await (const _ of runner.runAsync({ userId: 'u', sessionId: s.id, newMessage: { role: 'user', parts: [{ text: 'hi' }] } })) {}
}
async function viaAsk() { await flow.ask('hi') }
const N = 200
async function time(fn: () => Promise<void>) { const t = performance.now(); for (let i = 0; i < N; i++) await fn(); return (performance.now() - t) / N }
for (let i = 0; i < 50; i++) { await viaRunner(); await viaAsk() }
const ratios: number[] = []
for (let r = 0; r < 15; r++) { const a = await time(viaRunner); const b = await time(viaAsk); ratios.push(b / a) }
ratios.sort((x, y) => x - y)
console.log('ask/runner median', ratios[7].toFixed(2), ratios.map((x) => x.toFixed(2)).join(' '))
let t = performance.now(); for (let i = 0; i < 500; i++) flow.build(); console.log('build µs', ((performance.now() - t) / 500 * 1000).toFixed(0))
t = performance.now(); for (let i = 0; i < 500; i++) (runner.agent as any); 
const { validateNode } = await import('../../packages/fluent/src/check/validate-node.js')
const { contractErrors } = await import('../../packages/fluent/src/check/check-node.js')
const { lowerNode } = await import('../../packages/fluent/src/compile/lower-node.js')
for (const [name, fn] of [['validate', () => validateNode(flow.node)], ['contract', () => contractErrors(flow.node, {})], ['lower', () => lowerNode(flow.node)], ['runnerTurn', null]] as const) {
  if (!fn) { const x = await time(viaRunner); console.log('runner turn µs', (x*1000).toFixed(0)); continue }
  t = performance.now(); for (let i = 0; i < 500; i++) fn(); console.log(name, 'µs', ((performance.now() - t) / 500 * 1000).toFixed(0))
}
