import { createEvent, type Event } from '@adk-fluent/core'

/**
 * Stored event JSON in ADK Python's shape (`event.model_dump(exclude_none=True, mode="json")`): snake_case keys,
 * no `null`/`undefined` fields, `timestamp` in seconds, user data kept verbatim. Reading is lenient: both casings,
 * explicit `null`s, URL-safe base64, millisecond timestamps (`@google/adk` 2.0.0 writes those).
 */
export type StoredEventData = Record<string, unknown>

/** Subtrees whose keys are user data: never renamed, `null`s kept (a state value may be `null`). */
const verbatim = new Set([
  'state_delta',
  'artifact_delta',
  'custom_metadata',
  'args',
  'response',
  'requested_auth_configs',
  'agent_state',
  'payload',
  // A workflow node's output (and the one a completion record carries): user data, kept as the node produced it.
  'output',
  'completed_output',
])

/** Bytes fields: Python (pydantic) writes URL-safe base64, `@google/genai` expects the standard alphabet. */
const base64Fields = new Set(['data', 'thought_signature'])

/** Maps whose keys are ids but whose values are typed objects (renamed inside). */
const keyedMaps = new Set(['requested_tool_confirmations'])

/** Top-level fields ADK Python's `Event` declares (it rejects unknown keys). */
const eventFields = new Set([
  'id',
  'invocation_id',
  'author',
  'branch',
  'timestamp',
  'actions',
  'long_running_tool_ids',
  'content',
  'grounding_metadata',
  'citation_metadata',
  'partial',
  'turn_complete',
  'error_code',
  'error_message',
  'interrupted',
  'custom_metadata',
  'usage_metadata',
  'finish_reason',
  'model_version',
  'avg_logprobs',
  'logprobs_result',
  'cache_metadata',
  'input_transcription',
  'output_transcription',
  'live_session_resumption_update',
  'interaction_id',
])

/** Where fields Python does not know are kept, so a Python reader still accepts the row. */
const EXTRA_KEY = 'adk_fluent_extra'

function toSnake(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
}

function toCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
}

/** What the codec needs to know about one key name, computed once per name (field names are few). */
interface KeyInfo {
  readonly snake: string
  readonly camel: string
  /** The value under this key is user data (the key's snake form is in {@link verbatim}). */
  readonly verbatim: boolean
  /** The value under this key is a map keyed by ids. */
  readonly keyed: boolean
  /** A string under this key is bytes in base64. */
  readonly base64: boolean
}

/** Key names seen so far. Bounded: names outside the schema (ids in keyed maps, unknown fields) may be many. */
const keyInfos = new Map<string, KeyInfo>()
const KEY_INFO_LIMIT = 4096

function keyInfo(name: string): KeyInfo {
  let info = keyInfos.get(name)
  if (info === undefined) {
    const snake = toSnake(name)
    info = {
      snake,
      camel: toCamel(name),
      verbatim: verbatim.has(snake),
      keyed: keyedMaps.has(snake),
      base64: base64Fields.has(snake),
    }
    if (keyInfos.size < KEY_INFO_LIMIT) keyInfos.set(name, info)
  }
  return info
}

function encodeValue(value: unknown, key: string | undefined): unknown {
  if (typeof value !== 'object' || value === null) return value
  // User data first: an array of objects there (a confirmation payload) keeps its keys and nulls too.
  if (key !== undefined && verbatim.has(key)) return JSON.parse(JSON.stringify(value)) as unknown
  if (Array.isArray(value))
    return value.filter((item) => item !== undefined).map((item) => encodeValue(item, undefined))
  const out: Record<string, unknown> = {}
  for (const name of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[name]
    if (item === undefined || item === null) continue
    const snake = key !== undefined && keyedMaps.has(key) ? name : keyInfo(name).snake
    out[snake] = encodeValue(item, snake)
  }
  return out
}

/** Encodes an event as ADK Python stores it in `events.event_data`. */
export function encodeEvent(event: Event): StoredEventData {
  const data = encodeValue({ ...event, timestamp: event.timestamp / 1000 }, undefined) as Record<string, unknown>
  const extra: Record<string, unknown> = {}
  for (const name of Object.keys(data)) {
    if (eventFields.has(name)) continue
    extra[name] = data[name]
    delete data[name]
  }
  if (Object.keys(extra).length > 0) {
    data['custom_metadata'] = {
      ...(data['custom_metadata'] as Record<string, unknown> | undefined),
      [EXTRA_KEY]: extra,
    }
  }
  return data
}

/** Decodes an object that is not user data: keys to camelCase (kept in a keyed map), `null`s dropped. */
function decodeObject(value: Record<string, unknown>, keyed: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const name of Object.keys(value)) {
    const item = value[name]
    if (item === null || item === undefined) continue
    const info = keyInfo(name)
    out[keyed ? name : info.camel] =
      typeof item !== 'object'
        ? info.base64 && typeof item === 'string'
          ? item.replace(/-/g, '+').replace(/_/g, '/')
          : item
        : info.verbatim
          ? item
          : Array.isArray(item)
            ? item.map(decodeItem)
            : decodeObject(item as Record<string, unknown>, info.keyed)
  }
  return out
}

/** Decodes an array item (items have no key: never user data, never keyed). */
function decodeItem(item: unknown): unknown {
  if (typeof item !== 'object' || item === null) return item
  return Array.isArray(item) ? item.map(decodeItem) : decodeObject(item as Record<string, unknown>, false)
}

/** Decodes `value` found under `key` (its snake form). */
function decodeValue(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || verbatim.has(key)) return value
  return Array.isArray(value)
    ? value.map(decodeItem)
    : decodeObject(value as Record<string, unknown>, keyedMaps.has(key))
}

/**
 * Decodes a stored event. `columns` (the row's own `id`, `invocation_id` and timestamp in milliseconds) win over
 * the JSON, as in ADK Python.
 */
export function decodeEvent(
  data: StoredEventData | string | null | undefined,
  columns: { id: string; invocationId: string; timestampMs: number },
): Event {
  const parsed = (typeof data === 'string' ? JSON.parse(data) : (data ?? {})) as unknown
  const fresh = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
  const decoded = (fresh ? decodeObject(parsed as Record<string, unknown>, false) : decodeItem(parsed)) as Record<
    string,
    unknown
  >
  const custom = decoded['customMetadata'] as Record<string, unknown> | undefined
  const extra = custom?.[EXTRA_KEY]
  if (custom && extra !== undefined) {
    const { [EXTRA_KEY]: _, ...rest } = custom
    if (Object.keys(rest).length > 0) decoded['customMetadata'] = rest
    else delete decoded['customMetadata']
    for (const [name, value] of Object.entries(extra as Record<string, unknown>))
      decoded[keyInfo(name).camel] = decodeValue(value, name)
  }
  const author = typeof decoded['author'] === 'string' ? decoded['author'] : ''
  const actions = (decoded['actions'] ?? {}) as Event['actions']
  if (!fresh) {
    return createEvent({
      ...decoded,
      id: columns.id,
      invocationId: columns.invocationId,
      author,
      timestamp: columns.timestampMs,
      actions,
    })
  }
  // `decoded` is a plain object made here: the fields set in place give the order `{ ...decoded, id, … }` would.
  decoded['id'] = columns.id
  decoded['invocationId'] = columns.invocationId
  decoded['author'] = author
  decoded['timestamp'] = columns.timestampMs
  decoded['actions'] = actions
  return createEvent(decoded)
}
