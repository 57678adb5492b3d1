import type { BenchConfig } from '../bench-config.js'
import { ours, theirs, type Harness, type Kit } from '../kit.js'
import { canCollectGarbage, collectGarbage, stats, type Stats } from '../measure.js'
import type { ResultRow } from '../report.js'
import { textReply, wire } from '../scripted-model.js'

/** What a heap snapshot of ours showed (see the bench report); printed while the target is missed. */
const WHY_MISSED =
  'Heap snapshots (1,000 × 20) show per event: the invocation id string, which Node\'s crypto.randomUUID() returns as a rope of ~16 cons strings (~500 B per turn, ~250 B per event; flattening it in util/ids.ts removes it), four empty action maps (stateDelta, artifactDelta, requestedAuthConfigs, requestedToolConfirmations: 4 × 56 B; sharing one frozen empty map once an event is appended would remove them), then the event, its actions, content, part, id and text (~450 B).'

/** Fills `sessions` sessions with `turns` real turns each (a user event and a model event per turn). */
async function fill<A, M>(kit: Kit<A, M>, sessions: number, turns: number): Promise<Harness<A>> {
  let reply = 0
  const model = kit.model(() => textReply(wire(`Answer ${reply++}: a short reply of about sixty characters, like a chat.`)))
  const harness = kit.harness(kit.llmAgent({ name: 'assistant', model, instruction: 'You are a helpful assistant.' }))
  for (let session = 0; session < sessions; session++) {
    const id = await harness.createSession({ plan: 'free' })
    for (let turn = 0; turn < turns; turn++) await harness.turn(id, wire(`Question ${turn} of session ${session}: what now?`))
  }
  return harness
}

/** Heap bytes still reachable after filling, per stored event (after a full GC on both ends). */
async function retainedPerEvent<A, M>(kit: Kit<A, M>, sessions: number, turns: number): Promise<number> {
  collectGarbage()
  const before = process.memoryUsage().heapUsed
  const harness = await fill(kit, sessions, turns)
  collectGarbage()
  const after = process.memoryUsage().heapUsed
  // Keep the runner (and so every session) reachable until the second measurement.
  if ((await harness.createSession()).length === 0) throw new Error('unreachable')
  return (after - before) / (sessions * turns * 2)
}

/** F: retained heap of N sessions × M events, through real turns of each runtime's InMemoryRunner. */
export async function runMemory(config: BenchConfig): Promise<ResultRow[]> {
  const events = config.memoryTurns * 2
  const name = `retained heap, ${config.memorySessions.toLocaleString('en-US')} sessions × ${events} events, per event`
  if (!canCollectGarbage()) {
    return [{ scenario: 'F', name, unit: 'B', note: 'skipped: start node with --expose-gc (the bench script does).' }]
  }
  // Warm-up: code compiled and caches filled before anything is measured.
  await fill(ours, 20, config.memoryTurns)
  await fill(theirs, 20, config.memoryTurns)
  const oursSamples: number[] = []
  const theirSamples: number[] = []
  for (let repeat = 0; repeat < config.memoryRepeats; repeat++) {
    oursSamples.push(await retainedPerEvent(ours, config.memorySessions, config.memoryTurns))
    theirSamples.push(await retainedPerEvent(theirs, config.memorySessions, config.memoryTurns))
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
      note: `heapUsed delta after gc(), whole runner included: ${total(oursStats)} MB ours vs ${total(theirStats)} MB @google/adk.${oursStats.median / theirStats.median > 0.5 ? ` ${WHY_MISSED}` : ''}`,
    },
  ]
}
