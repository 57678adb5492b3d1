import { FinishReason } from './genai-types.js'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { AdkFluentError } from '../errors/adk-fluent-error.js'
import { ModelError } from '../errors/runtime-errors.js'
import { readServerSentEvents } from './chat-completion-stream.js'
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

function llm(options: { streamUsage?: boolean } = {}): OpenAICompatible {
  return new OpenAICompatible({
    model: 'llama3.2',
    baseUrl: `${server.baseUrl}/v1`,
    apiKey: 'sk-local-123',
    ...options,
  })
}

function request(): LlmRequest {
  const request = createLlmRequest('llama3.2')
  request.contents.push({ role: 'user', parts: [{ text: 'Weather in Rome?' }] })
  return request
}

async function collect(generator: AsyncGenerator<LlmResponse>): Promise<LlmResponse[]> {
  const responses: LlmResponse[] = []
  for await (const response of generator) responses.push(response)
  return responses
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a failure')
}

/** A streamed chunk with one choice. */
function delta(value: object, finishReason: string | null = null): object {
  return { model: 'llama3.2:3b', choices: [{ index: 0, delta: value, finish_reason: finishReason }] }
}

const usage = { model: 'llama3.2:3b', choices: [], usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 } }

describe('OpenAICompatible streaming', () => {
  it('asks for a stream with usage and yields partial text, then the aggregated answer with usage', async () => {
    server.reply({
      sse: [delta({ role: 'assistant', content: 'Rain ' }), delta({ content: 'in Rome.' }), delta({}, 'stop'), usage],
    })
    const responses = await collect(llm().generateContentAsync(request(), true))

    expect(server.requests[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } })
    expect(responses).toEqual([
      { content: { role: 'model', parts: [{ text: 'Rain ' }] }, partial: true },
      { content: { role: 'model', parts: [{ text: 'in Rome.' }] }, partial: true },
      {
        content: { role: 'model', parts: [{ text: 'Rain in Rome.' }] },
        finishReason: FinishReason.STOP,
        modelVersion: 'llama3.2:3b',
        usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 4, totalTokenCount: 13 },
      },
    ])
  })

  it('assembles tool calls sent in pieces, after flushing the text before them', async () => {
    server.reply({
      sse: [
        delta({ reasoning_content: 'Need weather. ' }),
        delta({ content: 'Checking.' }),
        delta({
          tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'get_', arguments: '' } }],
        }),
        delta({ tool_calls: [{ index: 0, function: { name: 'weather', arguments: '{"city":' } }] }),
        delta({ tool_calls: [{ index: 1, id: 'call_b', function: { name: 'get_time', arguments: '{}' } }] }),
        delta({ tool_calls: [{ index: 0, function: { arguments: '"Rome"}' } }] }),
        delta({}, 'tool_calls'),
        usage,
      ],
    })
    const responses = await collect(llm().generateContentAsync(request(), true))

    expect(responses).toEqual([
      { content: { role: 'model', parts: [{ text: 'Need weather. ', thought: true }] }, partial: true },
      { content: { role: 'model', parts: [{ text: 'Checking.' }] }, partial: true },
      { content: { role: 'model', parts: [{ text: 'Need weather. ', thought: true }, { text: 'Checking.' }] } },
      {
        content: {
          role: 'model',
          parts: [
            { functionCall: { id: 'call_a', name: 'get_weather', args: { city: 'Rome' } } },
            { functionCall: { id: 'call_b', name: 'get_time', args: {} } },
          ],
        },
        finishReason: FinishReason.STOP,
        modelVersion: 'llama3.2:3b',
        usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 4, totalTokenCount: 13 },
      },
    ])
  })

  it('marks text cut short by the token limit, and reports malformed streamed tool arguments', async () => {
    server.reply(
      { sse: [delta({ content: 'Rain in' }, 'length')] },
      {
        sse: [
          delta({ tool_calls: [{ index: 0, id: 'c', function: { name: 'f', arguments: '{broken' } }] }, 'tool_calls'),
        ],
      },
    )
    const [, cut] = await collect(llm({ streamUsage: false }).generateContentAsync(request(), true))
    expect(server.requests[0]?.body.stream_options).toBeUndefined()
    expect(cut).toMatchObject({
      content: { parts: [{ text: 'Rain in' }] },
      finishReason: FinishReason.MAX_TOKENS,
      errorCode: FinishReason.MAX_TOKENS,
    })

    const malformed = await collect(llm().generateContentAsync(request(), true))
    expect(malformed).toEqual([
      {
        errorCode: FinishReason.MALFORMED_FUNCTION_CALL,
        errorMessage: 'The model called "f" with arguments that are not a JSON object: {broken',
        finishReason: FinishReason.MALFORMED_FUNCTION_CALL,
        modelVersion: 'llama3.2:3b',
      },
    ])
  })

  it('turns an error event inside the stream into a key-free ModelError', async () => {
    server.reply({ sse: [delta({ content: 'Ra' }), { error: { message: 'backend crashed (key sk-local-123)' } }] })
    const stream = llm().generateContentAsync(request(), true)
    expect((await stream.next()).value).toMatchObject({ partial: true })
    const error = await failure(stream.next())

    expect(error).toBeInstanceOf(ModelError)
    expect((error as Error).message).toBe(
      'Model call to "llama3.2" failed while streaming: backend crashed (key [redacted])',
    )
  })

  it('aborts mid-stream with an AbortError and closes the connection', async () => {
    server.reply({ sse: [delta({ content: 'First' })], hold: true })
    const controller = new AbortController()
    const stream = llm().generateContentAsync(request(), true, controller.signal)
    expect((await stream.next()).value).toMatchObject({ partial: true, content: { parts: [{ text: 'First' }] } })

    setTimeout(() => controller.abort(new Error('user cancelled')), 20)
    const error = await failure(stream.next())

    expect(AdkFluentError.isInstance(error) && error.code).toBe('ABORTED')
    await vi.waitFor(() => expect(server.cancelled).toHaveLength(1))
  })

  it('closes the connection when the consumer stops reading early', async () => {
    server.reply({ sse: [delta({ content: 'First' })], hold: true })
    const stream = llm().generateContentAsync(request(), true)
    await stream.next()
    await stream.return()

    await vi.waitFor(() => expect(server.cancelled).toHaveLength(1))
  })
})

describe('readServerSentEvents', () => {
  it('joins multi-line data, skips comments and other fields, and stops at [DONE]', async () => {
    const text =
      ': keep-alive\r\nevent: message\r\ndata: {"a":\r\ndata:1}\r\n\r\ndata: [DONE]\n\ndata: {"late":true}\n\n'
    const bytes = new TextEncoder().encode(text)
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // Split inside a line and inside a multi-byte boundary-free spot, as a network would.
        controller.enqueue(bytes.slice(0, 17))
        controller.enqueue(bytes.slice(17, 40))
        controller.enqueue(bytes.slice(40))
        controller.close()
      },
    })
    const payloads: string[] = []
    for await (const payload of readServerSentEvents(body)) payloads.push(payload)
    expect(payloads).toEqual(['{"a":\n1}'])
  })

  it('yields the last event when the stream ends without a blank line', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: {"x":1}\n\ndata: {"y":2}'))
        controller.close()
      },
    })
    const payloads: string[] = []
    for await (const payload of readServerSentEvents(body)) payloads.push(payload)
    expect(payloads).toEqual(['{"x":1}', '{"y":2}'])
  })
})
