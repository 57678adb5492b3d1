import type { BenchConfig } from '../bench-config.js'
import type { Kit } from '../kit.js'
import type { ResultRow } from '../report.js'
import { pairedTurnRow, type ScenarioSide } from '../paired-turn-row.js'
import { constantText } from '../scripted-model.js'
import { runAiSdkTurn } from './a-ai-sdk-turn.js'

/** A: one turn of a single LlmAgent (instruction, no tools) on a fresh session; session creation is not timed. */
export function setUp<A, M>(kit: Kit<A, M>): ScenarioSide {
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
      if (events !== 1 || (await harness.eventCount(id)) !== 2)
        throw new Error(`A (${kit.label}): expected 1 event and 2 stored`)
    },
  }
}

export async function runSingleTurn(config: BenchConfig): Promise<ResultRow[]> {
  return [
    ...(await pairedTurnRow(config, setUp, { scenario: 'A', name: 'single-agent turn' })),
    ...(await runAiSdkTurn(config)),
  ]
}
