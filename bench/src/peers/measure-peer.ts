import type { PairPlan, Stats } from '../measure.js'
import { measurePair } from '../measure.js'
import { ours } from '../kit.js'
import type { ScenarioSide } from '../paired-turn-row.js'
import { setUp as setUpSingle } from '../scenarios/a-single-turn.js'
import { setUp as setUpPipeline } from '../scenarios/b-pipeline.js'
import { setUp as setUpTool } from '../scenarios/e-tool-round-trip.js'
import { installedVersion, type Peer, type PeerScenario } from './peer.js'

export const peerScenarios: readonly PeerScenario[] = ['A', 'E', 'B']

export const scenarioNames: Record<PeerScenario, string> = {
  A: 'single-agent turn',
  E: 'one tool round trip',
  B: '10-step pipeline, per run',
}

/** One measured pair: ours (core runner) against a peer, in ms per turn. */
export interface PeerMeasurement {
  readonly peer: string
  readonly version: string
  readonly scenario: PeerScenario
  readonly ours: Stats
  readonly theirs: Stats
  readonly ratio: number
}

/** Our side of each scenario: the core runner, as in rows A, E and B. */
export function ourSides(): Record<PeerScenario, ScenarioSide> {
  return { A: setUpSingle(ours), E: setUpTool(ours), B: setUpPipeline(ours) }
}

/** Checks both sides of every scenario (the scripted answer arrives, the tool ran), then measures each pair. */
export async function measurePeer(peer: Peer, plan: PairPlan): Promise<PeerMeasurement[]> {
  const mine = ourSides()
  const theirs = await peer.sides()
  const version = installedVersion(peer.packageName)
  const results: PeerMeasurement[] = []
  for (const scenario of peerScenarios) {
    await mine[scenario].check()
    await theirs[scenario].check()
    const pair = await measurePair(mine[scenario].sampler, theirs[scenario].sampler, plan)
    results.push({ peer: peer.label, version, scenario, ...pair })
  }
  return results
}
