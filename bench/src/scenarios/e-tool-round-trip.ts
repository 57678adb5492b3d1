import type { BenchConfig } from '../bench-config.js'
import type { Kit } from '../kit.js'
import type { ResultRow } from '../report.js'
import { pairedTurnRow, type ScenarioSide } from '../paired-turn-row.js'
import { callReply, textReply, type Responder } from '../scripted-model.js'

/** Calls `lookup` first; once the history ends with its response, answers with text. */
const toolThenText: Responder = (contents) => {
  const last = contents[contents.length - 1]
  const answered = last?.parts?.some((part) => part.functionResponse !== undefined) ?? false
  return answered ? textReply('The answer is 42.') : callReply('lookup', { query: 'meaning of life' })
}

/**
 * E: one tool round trip: the model calls a FunctionTool (zod parameters, validated), the tool runs, the model
 * answers with its result. Timed per turn (two model calls, three events) on a fresh session.
 */
export function setUp<A, M>(kit: Kit<A, M>): ScenarioSide {
  const model = kit.model(toolThenText)
  const agent = kit.llmAgent({ name: 'assistant', model, instruction: 'Use the lookup tool.', withLookupTool: true })
  const harness = kit.harness(agent)
  return {
    async sampler(ops) {
      const ids: string[] = []
      for (let index = 0; index < ops; index++) ids.push(await harness.createSession())
      const start = performance.now()
      for (const id of ids) await harness.turn(id, 'What is the meaning of life?')
      const elapsed = performance.now() - start
      for (const id of ids) await harness.deleteSession(id)
      return elapsed
    },
    async check() {
      const before = model.calls()
      const events = await harness.turn(await harness.createSession(), 'What is the meaning of life?')
      if (events !== 3 || model.calls() - before !== 2)
        throw new Error(`E (${kit.label}): expected 3 events and 2 model calls, got ${events}`)
    },
  }
}

export function runToolRoundTrip(config: BenchConfig): Promise<ResultRow[]> {
  return pairedTurnRow(config, setUp, { scenario: 'E', name: 'one tool round trip (turn: call → tool → answer)' })
}
