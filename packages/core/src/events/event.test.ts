import { describe, expect, it } from 'vitest'
import {
  createEvent,
  getFunctionCalls,
  getFunctionResponses,
  hasTrailingCodeExecutionResult,
  isEvent,
  isFinalResponse,
  stringifyContent,
} from './event.js'
import { createEventActions, hasDelta, mergeEventActions } from './event-actions.js'

const textEvent = (text: string) => createEvent({ author: 'agent', content: { role: 'model', parts: [{ text }] } })
const callEvent = (id = 'c1') =>
  createEvent({ author: 'agent', content: { role: 'model', parts: [{ functionCall: { id, name: 'f', args: {} } }] } })
const responseEvent = () =>
  createEvent({
    author: 'agent',
    content: { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'f', response: { result: 1 } } }] },
  })

describe('isFinalResponse (spec 10.1)', () => {
  it('#1 a non-partial text event is final', () => {
    expect(isFinalResponse(textEvent('hello'))).toBe(true)
  })

  it('#2 a function-call event is not final, unless its call is long-running', () => {
    expect(isFinalResponse(callEvent())).toBe(false)
    const longRunning = callEvent('c1')
    longRunning.longRunningToolIds = ['c1']
    expect(isFinalResponse(longRunning)).toBe(true)
    const emptyIds = callEvent('c1')
    emptyIds.longRunningToolIds = []
    expect(isFinalResponse(emptyIds)).toBe(false)
  })

  it('#3 a function-response event is not final, unless it skips summarization', () => {
    expect(isFinalResponse(responseEvent())).toBe(false)
    const skipped = responseEvent()
    skipped.actions.skipSummarization = true
    expect(isFinalResponse(skipped)).toBe(true)
  })

  it('#4 a partial text event is not final', () => {
    const partial = textEvent('hel')
    partial.partial = true
    expect(isFinalResponse(partial)).toBe(false)
  })

  it('#5 a trailing code-execution result is not final; a non-trailing one is', () => {
    const result = { codeExecutionResult: { output: '42' } }
    const trailing = createEvent({ author: 'a', content: { role: 'model', parts: [{ text: 'run' }, result] } })
    const notTrailing = createEvent({ author: 'a', content: { role: 'model', parts: [result, { text: 'done' }] } })
    expect(hasTrailingCodeExecutionResult(trailing)).toBe(true)
    expect(isFinalResponse(trailing)).toBe(false)
    expect(hasTrailingCodeExecutionResult(notTrailing)).toBe(false)
    expect(isFinalResponse(notTrailing)).toBe(true)
  })

  it('#6 an event without content (state-only, error) is final; requested auth makes an event final', () => {
    expect(isFinalResponse(createEvent({ author: 'a', actions: { stateDelta: { k: 'v' } } }))).toBe(true)
    expect(isFinalResponse(createEvent({ author: 'a', errorCode: '500', errorMessage: 'boom' }))).toBe(true)
    const auth = callEvent()
    auth.actions.requestedAuthConfigs['c1'] = { scheme: 'oauth' }
    expect(isFinalResponse(auth)).toBe(true)
  })
})

describe('createEvent (spec 10.1 #7)', () => {
  it('fills an 8-character id, empty actions, an empty invocation id and a millisecond timestamp', () => {
    const before = Date.now()
    const event = createEvent({})
    expect(event.id).toMatch(/^[A-Za-z0-9]{8}$/)
    expect(event.invocationId).toBe('')
    expect(event.actions).toEqual({
      stateDelta: {},
      artifactDelta: {},
      requestedAuthConfigs: {},
      requestedToolConfirmations: {},
    })
    expect(event.timestamp).toBeGreaterThanOrEqual(before)
    expect(event.timestamp).toBeLessThanOrEqual(Date.now())
  })

  it('gives every event its own id and keeps given fields', () => {
    const ids = new Set(Array.from({ length: 50 }, () => createEvent().id))
    expect(ids.size).toBe(50)
    const event = createEvent({
      id: 'fixed123',
      invocationId: 'e-1',
      author: 'x',
      timestamp: 5,
      actions: { escalate: true },
    })
    expect(event).toMatchObject({ id: 'fixed123', invocationId: 'e-1', author: 'x', timestamp: 5 })
    expect(event.actions).toEqual({ ...createEventActions(), escalate: true })
  })
})

describe('event helpers', () => {
  it('lists function calls and responses in part order', () => {
    const event = createEvent({
      content: {
        role: 'model',
        parts: [{ text: 'x' }, { functionCall: { name: 'a' } }, { functionCall: { name: 'b' } }],
      },
    })
    expect(getFunctionCalls(event).map((call) => call.name)).toEqual(['a', 'b'])
    expect(getFunctionResponses(event)).toEqual([])
    expect(getFunctionCalls(createEvent())).toEqual([])
    expect(getFunctionResponses(responseEvent()).map((response) => response.name)).toEqual(['f'])
  })

  it('stringifyContent joins visible text and skips thoughts', () => {
    const event = createEvent({
      content: {
        role: 'model',
        parts: [{ text: 'hidden', thought: true }, { text: 'a' }, { functionCall: { name: 'f' } }, { text: 'b' }],
      },
    })
    expect(stringifyContent(event)).toBe('ab')
  })

  it('isEvent recognises events', () => {
    expect(isEvent(createEvent())).toBe(true)
    expect(isEvent({ id: 'x' })).toBe(false)
    expect(isEvent(null)).toBe(false)
  })
})

describe('mergeEventActions (spec 1.4)', () => {
  it('merges dict fields key-wise and takes the last defined scalar', () => {
    const merged = mergeEventActions([
      createEventActions({
        stateDelta: { a: 1, shared: 'first' },
        artifactDelta: { f1: 0 },
        transferToAgent: 'x',
        escalate: true,
      }),
      createEventActions({ stateDelta: { b: 2, shared: 'second' }, artifactDelta: { f2: 1 }, skipSummarization: true }),
    ])
    expect(merged.stateDelta).toEqual({ a: 1, b: 2, shared: 'second' })
    expect(merged.artifactDelta).toEqual({ f1: 0, f2: 1 })
    expect(merged.transferToAgent).toBe('x')
    expect(merged.escalate).toBe(true)
    expect(merged.skipSummarization).toBe(true)
  })

  it('hasDelta is true only for state or artifact changes', () => {
    expect(hasDelta(createEventActions())).toBe(false)
    expect(hasDelta(createEventActions({ escalate: true }))).toBe(false)
    expect(hasDelta(createEventActions({ stateDelta: { k: 1 } }))).toBe(true)
    expect(hasDelta(createEventActions({ artifactDelta: { f: 0 } }))).toBe(true)
  })
})
