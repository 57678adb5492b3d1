import { Pipeline, type PipelineBuilder, type StepInput } from '@adk-fluent/fluent'
import { addEach } from './add-each.js'
import { checkAtLeastTwo } from './check-options.js'

/**
 * A pipeline of the steps in order, named `<a>_then_<b>_then_…`: builders, `S` transforms, `A` operations or plain
 * functions `(state) => delta`. At least two steps.
 * @example const flow = chain(Agent('researcher').writes('notes'), S.transform('notes', (notes) => String(notes).trim()), Agent('writer').reads('notes'))
 */
export function chain(...steps: StepInput[]): PipelineBuilder {
  const checked = checkAtLeastTwo(['chain', 'steps'], steps, 'steps', "chain(Agent('researcher'), Agent('writer'))")
  const step = (builder: PipelineBuilder, next: StepInput) => builder.step(next)
  const names = addEach('chain', 'steps', Pipeline('chain'), checked, step).node.steps.map((node) => node.name)
  return addEach('chain', 'steps', Pipeline(names.join('_then_')), checked, step)
}
