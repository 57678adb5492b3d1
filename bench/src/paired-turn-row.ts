import type { BenchConfig } from './bench-config.js'
import { ours, theirs, type Kit } from './kit.js'
import { measurePair, scale, type Sampler } from './measure.js'
import { TURN_COST_NOTE, type ResultRow } from './report.js'

/** One runtime's side of a scenario: a timed sampler and a check that it did the expected work. */
export interface ScenarioSide {
  readonly sampler: Sampler
  readonly check: () => Promise<void>
}

/**
 * Runs a per-turn scenario on both runtimes (checked first, then timed in pairs) and reports it as one row with a
 * ratio target of 0.2; `operationsPerTurn` turns the per-turn time into a per-operation time (e.g. per model call).
 */
export async function pairedTurnRow(
  config: BenchConfig,
  setUp: <A, M>(kit: Kit<A, M>) => ScenarioSide,
  row: { readonly scenario: string; readonly name: string; readonly operationsPerTurn?: number },
): Promise<ResultRow[]> {
  const a = setUp(ours)
  const b = setUp(theirs)
  await a.check()
  await b.check()
  const result = await measurePair(a.sampler, b.sampler, config.turnPlan)
  const divisor = 1000 / (row.operationsPerTurn ?? 1)
  return [
    {
      scenario: row.scenario,
      name: row.name,
      unit: 'µs',
      ours: scale(result.ours, divisor),
      theirs: scale(result.theirs, divisor),
      ratio: result.ratio,
      target: { kind: 'ratio', max: 0.2 },
      note: result.ratio > 0.2 ? TURN_COST_NOTE : undefined,
    },
  ]
}
