import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createEvent, type Event } from '../events/event.js'
import { Type } from '../models/genai-types.js'
import { getPendingUserInputRequests, getUserInputRequests, requiresUserInput } from './user-input-requests.js'
import { pendingInterrupts } from './pending-interrupts.js'
import { answerContent } from './interrupt-answers.js'
import { RequestInput, isRequestInput } from './request-input.js'
import { createRequestInputEvent } from './request-input-event.js'
import { replyMismatch, toResponseJsonSchema, unwrapReply } from './response-schema.js'

function inputEvent(id: string, args: Record<string, unknown> = {}, author = 'step1'): Event {
  return createEvent({
    author,
    invocationId: 'inv1',
    timestamp: 1000,
    content: {
      role: 'model',
      parts: [
        {
          functionCall: {
            name: 'adk_request_input',
            id,
            args: { interruptId: id, message: 'Enter a number:', ...args },
          },
        },
      ],
    },
    longRunningToolIds: [id],
  })
}

function reply(id: string, name: string, response: Record<string, unknown> = { result: 21 }): Event {
  return createEvent({
    author: 'user',
    content: { role: 'user', parts: [{ functionResponse: { id, name, response } }] },
  })
}

describe('getUserInputRequests (ADK names and shapes)', () => {
  it('summarizes a request for input, a confirmation (hint as message) and a credential', () => {
    expect(
      getUserInputRequests(inputEvent('i1', { payload: { draft: 'hi' }, response_schema: { type: 'object' } })),
    ).toEqual([
      {
        kind: 'input',
        interruptId: 'i1',
        functionCallName: 'adk_request_input',
        author: 'step1',
        message: 'Enter a number:',
        payload: { draft: 'hi' },
        responseSchema: { type: 'object' },
      },
    ])
    const confirmation = createEvent({
      author: 'a',
      content: {
        role: 'user',
        parts: [
          {
            functionCall: {
              name: 'adk_request_confirmation',
              id: 'k1',
              args: {
                originalFunctionCall: { name: 'find_orders', args: {} },
                toolConfirmation: { hint: 'Reads records.', confirmed: false },
              },
            },
          },
        ],
      },
    })
    expect(getUserInputRequests(confirmation)[0]).toMatchObject({
      kind: 'confirmation',
      toolName: 'find_orders',
      message: 'Reads records.',
    })
    const credential = createEvent({
      content: {
        role: 'model',
        parts: [{ functionCall: { name: 'adk_request_credential', id: 'key', args: { message: 'Your key?' } } }],
      },
    })
    expect(getUserInputRequests(credential)[0]).toMatchObject({
      kind: 'credential',
      interruptId: 'key',
      message: 'Your key?',
    })
  })

  it('falls back to the args id, reads the older responseSchema spelling, ignores calls without an id and ordinary calls', () => {
    const noId = createEvent({
      content: {
        role: 'model',
        parts: [{ functionCall: { name: 'adk_request_input', args: { interruptId: 'from-args' } } }],
      },
    })
    expect(getUserInputRequests(noId)[0]?.interruptId).toBe('from-args')
    expect(getUserInputRequests(inputEvent('i1', { responseSchema: { type: 'string' } }))[0]?.responseSchema).toEqual({
      type: 'string',
    })
    const none = createEvent({
      content: { role: 'model', parts: [{ functionCall: { name: 'adk_request_input', args: {} } }] },
    })
    expect(getUserInputRequests(none)).toEqual([])
    const ordinary = createEvent({
      content: { role: 'model', parts: [{ text: 'x' }, { functionCall: { name: 'get_weather', id: 'c1', args: {} } }] },
    })
    expect(requiresUserInput(ordinary)).toBe(false)
    expect(requiresUserInput(createEvent({ author: 'a' }))).toBe(false)
    expect(requiresUserInput(inputEvent('i1'))).toBe(true)
  })

  it('getPendingUserInputRequests: unanswered ones, in order, once each', () => {
    expect(getPendingUserInputRequests([inputEvent('i1'), reply('i1', 'adk_request_input')])).toEqual([])
    expect(
      getPendingUserInputRequests([inputEvent('i1'), inputEvent('i2'), reply('i1', 'adk_request_input')]).map(
        (r) => r.interruptId,
      ),
    ).toEqual(['i2'])
    expect(getPendingUserInputRequests([inputEvent('i1'), inputEvent('i1')]).map((r) => r.interruptId)).toEqual(['i1'])
  })
})

