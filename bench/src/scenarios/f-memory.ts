import type { BenchConfig } from '../bench-config.js'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { stats, type Stats } from '../measure.js'
import { benchDir } from '../paths.js'
import type { ResultRow } from '../report.js'

/** What a heap snapshot of ours shows per event (see the bench report). */
const WHY_MISSED =
  'Per stored event: the event object, its content, part, id and text (~420 B). Stored events share one frozen empty actions object and one flat invocation id string per turn (core: sessions/in-memory-session-service.ts, util/ids.ts); before that, empty action maps and a rope-shaped randomUUID() string added ~500 B per event.'

const childScript = join(benchDir, 'src', 'memory-child.ts')

/** Bytes retained per event by one runtime, measured in a fresh node process. */
function measureInChild(runtime: 'ours' | 'theirs', sessions: number, turns: number): number {
  const env: NodeJS.ProcessEnv = { ...process.env }
  delete env['NODE_OPTIONS']
  const args = [
    '--expose-gc',
    '--import',
    'tsx',
    '--conditions=@adk-fluent/source',
    childScript,
    runtime,
    String(sessions),
    String(turns),
  ]
  const result = spawnSync(process.execPath, args, { cwd: benchDir, env, encoding: 'utf8', timeout: 120_000 })
  const line = (result.stdout ?? '').trim().split('\n').pop() ?? ''
  if (result.status !== 0 || !line.startsWith('{'))
    throw new Error(`memory child (${runtime}) failed: ${(result.stderr ?? '').trim().split('\n').slice(-3).join(' ')}`)
  return (JSON.parse(line) as { bytesPerEvent: number }).bytesPerEvent
}

/** F: retained heap of N sessions × M events, through real turns of each runtime's InMemoryRunner (one child process per measurement). */
export async function runMemory(config: BenchConfig): Promise<ResultRow[]> {
  const events = config.memoryTurns * 2
  const name = `retained heap, ${config.memorySessions.toLocaleString('en-US')} sessions × ${events} events, per event`
  const oursSamples: number[] = []
  const theirSamples: number[] = []
  for (let repeat = 0; repeat < config.memoryRepeats; repeat++) {
    oursSamples.push(measureInChild('ours', config.memorySessions, config.memoryTurns))
    theirSamples.push(measureInChild('theirs', config.memorySessions, config.memoryTurns))
  }
  const oursStats: Stats = stats(oursSamples)
  const theirStats: Stats = stats(theirSamples)
  const total = (value: Stats) => ((value.median * config.memorySessions * events) / 2 ** 20).toFixed(1)
  return [
    {
      scenario: 'F',
      name,
      unit: 'B',
      ours: oursStats,
      theirs: theirStats,
      target: { kind: 'ratio', max: 0.5 },
      note: `heapUsed delta after gc(), whole runner included, each in a fresh process: ${total(oursStats)} MB ours vs ${total(theirStats)} MB @google/adk.${oursStats.median / theirStats.median > 0.5 ? ` ${WHY_MISSED}` : ''}`,
    },
  ]
}
