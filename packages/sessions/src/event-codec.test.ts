import { createEvent, type Event } from '@adk-fluent/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeEvent, encodeEvent } from './event-codec.js'
import { referenceDecodeEvent } from './event-codec-reference.test-helper.js'
import { pythonSession } from './fixtures/adk-python-rows.js'

const columns = { id: 'row-id', invocationId: 'row-inv', timestampMs: 1_795_000_001_500 }

/**
 * Where two trees differ (values, key order, prototypes, all the way down: what `JSON.stringify` and `for…in` see),
 * or undefined when they are the same.
 */
function treeDifference(actual: unknown, expected: unknown, path = 'event'): string | undefined {
  if (typeof expected !== 'object' || expected === null) {
    return Object.is(actual, expected) ? undefined : `${path}: ${String(actual)} instead of ${String(expected)}`
  }
  if (typeof actual !== 'object' || actual === null) return `${path}: ${String(actual)} instead of an object`
  if (Array.isArray(actual) !== Array.isArray(expected)) return `${path}: array and non-array`
  const prototype = Object.getPrototypeOf(expected) as unknown
  const difference =
    prototype === null || prototype === Object.prototype || prototype === Array.prototype
      ? Object.getPrototypeOf(actual) === prototype
        ? undefined
        : `${path}: another prototype`
      : // A `__proto__` key in an id-keyed map sets the decoded map's prototype (both decoders assign it).
        treeDifference(Object.getPrototypeOf(actual), prototype, `${path}.__proto__`)
  if (difference) return difference
  const keys = Object.keys(expected)
  const actualKeys = Object.keys(actual)
  if (actualKeys.join('\u0000') !== keys.join('\u0000')) return `${path}: keys ${actualKeys} instead of ${keys}`
  for (const key of keys) {
    const inner = treeDifference(
      (actual as Record<string, unknown>)[key],
      (expected as Record<string, unknown>)[key],
      `${path}.${key}`,
    )
    if (inner) return inner
  }
  return undefined
}

/** Decodes the stored JSON, as text and as the parsed object, both ways: the same event, or both throw. */
function expectSameDecoding(stored: string, cols = columns): void {
  const inputs: (() => Record<string, unknown> | string)[] = [
    () => stored,
    () => JSON.parse(stored) as Record<string, unknown>,
  ]
  for (const input of inputs) {
    let expected: Event | undefined
    let failure: unknown
    try {
      expected = referenceDecodeEvent(input(), cols)
    } catch (error) {
      failure = error
    }
    if (failure === undefined) expect(treeDifference(decodeEvent(input(), cols), expected)).toBeUndefined()
    else expect(() => decodeEvent(input(), cols)).toThrow((failure as Error).constructor as typeof Error)
  }
}

// Key names that matter to the codec, in both casings, plus arbitrary ones.
const fieldName = fc.oneof(
  fc.constantFrom(
    'id',
    'invocation_id',
    'invocationId',
    'author',
    'timestamp',
    'actions',
    'content',
    'parts',
    'role',
    'text',
    'function_call',
    'functionCall',
    'function_response',
    'args',
    'response',
    'inline_data',
    'inlineData',
    'mime_type',
    'data',
    'thought_signature',
    'thoughtSignature',
    'state_delta',
    'stateDelta',
    'artifact_delta',
    'requested_auth_configs',
    'requested_tool_confirmations',
    'requestedToolConfirmations',
    'payload',
    'agent_state',
    'custom_metadata',
    'customMetadata',
    'adk_fluent_extra',
    'usage_metadata',
    'long_running_tool_ids',
    '__proto__',
    'constructor',
    'toString',
    '0',
    '12',
    'a__b',
    '_x',
    'Caps_Key',
  ),
  fc.string({ maxLength: 12 }),
)

const storedTree: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    ),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(fieldName, tie('node'), { maxKeys: 6 }),
  ),
})).node

/** Random events our runtime produces (then encoded as ADK Python stores them). */
const userData = fc.dictionary(fc.oneof(fieldName, fc.string()), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 })
const part = fc.oneof(
  fc.record({ text: fc.string() }),
  fc.record({ functionCall: fc.record({ id: fc.string(), name: fc.string(), args: userData }) }),
  fc.record({ functionResponse: fc.record({ id: fc.string(), name: fc.string(), response: userData }) }),
  fc.record({ inlineData: fc.record({ mimeType: fc.string(), data: fc.base64String() }) }),
  fc.record({ text: fc.string(), thought: fc.boolean(), thoughtSignature: fc.base64String() }),
)
const randomEvent = fc
  .record(
    {
      author: fc.string(),
      branch: fc.string(),
      content: fc.record({ role: fc.constantFrom('user', 'model'), parts: fc.array(part, { maxLength: 4 }) }),
      stateDelta: userData,
      artifactDelta: fc.dictionary(fc.string(), fc.integer()),
      confirmations: fc.dictionary(
        fc.oneof(fieldName, fc.string()),
        fc.record({ hint: fc.string(), confirmed: fc.boolean(), payload: fc.jsonValue({ maxDepth: 3 }) }),
        { maxKeys: 3 },
      ),
      customMetadata: userData,
      longRunningToolIds: fc.array(fc.string(), { maxLength: 2 }),
      usageMetadata: fc.record({ promptTokenCount: fc.nat(), totalTokenCount: fc.nat() }),
      // Fields ADK Python does not know: kept under custom_metadata.adk_fluent_extra.
      extra: fc.dictionary(fc.constantFrom('someField', 'other_field', 'stateDelta', 'nested'), userData, {
        maxKeys: 2,
      }),
      transferToAgent: fc.string(),
      escalate: fc.boolean(),
    },
    { requiredKeys: ['author'] },
  )
  .map(({ stateDelta, artifactDelta, confirmations, transferToAgent, escalate, extra, ...fields }) =>
    createEvent({
      ...fields,
      ...extra,
      invocationId: 'inv',
      timestamp: 1_795_000_001_500,
      actions: {
        ...(stateDelta ? { stateDelta } : {}),
        ...(artifactDelta ? { artifactDelta } : {}),
        ...(confirmations ? { requestedToolConfirmations: confirmations } : {}),
        ...(transferToAgent === undefined ? {} : { transferToAgent }),
        ...(escalate === undefined ? {} : { escalate }),
      },
    } as Parameters<typeof createEvent>[0]),
  )