describe('pendingInterrupts: the inbox', () => {
  it('lists inputs and long-running calls with what they ask and when; a long-running call closes with the client answer', () => {
    const longRunning = createEvent({
      author: 'worker',
      invocationId: 'inv2',
      branch: 'fan.worker',
      timestamp: 2000,
      content: { role: 'model', parts: [{ functionCall: { name: 'start_job', id: 'j1', args: { size: 3 } } }] },
      longRunningToolIds: ['j1'],
    })
    const intermediate = createEvent({
      author: 'worker',
      content: {
        role: 'user',
        parts: [{ functionResponse: { id: 'j1', name: 'start_job', response: { status: 'pending' } } }],
      },
    })
    const events = [inputEvent('i1', { payload: 1, response_schema: { type: 'object' } }), longRunning, intermediate]
    expect(pendingInterrupts(events)).toEqual([
      {
        id: 'i1',
        kind: 'input',
        functionCallName: 'adk_request_input',
        invocationId: 'inv1',
        agent: 'step1',
        createdAt: 1000,
        message: 'Enter a number:',
        payload: 1,
        responseSchema: { type: 'object' },
      },
      {
        id: 'j1',
        kind: 'long_running',
        functionCallName: 'start_job',
        invocationId: 'inv2',
        agent: 'worker',
        branch: 'fan.worker',
        createdAt: 2000,
        tool: 'start_job',
        args: { size: 3 },
        functionCallId: 'j1',
      },
    ])
    expect(pendingInterrupts([...events, reply('j1', 'start_job', { done: true })]).map((item) => item.id)).toEqual([
      'i1',
    ])
  })

  it('answerContent builds ADK function responses and reports every mistake at once', () => {
    const pending = pendingInterrupts([
      inputEvent('i1', { response_schema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] } }),
    ])
    expect(answerContent(pending, { i1: { n: 2 } })).toEqual({
      role: 'user',
      parts: [{ functionResponse: { id: 'i1', name: 'adk_request_input', response: { n: 2 } } }],
    })
    expect(answerContent(pending, { i1: 'two' }).parts?.[0]?.functionResponse?.response).toEqual({ result: 'two' })
    expect(() => answerContent(pending, { i1: { n: 'two' }, i9: 1 })).toThrow(
      /"i9" is not a pending interrupt; "i1": The reply to interrupt 'i1' does not match its responseSchema/,
    )
    expect(() => answerContent(pending, {})).toThrow(/no answers were given/)
  })
})

describe('RequestInput and its event', () => {
  it('is recognised by brand (including @google/adk’s own key), gets an id, and becomes ADK’s interrupt event', () => {
    const request = new RequestInput({ message: 'Which region?' })
    expect(isRequestInput(request)).toBe(true)
    expect(isRequestInput({ message: 'x' })).toBe(false)
    expect(isRequestInput({ [Symbol.for('google.adk.workflow.requestInput')]: true })).toBe(true)
    expect(request.interruptId).toMatch(/^adk-/)
    const event = createRequestInputEvent(new RequestInput({ interruptId: 'r1' }), {
      invocationId: 'inv',
      author: 'node',
      branch: 'b',
    })
    expect(event).toMatchObject({
      invocationId: 'inv',
      author: 'node',
      branch: 'b',
      longRunningToolIds: ['r1'],
      content: {
        role: 'model',
        parts: [
          {
            functionCall: {
              id: 'r1',
              name: 'adk_request_input',
              args: { interruptId: 'r1', payload: null, message: null, response_schema: null },
            },
          },
        ],
      },
    })
  })

  it('stores zod, genai and JSON schemas as JSON Schema; checks structured replies only; unwraps { result }', () => {
    expect(toResponseJsonSchema(z.object({ n: z.number() }))).toMatchObject({
      type: 'object',
      properties: { n: { type: 'number' } },
    })
    expect(toResponseJsonSchema({ type: Type.OBJECT, properties: { n: { type: Type.NUMBER } } })).toEqual({
      type: 'object',
      properties: { n: { type: 'number' } },
    })
    expect(toResponseJsonSchema({ type: 'string' })).toEqual({ type: 'string' })
    const schema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] }
    expect(replyMismatch('i', { n: 1 }, schema)).toBeUndefined()
    expect(replyMismatch('i', 'plain text', schema)).toBeUndefined()
    expect(replyMismatch('i', { m: 1 }, schema)).toMatch(/does not match its responseSchema/)
    expect(unwrapReply({ result: '{"n":1}' }, schema)).toEqual({ n: 1 })
    expect(unwrapReply({ result: '{"n":1}' }, { type: 'string' })).toBe('{"n":1}')
    expect(unwrapReply({ result: 5, other: 1 }, schema)).toEqual({ result: 5, other: 1 })
  })
})
