/**
 * Enqueues runs of the durable-workers example and waits for them:
 * `DATABASE_URL=postgresql://… pnpm durable:enqueue 6`. Prints which worker finished each run.
 */
import { DurableClient } from '@adk-fluent/dbos'
import { PostgresSessionService } from '@adk-fluent/sessions'
import { message, questions } from './demo.js'
import { APP, createPipeline, slowScriptedModel } from './pipeline.js'
import { databaseUrlOrExit } from './database-url.js'

const databaseUrl = databaseUrlOrExit('durable:enqueue')
const sessions = new PostgresSessionService(databaseUrl)
const agent = createPipeline(slowScriptedModel('client', 0)).build()
// #region enqueue
const client = await DurableClient.connect({ appName: APP, databaseUrl, agent })
const runs = []
for (const question of questions.slice(0, Number(process.argv[2] ?? 6))) {
  const session = await sessions.createSession({ appName: APP, userId: 'demo' })
  runs.push(await client.startRun({ userId: 'demo', sessionId: session.id, newMessage: message(question) }))
}
for (const run of runs) {
  const { finalText } = await run.result() // also: run.events() streams them; run.cancel(); client.getRun(id)
  const status = await run.status() // { state, workerId, version, … }
  console.log(`run ${run.id.slice(0, 8)} finished on ${status?.workerId}: ${finalText.slice(0, 50)}…`)
}
// #endregion enqueue
await client.close()
await sessions.close()
process.exit(0)