describe('decodeEvent (the key-cache fast path) matches the generic reference decoder', () => {
  it('on the rows ADK Python wrote (interop fixture)', () => {
    for (const event of pythonSession.events) {
      expectSameDecoding(JSON.stringify(event.data), {
        id: event.id,
        invocationId: event.invocation_id,
        timestampMs: event.timestamp * 1000,
      })
    }
  })

  it('on random events encoded as we store them', () => {
    fc.assert(
      fc.property(randomEvent, (event) => {
        expectSameDecoding(JSON.stringify(encodeEvent(event)))
      }),
      { numRuns: 300 },
    )
  })

  it('on random stored JSON: both casings, explicit nulls, odd keys, any top-level value', () => {
    fc.assert(
      fc.property(fc.dictionary(fieldName, storedTree, { maxKeys: 8 }), (data) => {
        expectSameDecoding(JSON.stringify(data))
      }),
      { numRuns: 500 },
    )
    fc.assert(
      fc.property(storedTree, (data) => {
        expectSameDecoding(JSON.stringify(data))
      }),
      { numRuns: 200 },
    )
  })

  it('past the key cache: thousands of distinct ids in a keyed map decode the same', () => {
    const confirmations: Record<string, unknown> = {}
    for (let index = 0; index < 6000; index++) {
      confirmations[`call_${index}_Id`] = { hint: 'h', confirmed: false, payload: { call_Id: index, keep: null } }
    }
    expectSameDecoding(JSON.stringify({ author: 'a', actions: { requested_tool_confirmations: confirmations } }))
  })

  it('keeps an empty id column meaning "a new id", as createEvent does', () => {
    const event = decodeEvent('{"author":"a"}', { ...columns, id: '' })
    expect(event.id).toMatch(/^[A-Za-z0-9]{8}$/)
  })
})

describe('user data round-trips verbatim', () => {
  it('an array-valued confirmation payload keeps its keys and nulls (it is user data, not a schema object)', () => {
    const payload = [{ order_id: 'A-1', noteText: null, nested: [{ some_key: 1 }] }]
    const event = createEvent({
      author: 'agent',
      actions: { requestedToolConfirmations: { call_1: { hint: 'ok?', confirmed: false, payload } } },
    })
    const stored = encodeEvent(event)
    expect(
      (stored['actions'] as { requested_tool_confirmations: Record<string, { payload: unknown }> })
        .requested_tool_confirmations['call_1']?.payload,
    ).toEqual(payload)
    const read = decodeEvent(JSON.stringify(stored), columns)
    expect(read.actions.requestedToolConfirmations['call_1']?.payload).toEqual(payload)
  })

  it('state delta values, function args and responses keep their keys and nulls', () => {
    const args = { order_id: 'A-1', filterBy: { createdAt: null } }
    const event = createEvent({
      author: 'agent',
      content: {
        role: 'model',
        parts: [
          { functionCall: { id: 'c1', name: 'f', args } },
          { functionResponse: { id: 'c1', name: 'f', response: { result_rows: [{ a_b: null }] } } },
        ],
      },
      actions: { stateDelta: { some_key: { innerKey: null }, other: null } },
    })
    const read = decodeEvent(JSON.stringify(encodeEvent(event)), columns)
    expect(read.content?.parts?.[0]?.functionCall?.args).toEqual(args)
    expect(read.content?.parts?.[1]?.functionResponse?.response).toEqual({ result_rows: [{ a_b: null }] })
    expect(read.actions.stateDelta).toEqual({ some_key: { innerKey: null }, other: null })
  })

  it("a workflow node's output, route and node info round-trip (the output's keys kept)", () => {
    const output = { fetchOrders: 12, nested_key: { innerKey: [1, 'a'] } }
    const event = createEvent({
      author: 'join',
      output,
      route: ['a', 2, true],
      nodeInfo: { path: 'wf.join', outputFor: ['wf.join'], runId: '2' },
    })
    const read = decodeEvent(JSON.stringify(encodeEvent(event)), columns)
    expect(read.output).toEqual(output)
    expect(read.route).toEqual(['a', 2, true])
    expect(read.nodeInfo).toEqual({ path: 'wf.join', outputFor: ['wf.join'], runId: '2' })
    const marker = createEvent({ author: 'n', nodeInfo: { path: 'wf.n', completed: true, completedOutput: { aB: 1 } } })
    expect(decodeEvent(JSON.stringify(encodeEvent(marker)), columns).nodeInfo?.completedOutput).toEqual({ aB: 1 })
  })
})
