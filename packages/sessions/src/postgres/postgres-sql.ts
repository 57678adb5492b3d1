/**
 * The statements of `PostgresSessionService` (run by `PostgresSessionDriver`). Timestamps cross as epoch seconds; every connection runs with
 * `TimeZone=UTC`, so `timestamp` (ADK Python) and `timestamptz` (`@google/adk`, migrated Python) columns both work.
 * @internal
 */
export const pgSql = {
  /** $1 app $2 user $3 id $4 session state $5 app state $6 user state. A duplicate id fails on `sessions_pkey`. */
  create: `
WITH a AS (
  INSERT INTO app_states (app_name, state, update_time) VALUES ($1, $5::jsonb, now() AT TIME ZONE 'UTC')
  ON CONFLICT (app_name) DO UPDATE SET state = COALESCE(app_states.state, '{}'::jsonb) || EXCLUDED.state,
    update_time = EXCLUDED.update_time
  RETURNING state),
u AS (
  INSERT INTO user_states (app_name, user_id, state, update_time) VALUES ($1, $2, $6::jsonb, now() AT TIME ZONE 'UTC')
  ON CONFLICT (app_name, user_id) DO UPDATE SET state = COALESCE(user_states.state, '{}'::jsonb) || EXCLUDED.state,
    update_time = EXCLUDED.update_time
  RETURNING state),
s AS (
  INSERT INTO sessions (app_name, user_id, id, state, create_time, update_time, revision)
  VALUES ($1, $2, $3, $4::jsonb, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC', 0)
  RETURNING revision, extract(epoch FROM update_time)::float8 AS update_time)
SELECT s.revision, s.update_time, a.state AS app_state, u.state AS user_state FROM s, a, u`,

  /**
   * One statement: checks the lease and the revision, merges the deltas (shallow, `null` kept, as ADK Python),
   * stores a strictly increasing timestamp and inserts the event. No row back: read {@link pgSql.facts}.
   * $1 app $2 user $3 session $4 event id $5 invocation id $6 event ts (s) $7 event_data $8 session delta|null
   * $9 expected revision $10 app delta|null $11 user delta|null $12 lease owner|null $13 lease fence|null
   */
  append: `
WITH s AS (
  UPDATE sessions SET
    state = CASE WHEN $8::jsonb IS NULL THEN state ELSE COALESCE(state, '{}'::jsonb) || $8::jsonb END,
    update_time = GREATEST(to_timestamp($6::float8) AT TIME ZONE 'UTC', update_time + interval '1 microsecond'),
    revision = revision + 1
  WHERE app_name = $1 AND user_id = $2 AND id = $3 AND revision = $9
    AND NOT EXISTS (SELECT 1 FROM events WHERE app_name = $1 AND user_id = $2 AND session_id = $3 AND id = $4)
    AND NOT EXISTS (SELECT 1 FROM adk_session_leases l WHERE l.app_name = $1 AND l.user_id = $2 AND l.session_id = $3
      AND l.expires_at > (now() AT TIME ZONE 'UTC') AND (l.owner IS DISTINCT FROM $12::text OR l.fence IS DISTINCT FROM $13::bigint))
  RETURNING app_name, user_id, id, update_time, revision),
a AS (
  INSERT INTO app_states (app_name, state, update_time)
  SELECT s.app_name, $10::jsonb, now() AT TIME ZONE 'UTC' FROM s WHERE $10::jsonb IS NOT NULL
  ON CONFLICT (app_name) DO UPDATE SET state = COALESCE(app_states.state, '{}'::jsonb) || EXCLUDED.state,
    update_time = EXCLUDED.update_time),
u AS (
  INSERT INTO user_states (app_name, user_id, state, update_time)
  SELECT s.app_name, s.user_id, $11::jsonb, now() AT TIME ZONE 'UTC' FROM s WHERE $11::jsonb IS NOT NULL
  ON CONFLICT (app_name, user_id) DO UPDATE SET state = COALESCE(user_states.state, '{}'::jsonb) || EXCLUDED.state,
    update_time = EXCLUDED.update_time)
INSERT INTO events (id, app_name, user_id, session_id, invocation_id, timestamp, event_data)
SELECT $4, s.app_name, s.user_id, s.id, $5, s.update_time, $7::jsonb FROM s
RETURNING (SELECT revision FROM s) AS revision, extract(epoch FROM timestamp)::float8 AS stored_ts`,

  /**
   * What an append is judged on (no row: no session): the revision, whether the event is stored, the live lease and
   * the newest event's id. $1 app $2 user $3 session $4 event id
   */
  facts: `
SELECT s.revision,
  EXISTS (SELECT 1 FROM events WHERE app_name = $1 AND user_id = $2 AND session_id = $3 AND id = $4) AS has_event,
  l.owner AS lease_owner, l.fence AS lease_fence,
  (SELECT id FROM events WHERE app_name = $1 AND user_id = $2 AND session_id = $3 ORDER BY timestamp DESC LIMIT 1) AS last_event_id
FROM sessions s
LEFT JOIN adk_session_leases l ON l.app_name = s.app_name AND l.user_id = s.user_id AND l.session_id = s.id
  AND l.expires_at > (now() AT TIME ZONE 'UTC')
WHERE s.app_name = $1 AND s.user_id = $2 AND s.id = $3`,

  /**
   * One snapshot, as rows (one big `json_agg` value costs the server and `pg` several times more): the session row
   * (`kind` 0: revision, update time, state, app and user state) first, then its events oldest first (`kind` 1: id,
   * invocation id, timestamp, `event_data` as text, parsed once by the codec). No row: no session.
   * $4 afterTimestamp (s) or NULL, $5 numRecentEvents or NULL (all).
   */
  get: `
SELECT 0 AS kind, NULL::text AS id, NULL::text AS invocation_id, extract(epoch FROM s.update_time)::float8 AS ts,
  NULL::text AS event_data, s.revision, s.state, a.state AS app_state, u.state AS user_state
FROM sessions s
LEFT JOIN app_states a ON a.app_name = s.app_name
LEFT JOIN user_states u ON u.app_name = s.app_name AND u.user_id = s.user_id
WHERE s.app_name = $1 AND s.user_id = $2 AND s.id = $3
UNION ALL
SELECT 1, x.id, x.invocation_id, extract(epoch FROM x.timestamp)::float8, x.event_data::text, NULL, NULL, NULL, NULL
FROM (SELECT id, invocation_id, timestamp, event_data FROM events
  WHERE app_name = $1 AND user_id = $2 AND session_id = $3
    AND ($4::float8 IS NULL OR timestamp >= to_timestamp($4::float8) AT TIME ZONE 'UTC')
  ORDER BY timestamp DESC LIMIT $5) x
ORDER BY kind, ts`,

  list: `
SELECT s.id, s.user_id, extract(epoch FROM s.update_time)::float8 AS update_time, s.revision, s.state,
  a.state AS app_state, u.state AS user_state
FROM sessions s
LEFT JOIN app_states a ON a.app_name = s.app_name
LEFT JOIN user_states u ON u.app_name = s.app_name AND u.user_id = s.user_id
WHERE s.app_name = $1 AND ($2::text IS NULL OR s.user_id = $2)
ORDER BY s.update_time DESC, s.id`,

  /** Events deleted explicitly: databases `@google/adk` 2.0.0 created have no cascading foreign key. */
  delete: `
WITH e AS (DELETE FROM events WHERE app_name = $1 AND user_id = $2 AND session_id = $3),
l AS (DELETE FROM adk_session_leases WHERE app_name = $1 AND user_id = $2 AND session_id = $3)
DELETE FROM sessions WHERE app_name = $1 AND user_id = $2 AND id = $3`,

  /** $4 owner $5 ttl (s): one row (the fence) = granted, none = held by another. */
  acquireLease: `
INSERT INTO adk_session_leases AS l (app_name, user_id, session_id, owner, fence, expires_at)
VALUES ($1, $2, $3, $4, 1, (now() AT TIME ZONE 'UTC') + make_interval(secs => $5::float8))
ON CONFLICT (app_name, user_id, session_id) DO UPDATE
  SET owner = EXCLUDED.owner, fence = CASE WHEN l.owner = EXCLUDED.owner THEN l.fence ELSE l.fence + 1 END,
    expires_at = EXCLUDED.expires_at
  WHERE l.expires_at <= (now() AT TIME ZONE 'UTC') OR l.owner = EXCLUDED.owner
RETURNING fence`,

  renewLease: `
UPDATE adk_session_leases SET expires_at = (now() AT TIME ZONE 'UTC') + make_interval(secs => $6::float8)
WHERE app_name = $1 AND user_id = $2 AND session_id = $3 AND owner = $4 AND fence = $5`,

  releaseLease: `
DELETE FROM adk_session_leases WHERE app_name = $1 AND user_id = $2 AND session_id = $3 AND owner = $4 AND fence = $5`,
} as const
