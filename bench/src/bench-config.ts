import type { PairPlan } from './measure.js'

/** How much to measure: the full run (`pnpm bench`) or a smoke run (`pnpm bench --quick`). */
export interface BenchConfig {
  readonly quick: boolean
  /** Per-turn scenarios (A, B, E): samples of calibrated batches of turns. */
  readonly turnPlan: PairPlan
  /** Scenario C: one fan-out turn per sample. */
  readonly fanOutPlan: PairPlan
  /** Scenario D: session sizes and one turn per sample. */
  readonly sessionSizes: readonly number[]
  readonly longSessionPlan: (size: number) => PairPlan
  /** Scenario F: sessions × turns (each turn is a user event and a model event). */
  readonly memorySessions: number
  readonly memoryTurns: number
  readonly memoryRepeats: number
  /** Scenario G: child processes per measured import. */
  readonly importRuns: number
  /** Scenario H: pipeline sizes for the linearity check, and samples. */
  readonly pipelineSizes: readonly number[]
  readonly buildPlan: PairPlan
}

export function benchConfig(quick: boolean): BenchConfig {
  if (quick) {
    return {
      quick,
      turnPlan: { warmup: 1, samples: 3, minSampleMs: 2, maxOps: 20 },
      fanOutPlan: { warmup: 1, samples: 2 },
      sessionSizes: [1000],
      longSessionPlan: () => ({ warmup: 1, samples: 2 }),
      memorySessions: 50,
      memoryTurns: 10,
      memoryRepeats: 1,
      importRuns: 1,
      pipelineSizes: [100],
      buildPlan: { warmup: 1, samples: 2 },
    }
  }
  return {
    quick,
    turnPlan: { warmup: 5, warmupMs: 1000, samples: 60, minSampleMs: 5, maxOps: 2000 },
    fanOutPlan: { warmup: 10, samples: 40 },
    sessionSizes: [1000, 5000, 20_000],
    longSessionPlan: () => ({ warmup: 3, samples: 15 }),
    memorySessions: 1000,
    memoryTurns: 10,
    memoryRepeats: 3,
    importRuns: 7,
    pipelineSizes: [250, 500, 1000, 2000],
    // Batches of builds of at least 30 ms each, after a second of warm-up: one build of 1,000 agents takes a few ms,
    // about as long as a garbage collection, so single-build samples measured mostly where a collection landed.
    buildPlan: { warmup: 3, warmupMs: 1000, samples: 21, minSampleMs: 30, maxOps: 20 },
  }
}
