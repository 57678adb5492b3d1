import { createEvent, type Event } from '@adk-fluent/core'

/*
 * The generic event decoder as it was before the key-cache fast path (regex case conversion per key, a spread copy
 * and `createEvent`), kept only as the reference the fast path is compared with (event-codec.test.ts).
 */

const verbatim = new Set([
  'state_delta',
  'artifact_delta',
  'custom_metadata',
  'args',
  'response',
  'requested_auth_configs',
  'agent_state',
  'payload',
  'output',
  'completed_output',
])
const base64Fields = new Set(['data', 'thought_signature'])
const keyedMaps = new Set(['requested_tool_confirmations'])
const EXTRA_KEY = 'adk_fluent_extra'

function toSnake(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
}

function toCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
}

function decodeValue(value: unknown, key: string | undefined): unknown {
  if (typeof value !== 'object' || value === null) return value
  if (key !== undefined && verbatim.has(key)) return value
  if (Array.isArray(value)) return value.map((item) => decodeValue(item, undefined))
  const out: Record<string, unknown> = {}
  for (const name of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[name]
    if (item === null || item === undefined) continue
    const snake = toSnake(name)
    const camel = key !== undefined && keyedMaps.has(key) ? name : toCamel(name)
    out[camel] =
      base64Fields.has(snake) && typeof item === 'string'
        ? item.replace(/-/g, '+').replace(/_/g, '/')
        : decodeValue(item, snake)
  }
  return out
}

/** The reference decoder (see the file comment). */
export function referenceDecodeEvent(
  data: Record<string, unknown> | string | null | undefined,
  columns: { id: string; invocationId: string; timestampMs: number },
): Event {
  const parsed = (typeof data === 'string' ? JSON.parse(data) : (data ?? {})) as Record<string, unknown>
  const decoded = decodeValue(parsed, undefined) as Record<string, unknown>
  const custom = decoded['customMetadata'] as Record<string, unknown> | undefined
  const extra = custom?.[EXTRA_KEY]
  if (custom && extra !== undefined) {
    const { [EXTRA_KEY]: _, ...rest } = custom
    if (Object.keys(rest).length > 0) decoded['customMetadata'] = rest
    else delete decoded['customMetadata']
    for (const [name, value] of Object.entries(extra as Record<string, unknown>))
      decoded[toCamel(name)] = decodeValue(value, name)
  }
  return createEvent({
    ...decoded,
    id: columns.id,
    invocationId: columns.invocationId,
    author: typeof decoded['author'] === 'string' ? decoded['author'] : '',
    timestamp: columns.timestampMs,
    actions: (decoded['actions'] ?? {}) as Event['actions'],
  })
}
