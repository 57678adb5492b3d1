import { InMemoryRunner, LlmAgent, SequentialAgent, previewRun, type BaseLlm } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import type { BenchConfig } from '../bench-config.js'
import { measurePair, type Sampler } from '../measure.js'
import { formatNumber, type ResultRow } from '../report.js'

const STEPS = 10
const TARGET_MS = 2

/** Scenario B's pipeline: 10 agents, step i reads `{out_<i-1>}` (step 1 reads `{topic}`) and writes `out_<i>`. */
function pipeline(model: BaseLlm): SequentialAgent {
  const steps: LlmAgent[] = []
  for (let index = 1; index <= STEPS; index++) {
    const input = index === 1 ? '{topic}' : `{out_${index - 1}}`
    steps.push(
      new LlmAgent({
        name: `step_${index}`,
        model,
        instruction: `You are step ${index} of a writing pipeline. Improve this text: ${input}. Keep it short.`,
        outputKey: `out_${index}`,
      }),
    )
  }
  return new SequentialAgent({ name: 'pipeline', subAgents: steps })
}

function replies(): Record<string, string[]> {
  const result: Record<string, string[]> = {}
  for (let index = 1; index <= STEPS; index++) result[`step_${index}`] = [`draft number ${index}`]
  return result
}

/** One preview per operation (agents built as for the run): the whole turn on the stand-in model, every request recorded. */
function previewSampler(): Sampler {
  return async (ops) => {
    const start = performance.now()
    for (let index = 0; index < ops; index++) {
      const { calls } = await previewRun(pipeline(new ScriptedLlm([])), {
        state: { topic: 'cats' },
        userMessage: 'Write about cats.',
      })
      if (calls.length !== STEPS) throw new Error(`J: expected ${STEPS} previewed calls, got ${calls.length}`)
    }
    return performance.now() - start
  }
}

/** The same turn run on a ScriptedLlm (fresh runner, session and script per operation, as the preview has). */
function runSampler(): Sampler {
  return async (ops) => {
    const start = performance.now()
    for (let index = 0; index < ops; index++) {
      const model = new ScriptedLlm(replies())
      const runner = new InMemoryRunner({ agent: pipeline(model), appName: 'bench' })
      const session = await runner.sessionService.createSession({
        appName: 'bench',
        userId: 'u',
        state: { topic: 'cats' },
      })
      const run = runner.runAsync({
        userId: 'u',
        sessionId: session.id,
        newMessage: { role: 'user', parts: [{ text: 'Write about cats.' }] },
      })
      for await (const _ of run);
      if (model.requests.length !== STEPS)
        throw new Error(`J: expected ${STEPS} scripted calls, got ${model.requests.length}`)
    }
    return performance.now() - start
  }
}

/**
 * J: `previewRun` of scenario B's 10-step pipeline (the real runner on a stand-in model, every request recorded, state
 * snapshots, placeholder replies) against running the same turn on a `ScriptedLlm`. Target: ≤ 2 ms per preview.
 */
export async function runPreview(config: BenchConfig): Promise<ResultRow[]> {
  const result = await measurePair(previewSampler(), runSampler(), config.turnPlan)
  return [
    {
      scenario: 'J',
      name: `previewRun of a ${STEPS}-step pipeline (every request recorded), per preview`,
      unit: 'ms',
      ours: result.ours,
      target: { kind: 'absolute', max: TARGET_MS },
      note: `the same turn on a ScriptedLlm (building the agents, runner and session included on both sides) takes ${formatNumber(result.theirs.median)} ms (median); preview / run = ${formatNumber(result.ratio)}. The @google/adk column is empty: it has no preview.`,
    },
  ]
}
