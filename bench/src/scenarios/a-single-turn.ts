import type { BenchConfig } from '../bench-config.js'
import { ours, theirs, type Kit } from '../kit.js'
import { measurePair, scale, type Sampler } from '../measure.js'
import { TURN_COST_NOTE, type ResultRow } from '../report.js'
import { constantText } from '../scripted-model.js'

/** A: one turn of a single LlmAgent (instruction, no tools) on a fresh session; session creation is not timed. */
function setUp<A, M>(kit: Kit<A, M>): { sampler: Sampler; check: () => Promise<void> } {
  const model = kit.model(constantText('Hello! How can I help you today?'))
  const agent = kit.llmAgent({ name: 'assistant', model, instruction: 'You are a helpful assistant. Answer briefly.' })
  const harness = kit.harness(agent)
  return {
    async sampler(ops) {
      const ids: string[] = []
      for (let index = 0; index < ops; index++) ids.push(await harness.createSession())
      const start = performance.now()
      for (const id of ids) await harness.turn(id, 'Hi there!')
      const elapsed = performance.now() - start
      for (const id of ids) await harness.deleteSession(id)
      return elapsed
    },
    async check() {
      const id = await harness.createSession()
      const events = await harness.turn(id, 'Hi there!')
      if (events !== 1 || (await harness.eventCount(id)) !== 2) throw new Error(`A (${kit.label}): expected 1 event and 2 stored`)
    },
  }
}

export async function runSingleTurn(config: BenchConfig): Promise<ResultRow[]> {
  const a = setUp(ours)
  const b = setUp(theirs)
  await a.check()
  await b.check()
  const result = await measurePair(a.sampler, b.sampler, config.turnPlan)
  return [
    {
      scenario: 'A',
      name: 'single-agent turn',
      unit: 'µs',
      ours: scale(result.ours, 1000),
      theirs: scale(result.theirs, 1000),
      ratio: result.ratio,
      target: { kind: 'ratio', max: 0.2 },
      note: result.ratio > 0.2 ? TURN_COST_NOTE : undefined,
    },
  ]
}
