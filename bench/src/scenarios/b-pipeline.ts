import type { BenchConfig } from '../bench-config.js'
import type { Kit } from '../kit.js'
import type { ResultRow } from '../report.js'
import { pairedTurnRow, type ScenarioSide } from '../paired-turn-row.js'
import { textReply } from '../scripted-model.js'
import { runAskPipeline } from './b-ask.js'

const STEPS = 10

/**
 * B: a SequentialAgent of 10 LlmAgents; step i reads `{out_<i-1>}` (step 1 reads `{topic}`) and writes `out_<i>`
 * through `outputKey`. Reported per model call (turn time / 10).
 */
export function setUp<A, M>(kit: Kit<A, M>): ScenarioSide {
  const model = kit.model((contents) => textReply(`draft number ${contents.length}`))
  const steps: A[] = []
  for (let index = 1; index <= STEPS; index++) {
    const input = index === 1 ? '{topic}' : `{out_${index - 1}}`
    steps.push(
      kit.llmAgent({
        name: `step_${index}`,
        model,
        instruction: `You are step ${index} of a writing pipeline. Improve this text: ${input}. Keep it short.`,
        outputKey: `out_${index}`,
      }),
    )
  }
  const harness = kit.harness(kit.sequential('pipeline', steps))
  return {
    async sampler(ops) {
      const ids: string[] = []
      for (let index = 0; index < ops; index++) ids.push(await harness.createSession({ topic: 'cats' }))
      const start = performance.now()
      for (const id of ids) await harness.turn(id, 'Write about cats.')
      const elapsed = performance.now() - start
      for (const id of ids) await harness.deleteSession(id)
      return elapsed
    },
    async check() {
      const id = await harness.createSession({ topic: 'cats' })
      const before = model.calls()
      const events = await harness.turn(id, 'Write about cats.')
      const state = await harness.state(id)
      const lastInstruction = model.lastSystemInstruction()
      if (events !== STEPS || model.calls() - before !== STEPS)
        throw new Error(`B (${kit.label}): expected ${STEPS} events and calls`)
      if (typeof state[`out_${STEPS}`] !== 'string' || !lastInstruction.includes(String(state[`out_${STEPS - 1}`]))) {
        throw new Error(`B (${kit.label}): outputKey / {key} injection did not happen`)
      }
    },
  }
}

export async function runPipeline(config: BenchConfig): Promise<ResultRow[]> {
  const rows = await pairedTurnRow(config, setUp, {
    scenario: 'B',
    name: `${STEPS}-agent pipeline, outputKey + {key}, per model call`,
    operationsPerTurn: STEPS,
  })
  return [...rows, ...(await runAskPipeline(config))]
}
