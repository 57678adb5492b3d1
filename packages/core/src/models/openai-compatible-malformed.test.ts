import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { LlmAgent } from '../agents/llm-agent.js'
import { AdkFluentError } from '../errors/adk-fluent-error.js'
import { InMemoryRunner } from '../runner/in-memory-runner.js'
import { FinishReason } from './genai-types.js'
import { startFakeModelServer, type FakeModelServer } from './fake-model-server.test-helper.js'
import { createLlmRequest, type LlmRequest } from './llm-request.js'
import type { LlmResponse } from './llm-response.js'
import { OpenAICompatible } from './openai-compatible.js'

let server: FakeModelServer
beforeAll(async () => {
  server = await startFakeModelServer()
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => server.reset())
afterEach(() => {
  expect(server.unexpected).toEqual([])
})

const llm = () =>
  new OpenAICompatible({ model: 'llama3.2', baseUrl: `${server.baseUrl}/v1`, retry: { maxAttempts: 1 } })

function request(): LlmRequest {
  const request = createLlmRequest('llama3.2')
  request.contents.push({ role: 'user', parts: [{ text: 'Weather in Rome?' }] })
  return request
}

async function outcome(stream: boolean): Promise<{ responses: LlmResponse[]; error?: unknown }> {
  const responses: LlmResponse[] = []
  try {
    for await (const response of llm().generateContentAsync(request(), stream)) responses.push(response)
  } catch (error) {
    return { responses, error }
  }
  return { responses }
}

function expectModelError(error: unknown, text: RegExp): void {
  expect(AdkFluentError.isInstance(error), String(error)).toBe(true)
  expect((error as AdkFluentError).code).toBe('MODEL_FAILED')
  expect((error as Error).message).toMatch(/^Model call to "llama3\.2" failed: /)
  expect((error as Error).message).toMatch(text)
}

const delta = (value: object, finishReason: string | null = null) => ({
  choices: [{ index: 0, delta: value, finish_reason: finishReason }],
})

describe('OpenAICompatible: a stream cut off is never a complete answer', () => {
  it('a stream that ends with neither a finish reason nor [DONE] is a ModelError after its partial text', async () => {
    server.reply({ sse: [delta({ content: 'The answer is 4' }), delta({ content: '2, and' })] })
    const { responses, error } = await outcome(true)
    expectModelError(error, /ended without a finish reason or \[DONE\]/)
    expect(responses.every((response) => response.partial)).toBe(true)
  })

  it('a finish reason alone, [DONE] alone, or a reason we cannot read, each ends a complete answer', async () => {
    server.reply(
      { sse: [delta({ content: 'Rain.' }), delta({}, 'stop')] },
      { sse: [delta({ content: 'Rain.' }), '[DONE]'] },
      { sse: [delta({ content: 'Rain.' }, 'eos')] },
    )
    for (let run = 0; run < 3; run++) {
      const { responses, error } = await outcome(true)
      expect(error).toBeUndefined()
      expect(responses.at(-1)).toMatchObject({ content: { parts: [{ text: 'Rain.' }] } })
      expect(responses.at(-1)?.partial).toBeUndefined()
    }
  })

  it('a run on a cut stream stores the failure as an error event, never the cut text as an answer', async () => {
    server.reply({ sse: [delta({ content: 'Half an ans' })] })
    const agent = new LlmAgent({ name: 'a', model: llm() })
    const runner = new InMemoryRunner({ agent, appName: 'app' })
    const session = await runner.sessionService.createSession({ appName: 'app', userId: 'u' })
    const message = { role: 'user', parts: [{ text: 'go' }] }
    for await (const _ of runner.runAsync({
      userId: 'u',
      sessionId: session.id,
      newMessage: message,
      runConfig: { streamingMode: 'sse' },
    }));
    const stored = await runner.sessionService.getSession({ appName: 'app', userId: 'u', sessionId: session.id })
    const answer = stored?.events.at(-1)
    expect(stored?.events).toHaveLength(2)
    expect(answer?.content).toBeUndefined()
    expect(answer?.errorMessage).toMatch(/ended without a finish reason or \[DONE\]/)
  })
})

describe('OpenAICompatible: answers of the wrong shape are a ModelError, never a TypeError', () => {
  const whole: readonly (readonly [string, unknown, RegExp])[] = [
    ['a null body', null, /the answer is null/],
    ['an array body', [1], /an array/],
    ['choices as an object', { choices: { message: { content: 'x' } } }, /"choices" is not an array/],
    ['a message that is text', { choices: [{ message: 'hi' }] }, /message" is not an object/],
    ['a tool call without function', { choices: [{ message: { tool_calls: [{ id: 'c' }] } }] }, /no "function"/],
    [
      'tool_calls as an object',
      { choices: [{ message: { tool_calls: { id: 'c', function: { name: 'f' } } } }] },
      /"tool_calls" is not an array/,
    ],
    ['a tool call that is null', { choices: [{ message: { tool_calls: [null] } }] }, /a tool call is null/],
    [
      'a function without a name',
      { choices: [{ message: { tool_calls: [{ id: 'c', function: { arguments: '{}' } }] } }] },
      /has no name/,
    ],
    ['content that is a number', { choices: [{ message: { content: 5 } }] }, /content" is not text/],
  ]
  for (const [label, body, text] of whole) {
    it(`whole answer: ${label}`, async () => {
      server.reply({ json: body })
      expectModelError((await outcome(false)).error, text)
    })
  }

  const chunks: readonly (readonly [string, unknown, RegExp])[] = [
    ['a null event', null, /a stream event is null/],
    ['choices as an object', { choices: { delta: { content: 'x' } } }, /"choices" of a stream event is not an array/],
    ['a delta that is text', { choices: [{ delta: 'x' }] }, /delta" of a stream event is not an object/],
    ['tool_calls as an object', delta({ tool_calls: { index: 0, function: { name: 'f' } } }), /not an array/],
    ['a tool call that is a number', delta({ tool_calls: [7] }), /a tool call is number/],
    [
      'a tool call without function name',
      delta({ tool_calls: [{ index: 0, id: 'c' }] }, 'tool_calls'),
      /no function name/,
    ],
  ]
  for (const [label, chunk, text] of chunks) {
    it(`stream: ${label}`, async () => {
      server.reply({ sse: [delta({ content: 'ok ' }), chunk, delta({}, 'stop')] })
      expectModelError((await outcome(true)).error, text)
    })
  }

  it('tool-call arguments sent as an object (some servers do) are read as the arguments', async () => {
    server.reply({
      json: {
        choices: [{ message: { tool_calls: [{ id: 'c', function: { name: 'f', arguments: { city: 'Rome' } } }] } }],
      },
    })
    const { responses } = await outcome(false)
    expect(responses[0]?.content?.parts).toEqual([{ functionCall: { id: 'c', name: 'f', args: { city: 'Rome' } } }])
  })

  it('an error field of null in a stream event is no error', async () => {
    server.reply({ sse: [{ ...delta({ content: 'fine' }, 'stop'), error: null }] })
    const { responses, error } = await outcome(true)
    expect(error).toBeUndefined()
    expect(responses.at(-1)).toMatchObject({ content: { parts: [{ text: 'fine' }] }, finishReason: FinishReason.STOP })
  })
})
