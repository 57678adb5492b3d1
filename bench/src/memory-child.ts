/**
 * Child process of scenario F: fills one runtime's InMemoryRunner and prints the retained heap per event as JSON.
 * A fresh process per measurement, so nothing left by earlier scenarios (or by the other runtime) is collected
 * while it measures. Run with --expose-gc.
 */
import { ours, theirs, type Harness, type Kit } from './kit.js'
import { canCollectGarbage, collectGarbage } from './measure.js'
import { textReply, wire } from './scripted-model.js'

/** Fills `sessions` sessions with `turns` real turns each (a user event and a model event per turn). */
async function fill<A, M>(kit: Kit<A, M>, sessions: number, turns: number): Promise<Harness<A>> {
  let reply = 0
  const model = kit.model(() =>
    textReply(wire(`Answer ${reply++}: a short reply of about sixty characters, like a chat.`)),
  )
  const harness = kit.harness(kit.llmAgent({ name: 'assistant', model, instruction: 'You are a helpful assistant.' }))
  for (let session = 0; session < sessions; session++) {
    const id = await harness.createSession({ plan: 'free' })
    for (let turn = 0; turn < turns; turn++)
      await harness.turn(id, wire(`Question ${turn} of session ${session}: what now?`))
  }
  return harness
}

async function retainedPerEvent<A, M>(kit: Kit<A, M>, sessions: number, turns: number): Promise<number> {
  await fill(kit, 20, turns) // warm-up: code compiled and caches filled before the baseline
  collectGarbage()
  const before = process.memoryUsage().heapUsed
  const harness = await fill(kit, sessions, turns)
  collectGarbage()
  const after = process.memoryUsage().heapUsed
  // Keep the runner (and so every session) reachable until the second measurement.
  if ((await harness.createSession()).length === 0) throw new Error('unreachable')
  return (after - before) / (sessions * turns * 2)
}

const [runtime, sessions, turns] = process.argv.slice(2)
if (!canCollectGarbage()) throw new Error('memory-child needs --expose-gc')
const bytesPerEvent =
  runtime === 'theirs'
    ? await retainedPerEvent(theirs, Number(sessions), Number(turns))
    : await retainedPerEvent(ours, Number(sessions), Number(turns))
process.stdout.write(`${JSON.stringify({ bytesPerEvent })}\n`)
