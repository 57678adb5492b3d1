import pg from 'pg'
import { AdkFluentError, type Event } from '@adk-fluent/core'
import { RunStoreError } from './errors.js'

/** What a step recorded: its output, or the error it ended with, and when it ended. */
export interface StepRecord {
  /** The step's name (`model:<agent>`, `tool:<name>`, `open-session`): a replay checks it. */
  name: string
  output?: unknown
  error?: { name: string; message: string }
  at: number
}

/** The row counting a run's executions (not a step: no call has this key). */
const executionKey = '~execution'

const ddl = `
CREATE TABLE IF NOT EXISTS adk_fluent_dbos_steps (
  run_id TEXT NOT NULL, step_key TEXT NOT NULL, record TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(), PRIMARY KEY (run_id, step_key));
CREATE TABLE IF NOT EXISTS adk_fluent_dbos_events (
  seq BIGSERIAL PRIMARY KEY, run_id TEXT NOT NULL, event_id TEXT NOT NULL, event TEXT NOT NULL,
  UNIQUE (run_id, event_id));
CREATE INDEX IF NOT EXISTS adk_fluent_dbos_events_run ON adk_fluent_dbos_events (run_id, seq);`

/**
 * A durable run's checkpoints, in two tables of the DBOS system database: the output of every model and tool call
 * (keyed by a step key derived from the call's place in the agent tree, not by the order calls happened in) and the
 * run's event log (what `run.events()` streams; idempotent by event id). One statement per checkpoint.
 */
export class RunStore {
  readonly #pool: pg.Pool

  constructor(databaseUrl: string, maxConnections: number) {
    this.#pool = new pg.Pool({ connectionString: databaseUrl, max: maxConnections })
    this.#pool.on('error', () => undefined)
  }

  async init(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.#pool.query(ddl)
        return
      } catch (error) {
        // Two processes creating the tables at once: one gets a duplicate-key or duplicate-table error.
        const code = (error as { code?: string }).code
        if ((code !== '23505' && code !== '42P07') || attempt >= 3) throw error
      }
    }
  }

  /**
   * Starts an execution of a run, in one statement: counts the execution (the run's `execution` number goes up by
   * one: the newest execution owns the run) and returns every step recorded so far (none on a first execution; the
   * session snapshot, `open-session`, once one was recorded).
   */
  async openRun(runId: string): Promise<{ recorded: Map<string, StepRecord>; execution: number }> {
    const result = await this.#query<{ step_key: string; record: string; kind: number }>(
      `WITH execution AS (INSERT INTO adk_fluent_dbos_steps (run_id, step_key, record) VALUES ($1, '${executionKey}', '1')
         ON CONFLICT (run_id, step_key) DO UPDATE SET record = (adk_fluent_dbos_steps.record::bigint + 1)::text
         RETURNING record)
       SELECT step_key, record, 0 AS kind FROM adk_fluent_dbos_steps WHERE run_id = $1 AND step_key <> '${executionKey}'
       UNION ALL SELECT '${executionKey}', record, 1 FROM execution`,
      [runId],
    )
    const recorded = new Map<string, StepRecord>()
    let execution = 0
    for (const row of result.rows) {
      if (row.kind === 1) execution = Number(row.record)
      else recorded.set(row.step_key, JSON.parse(row.record) as StepRecord)
    }
    return { recorded, execution }
  }

  /**
   * Who owns the run now, in one statement: the newest execution's number (see {@link openRun}) and the record of
   * step `key` if one was written since this execution opened the run (by another execution).
   */
  async ownership(runId: string, key: string): Promise<{ execution: number; record: StepRecord | undefined }> {
    const result = await this.#query<{ execution: string | null; record: string | null }>(
      `SELECT (SELECT record FROM adk_fluent_dbos_steps WHERE run_id = $1 AND step_key = '${executionKey}') AS execution,
         (SELECT record FROM adk_fluent_dbos_steps WHERE run_id = $1 AND step_key = $2) AS record`,
      [runId, key],
    )
    const row = result.rows[0]
    return {
      execution: Number(row?.execution ?? 0),
      record: row?.record ? (JSON.parse(row.record) as StepRecord) : undefined,
    }
  }

  /**
   * Records a step (`record`: its {@link StepRecord} as JSON), in one statement: true when this call stored it, false
   * when the step was recorded already (by another execution of the run: the first record is the run's).
   */
  async recordStep(runId: string, key: string, record: string): Promise<boolean> {
    const result = await this.#query(
      `INSERT INTO adk_fluent_dbos_steps (run_id, step_key, record) VALUES ($1, $2, $3)
       ON CONFLICT (run_id, step_key) DO NOTHING`,
      [runId, key, record],
    )
    return result.rowCount === 1
  }

  /** Adds events to the run's log, in order, in one statement (each a no-op when an earlier execution added it). */
  async logEvents(runId: string, events: readonly Event[]): Promise<void> {
    if (events.length === 0) return
    const values: unknown[] = [runId]
    const rows = events.map((event) => {
      values.push(event.id, JSON.stringify(event))
      return `($1, $${values.length - 1}, $${values.length})`
    })
    await this.#query(
      `INSERT INTO adk_fluent_dbos_events (run_id, event_id, event) VALUES ${rows.join(', ')} ON CONFLICT DO NOTHING`,
      values,
    )
  }

  /** Deletes the recorded steps and event logs of `runIds` (finished runs past their retention), in one statement. */
  async forget(runIds: readonly string[]): Promise<void> {
    if (runIds.length === 0) return
    await this.#query(
      `WITH steps AS (DELETE FROM adk_fluent_dbos_steps WHERE run_id = ANY($1::text[]))
       DELETE FROM adk_fluent_dbos_events WHERE run_id = ANY($1::text[])`,
      [runIds],
    )
  }

  /** The run's logged events after position `afterSeq`, in order. */
  async events(runId: string, afterSeq: number): Promise<{ seq: number; event: Event }[]> {
    const result = await this.#query<{ seq: string; event: string }>(
      'SELECT seq, event FROM adk_fluent_dbos_events WHERE run_id = $1 AND seq > $2 ORDER BY seq',
      [runId, afterSeq],
    )
    return result.rows.map((row) => ({ seq: Number(row.seq), event: JSON.parse(row.event) as Event }))
  }

  async close(): Promise<void> {
    await this.#pool.end()
  }

  /** One statement; a database failure becomes a {@link RunStoreError} (which ends the execution, not the run). */
  async #query<R extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
    try {
      return await this.#pool.query<R>(text, values)
    } catch (error) {
      if (AdkFluentError.isInstance(error)) throw error
      throw new RunStoreError((error as Error).message, { cause: error })
    }
  }
}
