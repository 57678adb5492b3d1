import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import type { BenchConfig } from '../bench-config.js'
import { scale } from '../measure.js'
import { benchDir } from '../paths.js'
import type { ResultRow } from '../report.js'
import { measurePeer, scenarioNames, type PeerMeasurement } from '../peers/measure-peer.js'
import { peerPlan } from '../peers/peer-plan.js'
import { peerLoaders } from '../peers/registry.js'

const childScript = join(benchDir, 'src', 'peers', 'peer-child.ts')

/** Runs one peer alone in a fresh process (no other framework loaded, so no other framework's async hooks). */
function measureAlone(id: string, quick: boolean): PeerMeasurement[] {
  const env: NodeJS.ProcessEnv = { ...process.env }
  delete env['NODE_OPTIONS']
  const args = ['--import', 'tsx', '--conditions=@adk-fluent/source', childScript, id, ...(quick ? ['--quick'] : [])]
  const result = spawnSync(process.execPath, args, { cwd: benchDir, env, encoding: 'utf8', timeout: 600_000 })
  const line = (result.stdout ?? '').trim().split('\n').pop() ?? ''
  if (result.status !== 0 || !line.startsWith('['))
    throw new Error(`peer child (${id}) failed: ${(result.stderr ?? '').trim().split('\n').slice(-3).join(' ')}`)
  return JSON.parse(line) as PeerMeasurement[]
}

function row(measurement: PeerMeasurement, where: string): ResultRow {
  const { scenario, peer, version, ours, theirs, ratio } = measurement
  return {
    scenario: 'P',
    name: `${scenario} ${scenarioNames[scenario]}: core runner vs ${peer} ${version}, ${where}`,
    unit: 'µs',
    ours: scale(ours, 1000),
    theirs: scale(theirs, 1000),
    ratio,
    target: { kind: 'ratio', max: 1 },
  }
}

/**
 * P: scenarios A, E and B on the other frameworks a user would pick, each through its own model interface with a
 * zero-latency fake (src/peers/), against our core runner: first each peer alone in a fresh process, then all
 * peers loaded into this process (where their async hooks make every promise dearer, ours included).
 */
export async function runPeers(config: BenchConfig): Promise<ResultRow[]> {
  const plan = peerPlan(config)
  const alone: ResultRow[] = []
  for (const id of Object.keys(peerLoaders)) {
    process.stderr.write(`  ${id} alone in a fresh process…\n`)
    for (const measurement of measureAlone(id, config.quick)) alone.push(row(measurement, 'alone in a fresh process'))
  }
  const peers = await Promise.all(Object.values(peerLoaders).map((load) => load()))
  const shared: ResultRow[] = []
  for (const peer of peers) {
    process.stderr.write(`  ${peer.label} with every peer loaded…\n`)
    for (const measurement of await measurePeer(peer, plan))
      shared.push(row(measurement, 'one process, all peers loaded'))
  }
  return [...alone, ...shared]
}
