// `pnpm demo:approval`: two tickets, each paused for approval, answered by a second runner on the same SQLite file
// (as a new process would): one approved (the refund happens once), one refused (no refund; the model is told).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chooseModel } from '../shared/choose-model.js'
import { runApproval } from './run-approval.js'
import { mockScript } from './agent.js'

const directory = await mkdtemp(join(tmpdir(), 'adk-fluent-approval-'))
try {
  const choice = chooseModel(mockScript)
  process.stdout.write(`${choice.label}\n`)
  await runApproval({
    file: join(directory, 'sessions.db'),
    model: () => chooseModel(mockScript).model,
    print: (line) => process.stdout.write(`${line}\n`),
  })
} finally {
  await rm(directory, { recursive: true, force: true })
}
