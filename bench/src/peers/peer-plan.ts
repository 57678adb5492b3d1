import type { BenchConfig } from '../bench-config.js'
import type { PairPlan } from '../measure.js'

/** Scenario P's plan: fewer samples than A/E/B (peers take milliseconds per turn), still paired and interleaved. */
export function peerPlan(config: BenchConfig): PairPlan {
  return config.quick ? config.turnPlan : { warmup: 3, warmupMs: 500, samples: 25, minSampleMs: 5, maxOps: 2000 }
}
