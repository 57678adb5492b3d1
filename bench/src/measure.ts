/** Median, range and sample count of one measured quantity. */
export interface Stats {
  readonly median: number
  readonly min: number
  readonly max: number
  readonly samples: number
}

/** Statistics of a list of samples. */
export function stats(samples: readonly number[]): Stats {
  if (samples.length === 0) throw new Error('no samples')
  const sorted = [...samples].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
  return { median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number, samples: sorted.length }
}

/** Runs a full garbage collection when the process was started with `--expose-gc` (a no-op otherwise). */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc) {
    gc()
    gc()
  }
}

/** True when `gc()` is available. */
export function canCollectGarbage(): boolean {
  return typeof (globalThis as { gc?: unknown }).gc === 'function'
}

/**
 * One sample of `ops` operations: does its own setup, times only the measured part, and returns the milliseconds it
 * spent on those operations.
 */
export type Sampler = (ops: number) => Promise<number>

export interface PairPlan {
  /** Samples discarded first (JIT warm-up), per runtime. */
  readonly warmup: number
  /** Warm-up goes on (whole samples) until this much time was spent, per runtime. */
  readonly warmupMs?: number
  /** Samples kept, per runtime. */
  readonly samples: number
  /**
   * Operations per sample are calibrated per runtime so that one sample lasts at least this long (timer resolution
   * and scheduling noise then matter less). Leave out for one operation per sample.
   */
  readonly minSampleMs?: number
  /** Upper bound of the calibrated operations per sample. */
  readonly maxOps?: number
}

/** Operations per sample for a sampler: enough for `plan.minSampleMs`, at most `plan.maxOps`. */
async function calibrate(sampler: Sampler, plan: PairPlan): Promise<number> {
  if (!plan.minSampleMs) return 1
  let ops = 1
  for (;;) {
    const ms = await sampler(ops)
    if (ms >= plan.minSampleMs / 4 || ops >= (plan.maxOps ?? 1000)) {
      const perOp = ms / ops
      return Math.max(1, Math.min(plan.maxOps ?? 1000, Math.ceil(plan.minSampleMs / Math.max(perOp, 1e-6))))
    }
    ops *= 4
  }
}

async function warmUp(sampler: Sampler, ops: number, plan: PairPlan): Promise<void> {
  const start = performance.now()
  for (let index = 0; index < plan.warmup || performance.now() - start < (plan.warmupMs ?? 0); index++)
    await sampler(ops)
}

/** Per-operation milliseconds of each kept sample. */
interface Side {
  readonly sampler: Sampler
  ops: number
  readonly values: number[]
}

async function takeSample(side: Side): Promise<void> {
  side.values.push((await side.sampler(side.ops)) / side.ops)
}

/** Both sides' statistics, and the ratio ours / theirs as the median of the ratios of paired samples. */
export interface PairResult {
  readonly ours: Stats
  readonly theirs: Stats
  readonly ratio: number
}

/**
 * Measures both runtimes in the same process: calibration and warm-up, then pairs of samples (ours and theirs
 * back to back, the order alternating). Values are milliseconds per operation. The ratio is the median of the
 * per-pair ratios: on a shared machine a slow spell hits both samples of a pair, so the ratio is steadier than
 * either side's median. No forced GC between samples: a full GC shrinks V8's young generation, and the next sample
 * then pays for many more scavenges (2–3× slower turns), while dead young garbage costs a scavenge nothing.
 */
export async function measurePair(ours: Sampler, theirs: Sampler, plan: PairPlan): Promise<PairResult> {
  const sides: [Side, Side] = [
    { sampler: ours, ops: 1, values: [] },
    { sampler: theirs, ops: 1, values: [] },
  ]
  for (const side of sides) {
    side.ops = await calibrate(side.sampler, plan)
    await warmUp(side.sampler, side.ops, plan)
  }
  const ratios: number[] = []
  for (let pair = 0; pair < plan.samples; pair++) {
    const order = pair % 2 === 0 ? sides : ([sides[1], sides[0]] as const)
    for (const side of order) await takeSample(side)
    ratios.push((sides[0].values[pair] as number) / (sides[1].values[pair] as number))
  }
  return { ours: stats(sides[0].values), theirs: stats(sides[1].values), ratio: stats(ratios).median }
}

/** Measures one side only (for scenarios without a counterpart). Values are milliseconds per operation. */
export async function measureOne(sampler: Sampler, plan: PairPlan): Promise<Stats> {
  const side: Side = { sampler, ops: await calibrate(sampler, plan), values: [] }
  await warmUp(sampler, side.ops, plan)
  for (let index = 0; index < plan.samples; index++) await takeSample(side)
  return stats(side.values)
}

/** Scales every figure of `value` (for unit conversion: ms → µs is `scale(stats, 1000)`). */
export function scale(value: Stats, factor: number): Stats {
  return { median: value.median * factor, min: value.min * factor, max: value.max * factor, samples: value.samples }
}
