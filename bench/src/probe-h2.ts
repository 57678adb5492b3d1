import { Agent, type PipelineBuilder } from '@adk-fluent/fluent'
function chain(size: number): PipelineBuilder {
  let pipeline: PipelineBuilder | undefined
  const first = Agent('step_0').instruct('Start from {topic}.').writes('out_0')
  for (let index = 1; index < size; index++) {
    const next = Agent(`step_${index}`).instruct(`Improve {out_${index - 1}}.`).writes(`out_${index}`)
    pipeline = (pipeline ?? first).then(next)
  }
  return pipeline!
}
const what = process.env.WHAT
const p = chain(1000)
for (let k = 0; k < 40; k++) what === 'chain' ? chain(1000) : p.build()
