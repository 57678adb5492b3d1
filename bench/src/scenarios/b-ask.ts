import { InMemoryRunner } from '@adk-fluent/core'
import { Agent, type FlowBuilder } from '@adk-fluent/fluent'
import type { BenchConfig } from '../bench-config.js'
import { measurePair, scale, type Sampler } from '../measure.js'
import type { ResultRow } from '../report.js'
import { OurScriptedModel, textReply } from '../scripted-model.js'

const STEPS = 10

/** B's pipeline as a fluent builder: step i reads `{out_<i-1>}` (step 1 `{topic?}`) and writes `out_<i>`. */
function pipeline(model: OurScriptedModel): FlowBuilder {
  let flow: FlowBuilder | undefined
  for (let index = 1; index <= STEPS; index++) {
    const input = index === 1 ? '{topic?}' : `{out_${index - 1}}`
    const step = Agent(`step_${index}`)
      .model(model)
      .instruct(`You are step ${index} of a writing pipeline. Improve this text: ${input}. Keep it short.`)
      .writes(`out_${index}`)
    flow = flow ? flow.then(step) : step
  }
  return flow as FlowBuilder
}

/**
 * B, fluent `.ask()`: the same 10-step pipeline run by `flow.ask(prompt)` (a fresh in-memory runner and session
 * per call, the builder's tree reused) against the core runner doing the same turn on the tree `build()` returned
 * (its session created inside the timing too), per run.
 */
export async function runAskPipeline(config: BenchConfig): Promise<ResultRow[]> {
  const model = new OurScriptedModel((contents) => textReply(`draft number ${contents.length}`), {})
  const flow = pipeline(model)
  const runner = new InMemoryRunner({ agent: flow.build() })
  const { appName, sessionService } = runner
  const viaRunner = async (): Promise<string> => {
    const session = await sessionService.createSession({ appName, userId: 'user' })
    let last = ''
    for await (const event of runner.runAsync({
      userId: 'user',
      sessionId: session.id,
      newMessage: { role: 'user', parts: [{ text: 'Write about cats.' }] },
    }))
      last = event.content?.parts?.[0]?.text ?? last
    await sessionService.deleteSession({ appName, userId: 'user', sessionId: session.id })
    return last
  }
  const viaAsk = async (): Promise<string> => (await flow.ask('Write about cats.')) as string
  const before = model.calls
  const [fromRunner, fromAsk] = [await viaRunner(), await viaAsk()]
  if (model.calls - before !== 2 * STEPS || fromRunner !== fromAsk || !fromAsk.startsWith('draft'))
    throw new Error(`B (.ask()): expected ${STEPS} model calls per run and the same answer, got ${fromAsk}`)
  const sampler =
    (run: () => Promise<string>): Sampler =>
    async (ops) => {
      const start = performance.now()
      for (let index = 0; index < ops; index++) await run()
      return performance.now() - start
    }
  const result = await measurePair(sampler(viaAsk), sampler(viaRunner), config.turnPlan)
  return [
    {
      scenario: 'B',
      name: `${STEPS}-agent pipeline: fluent .ask() vs the core runner on its built tree, per run (session created in both)`,
      unit: 'µs',
      ours: scale(result.ours, 1000),
      theirs: scale(result.theirs, 1000),
      ratio: result.ratio,
      target: { kind: 'ratio', max: 1.2 },
    },
  ]
}
