import * as adk from '@google/adk'
import { LlmAgent, SequentialAgent } from '@adk-fluent/core'
import { Agent, type PipelineBuilder } from '@adk-fluent/fluent'
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
function coreP(size: number) { const s = []; for (let i = 0; i < size; i++) s.push(new LlmAgent({ name: `step_${i}`, instruction: i === 0 ? 'Start from {topic}.' : `Improve {out_${i - 1}}.`, outputKey: `out_${i}` })); return new SequentialAgent({ name: 'pipeline', subAgents: s }) }
function t(fn: () => unknown, n = 10) { const s = performance.now(); for (let i = 0; i < n; i++) fn(); return (performance.now() - s) / n }
for (let k = 0; k < 3; k++) { t(() => chain(1000).build(), 3); t(() => adkP(1000), 3) }
for (let k = 0; k < (process.env.PROF ? 30 : 3); k++) {
  const p = chain(1000)
  console.log('chain', t(() => chain(1000)).toFixed(1), 'build', t(() => p.build()).toFixed(1), 'adk', t(() => adkP(1000)).toFixed(1), 'core', t(() => coreP(1000)).toFixed(1))
}
