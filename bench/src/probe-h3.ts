import * as adk from '@google/adk'
import { Agent, type PipelineBuilder } from '@adk-fluent/fluent'
import { validateNode } from '../../packages/fluent/src/check/validate-node.js'
import { contractErrors } from '../../packages/fluent/src/check/check-node.js'
import { lowerNode } from '../../packages/fluent/src/compile/lower-node.js'
adk.setLogLevel(adk.LogLevel.ERROR)
function chain(size: number): PipelineBuilder {
  let pipeline: PipelineBuilder | undefined
  const first = Agent('step_0').instruct('Start from {topic}.').writes('out_0')
  for (let index = 1; index < size; index++) {
    const next = Agent(`step_${index}`).instruct(`Improve {out_${index - 1}}.`).writes(`out_${index}`)
    pipeline = (pipeline ?? first).then(next)
  }
  return pipeline!
}
function adkP(size: number) { const s = []; for (let i = 0; i < size; i++) s.push(new adk.LlmAgent({ name: `step_${i}`, instruction: i === 0 ? 'Start from {topic}.' : `Improve {out_${i - 1}}.`, outputKey: `out_${i}` })); return new adk.SequentialAgent({ name: 'pipeline', subAgents: s }) }
const p = chain(1000); const node = p.node; node.steps
const fns: Record<string, () => unknown> = { chain: () => chain(1000), validate: () => validateNode(node), contract: () => contractErrors(node, {}), lower: () => lowerNode(node), adk: () => adkP(1000) }
const mins: Record<string, number> = {}
for (let r = 0; r < 25; r++) for (const [k, f] of Object.entries(fns)) { const s = performance.now(); f(); const d = performance.now() - s; mins[k] = Math.min(mins[k] ?? 1e9, d) }
console.log(Object.entries(mins).map(([k, v]) => `${k} ${v.toFixed(2)}ms`).join('  '))
