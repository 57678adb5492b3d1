import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { PostgresSessionService } from '@adk-fluent/sessions'
import { DurableClient, RunFailedError } from './index.js'
import {
  durableScenario,
  eventShapes,
  pgUrl,
  readLog,
  startWorker,
  uniqueName,
  type Worker,
} from './testing/harness.test-helper.js'

const workers: Worker[] = []
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.kill()))
})

/**
 * Makes the database refuse the first `times` inserts into `table` that match `when` (a trigger raising an error, as
 * a failing store would): the statement fails and writes nothing.
 */
async function failInserts(
  url: string,
  schema: string,
  table: string,
  name: string,
  when: string,
  times: number,
): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  const counter = `"${schema}".${name}_count`
  await client.connect()
  try {
    await client.query(`CREATE SEQUENCE IF NOT EXISTS ${counter}`)
    await client.query(`CREATE OR REPLACE FUNCTION "${schema}".${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('${counter}') <= ${times} THEN RAISE EXCEPTION 'injected failure (${name})'; END IF;
        RETURN NEW;
      END $$`)
    await client.query(
      `CREATE TRIGGER ${name} BEFORE INSERT ON "${schema}".${table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION "${schema}".${name}()`,
    )
  } finally {
    await client.end()
  }
}

const go = { role: 'user', parts: [{ text: 'go' }] }

describe.skipIf(!pgUrl)('durable runs: a failing store', () => {
  it('a run whose run store or session store fails goes on from its recorded steps; a store that stays down fails the run, storing nothing wrong', async () => {
    // The sessions in a schema of their own: the triggers below touch no other test's tables.
    const schema = uniqueName('store_failure')
    const { app, dbosUrl, log, env } = durableScenario('store_failure', {
      TREE: 'pipeline',
      SESSIONS_SCHEMA: schema,
      STORE_RETRY_MS: '1500',
    })
    const sessions = new PostgresSessionService({ url: pgUrl as string, schema })
    for (const id of ['clean', 'run-store', 'session-store', 'down'])
      await sessions.createSession({ appName: app, userId: 'u', sessionId: id })
    const worker = await startWorker({ ...env, WORKER_ID: 'w1' })
    workers.push(worker)
    const client = await DurableClient.connect({ appName: app, databaseUrl: dbosUrl, version: worker.version })
    const clean = await (
      await client.startRun({ userId: 'u', sessionId: 'clean', newMessage: go })
    ).result({
      timeoutMs: 120_000,
    })
    const expected = (await sessions.getSession({ appName: app, userId: 'u', sessionId: 'clean' }))?.events ?? []
    expect(clean.finalText).toBe('answer 5')

    // The run store refuses to record the tool call once, and step_4's model call once.
    await failInserts(
      dbosUrl,
      'public',
      'adk_fluent_dbos_steps',
      'fail_tool',
      `NEW.run_id = 'run-store' AND NEW.step_key LIKE 'tool:%'`,
      1,
    )
    await failInserts(
      dbosUrl,
      'public',
      'adk_fluent_dbos_steps',
      'fail_model',
      `NEW.run_id = 'run-store' AND NEW.step_key = 'model:#4'`,
      1,
    )
    // The session store refuses step_3's event once on one session, and always on another.
    const step3 = `NEW.event_data->>'author' = 'step_3'`
    await failInserts(
      pgUrl as string,
      schema,
      'events',
      `${schema}_once`,
      `NEW.session_id = 'session-store' AND ${step3}`,
      1,
    )
    await failInserts(
      pgUrl as string,
      schema,
      'events',
      `${schema}_down`,
      `NEW.session_id = 'down' AND ${step3}`,
      1_000_000,
    )

    // One run at a time: the pipeline's scripted models answer runs in the order they call.
    const start = (sessionId: string) => client.startRun({ userId: 'u', sessionId, newMessage: go, runId: sessionId })
    for (const sessionId of ['run-store', 'session-store']) {
      const result = await (await start(sessionId)).result({ timeoutMs: 120_000 })
      expect(result.finalText).toBe('answer 5')
      const session = await sessions.getSession({ appName: app, userId: 'u', sessionId })
      // The events of an uninterrupted run, each once: no tool error the model saw, no model error, no gap.
      expect(eventShapes(session?.events ?? [])).toEqual(eventShapes(expected))
      expect(new Set(session?.events.map((event) => event.id)).size).toBe(expected.length)
      expect(result.events.map((event) => event.id)).toEqual(session?.events.slice(1).map((event) => event.id))
      expect(session?.state).toMatchObject({ charged: true, out_5: 'answer 5' })
    }
    // The tool whose outcome was not recorded ran again, with the same idempotency key.
    const toolLines = readLog(log).filter((line) => line.startsWith('tool charge e-run-store/'))
    expect(toolLines).toHaveLength(2)
    expect(new Set(toolLines).size).toBe(1)

    // The store stays down: after STORE_RETRY_MS the run fails with the store's error; the session keeps what was
    // stored before, its state the fold of its events.
    const failure = await (await start('down')).result({ timeoutMs: 120_000 }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(RunFailedError)
    expect(String((failure as Error).message)).toMatch(/injected failure/)
    const stopped = await sessions.getSession({ appName: app, userId: 'u', sessionId: 'down' })
    expect(eventShapes(stopped?.events ?? [])).toEqual(eventShapes(expected.slice(0, 5)))
    expect(stopped?.state).toEqual({ out_1: 'answer 1', charged: true, out_2: 'answer 2' })
    await client.close()
    await sessions.close()
  }, 240_000)
})
