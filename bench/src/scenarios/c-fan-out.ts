import type { BenchConfig } from '../bench-config.js'
import { ours, theirs, type Kit } from '../kit.js'
import { measurePair, type Sampler } from '../measure.js'
import { formatNumber, type ResultRow } from '../report.js'
import { constantText } from '../scripted-model.js'

const BRANCHES = 100
export const MODEL_DELAY_MS = 20

/** C: a ParallelAgent of 100 LlmAgents whose model answers after 20 ms; wall time of one turn (fresh session). */
function setUp<A, M>(kit: Kit<A, M>, delayMs: number): { sampler: Sampler; check: () => Promise<void> } {
  const model = kit.model(constantText('branch result'), { delayMs })
  const branches: A[] = []
  for (let index = 0; index < BRANCHES; index++) {
    branches.push(
      kit.llmAgent({ name: `branch_${index}`, model, instruction: `You are branch ${index}. Answer briefly.` }),
    )
  }
  const harness = kit.harness(kit.parallel('fan_out', branches))
  return {
    async sampler(ops) {
      const ids: string[] = []
      for (let index = 0; index < ops; index++) ids.push(await harness.createSession())
      const start = performance.now()
      for (const id of ids) await harness.turn(id, 'Go!')
      const elapsed = performance.now() - start
      for (const id of ids) await harness.deleteSession(id)
      return elapsed
    },
    async check() {
      const events = await harness.turn(await harness.createSession(), 'Go!')
      if (events !== BRANCHES) throw new Error(`C (${kit.label}): expected ${BRANCHES} events, got ${events}`)
    },
  }
}

/** Where ours' wall time goes: the model's delay, the timers' lateness, and the runtime's own work. */
function breakdown(wall: number, work: number): string {
  const late = Math.max(0, wall - MODEL_DELAY_MS - work)
  return `ours' wall ${formatNumber(wall)} ms = ${MODEL_DELAY_MS} ms model + ${formatNumber(work)} ms of runtime work (the 0 ms row) + ${formatNumber(late)} ms of timer lateness: Node fires setTimeout(${MODEL_DELAY_MS}) on libuv's millisecond clock, typically 0.5–1.5 ms late, and the 100 timers' callbacks run one after another. The target leaves 1 ms for all of it.`
}

export async function runFanOut(config: BenchConfig): Promise<ResultRow[]> {
  const a = setUp(ours, MODEL_DELAY_MS)
  const b = setUp(theirs, MODEL_DELAY_MS)
  await a.check()
  await b.check()
  const result = await measurePair(a.sampler, b.sampler, config.fanOutPlan)
  // The same turn with a 0 ms model: the CPU the runtime itself spends on 100 branches.
  const a0 = setUp(ours, 0)
  const b0 = setUp(theirs, 0)
  const cpu = await measurePair(a0.sampler, b0.sampler, config.fanOutPlan)
  return [
    {
      scenario: 'C',
      name: `${BRANCHES}-branch ParallelAgent, ${MODEL_DELAY_MS} ms model, wall time`,
      unit: 'ms',
      ours: result.ours,
      theirs: result.theirs,
      ratio: result.ratio,
      target: { kind: 'absolute', max: 21 },
      note: breakdown(result.ours.median, cpu.ours.median),
    },
    {
      scenario: 'C',
      name: `${BRANCHES}-branch ParallelAgent, 0 ms model (runtime overhead)`,
      unit: 'ms',
      ours: cpu.ours,
      theirs: cpu.theirs,
      ratio: cpu.ratio,
    },
  ]
}
