import pg from 'pg'

/** A live worker as the registry knows it. */
export interface WorkerInfo {
  workerId: string
  version: string
}

/**
 * Worker liveness for one app, in a table of the DBOS system database: every worker writes a heartbeat; a worker
 * whose heartbeat is older than `deadAfterMs` is dead, and exactly one live worker claims it (the row is deleted
 * by the claim) to resume its unfinished runs.
 */
export class WorkerRegistry {
  readonly #pool: pg.Pool
  readonly #appName: string

  constructor(databaseUrl: string, appName: string) {
    this.#pool = new pg.Pool({ connectionString: databaseUrl, max: 2 })
    this.#pool.on('error', () => undefined)
    this.#appName = appName
  }

  async init(): Promise<void> {
    try {
      await this.#create()
    } catch (error) {
      // Two processes creating the table at once: one of them gets a duplicate-key or duplicate-table error.
      const code = (error as { code?: string }).code
      if (code !== '23505' && code !== '42P07') throw error
    }
  }

  async #create(): Promise<void> {
    await this.#pool.query(`CREATE TABLE IF NOT EXISTS adk_fluent_dbos_workers (
      app_name TEXT NOT NULL,
      worker_id TEXT NOT NULL,
      version TEXT NOT NULL,
      heartbeat_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY (app_name, worker_id))`)
  }

  async heartbeat(workerId: string, version: string): Promise<void> {
    await this.#pool.query(
      `INSERT INTO adk_fluent_dbos_workers (app_name, worker_id, version, heartbeat_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (app_name, worker_id) DO UPDATE SET version = EXCLUDED.version, heartbeat_at = now()`,
      [this.#appName, workerId, version],
    )
  }

  /** Claims the workers silent for longer than `deadAfterMs` (other than `self`); each dead worker goes to one caller. */
  async claimDead(self: string, deadAfterMs: number): Promise<WorkerInfo[]> {
    const result = await this.#pool.query<{ worker_id: string; version: string }>(
      `DELETE FROM adk_fluent_dbos_workers
       WHERE app_name = $1 AND worker_id <> $2 AND heartbeat_at < now() - make_interval(secs => $3::double precision / 1000)
       RETURNING worker_id, version`,
      [this.#appName, self, deadAfterMs],
    )
    return result.rows.map((row) => ({ workerId: row.worker_id, version: row.version }))
  }

  /** Workers that sent a heartbeat within `deadAfterMs`. */
  async live(deadAfterMs: number): Promise<WorkerInfo[]> {
    const result = await this.#pool.query<{ worker_id: string; version: string }>(
      `SELECT worker_id, version FROM adk_fluent_dbos_workers
       WHERE app_name = $1 AND heartbeat_at >= now() - make_interval(secs => $2::double precision / 1000)`,
      [this.#appName, deadAfterMs],
    )
    return result.rows.map((row) => ({ workerId: row.worker_id, version: row.version }))
  }

  async remove(workerId: string): Promise<void> {
    await this.#pool.query('DELETE FROM adk_fluent_dbos_workers WHERE app_name = $1 AND worker_id = $2', [
      this.#appName,
      workerId,
    ])
  }

  async close(): Promise<void> {
    await this.#pool.end()
  }
}
