import { FinishReason, Type } from './genai-types.js'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ModelError } from '../errors/runtime-errors.js'
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

function llm(retrySleep?: (delayMs: number) => Promise<void>): OpenAICompatible {
  return new OpenAICompatible({
    model: 'llama3.2',
    baseUrl: `${server.baseUrl}/v1/`,
    apiKey: 'sk-local-123',
    ...(retrySleep ? { retry: { sleep: retrySleep } } : {}),
  })
}

async function first(generator: AsyncGenerator<LlmResponse>): Promise<LlmResponse | undefined> {
  for await (const response of generator) return response
  return undefined
}

function completion(message: object, extra: object = {}): object {
  return {
    choices: [{ message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
    model: 'llama3.2:3b',
    ...extra,
  }
}

function weatherRequest(): LlmRequest {
  const request = createLlmRequest('llama3.2')
  request.config = {
    systemInstruction: 'Use tools.',
    temperature: 0,
    maxOutputTokens: 100,
    tools: [
      {
        functionDeclarations: [
          {
            name: 'get_weather',
            description: 'Weather for a city',
            parameters: {
              type: Type.OBJECT,
              properties: { city: { type: Type.STRING }, days: { type: Type.INTEGER, nullable: true } },
              required: ['city'],
            },
          },
        ],
      },
    ],
  }
  request.contents.push(
    { role: 'user', parts: [{ text: 'Weather in Rome?' }] },
    {
      role: 'model',
      parts: [{ text: 'Checking.' }, { functionCall: { name: 'get_weather', args: { city: 'Rome' } } }],
    },
    { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { forecast: 'rain' } } }] },
  )
  return request
}

describe('OpenAICompatible', () => {
  it('sends messages, tools and parameters as a chat completion and reads text back', async () => {
    server.reply({
      json: completion(
        { content: 'Rain in Rome.' },
        { usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 } },
      ),
    })
    const response = await first(llm().generateContentAsync(weatherRequest()))

    const received = server.requests[0]!
    expect(received.path).toBe('/v1/chat/completions')
    expect(received.headers.authorization).toBe('Bearer sk-local-123')
    expect(received.body).toEqual({
      model: 'llama3.2',
      temperature: 0,
      max_tokens: 100,
      messages: [
        { role: 'system', content: 'Use tools.' },
        { role: 'user', content: 'Weather in Rome?' },
        {
          role: 'assistant',
          content: 'Checking.',
          tool_calls: [
            { id: 'call_1_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1_1', content: '{"forecast":"rain"}' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'Weather for a city',
            parameters: {
              type: 'object',
              properties: { city: { type: 'string' }, days: { type: ['integer', 'null'] } },
              required: ['city'],
            },
          },
        },
      ],
    })
    expect(response).toEqual({
      content: { role: 'model', parts: [{ text: 'Rain in Rome.' }] },
      finishReason: FinishReason.STOP,
      modelVersion: 'llama3.2:3b',
      usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 4, totalTokenCount: 13 },
    })
  })

  it('returns tool calls as function calls with their ids and asks for JSON output with a schema', async () => {
    server.reply({
      json: completion({
        content: null,
        tool_calls: [
          { id: 'call_9', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
        ],
      }),
    })
    const request = createLlmRequest('llama3.2')
    request.contents.push({ role: 'user', parts: [{ text: 'Oslo?' }] })
    request.config = { responseSchema: { type: Type.OBJECT, properties: { answer: { type: Type.STRING } } } }
    const response = await first(llm().generateContentAsync(request))

    expect(server.requests[0]!.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'response', schema: { type: 'object', properties: { answer: { type: 'string' } } } },
    })
    expect(response?.content?.parts).toEqual([
      { functionCall: { id: 'call_9', name: 'get_weather', args: { city: 'Oslo' } } },
    ])
  })

  it('reports tool calls whose arguments are not a JSON object', async () => {
    server.reply({
      json: completion({ tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{broken' } }] }),
    })
    const response = await first(llm().generateContentAsync(weatherRequest()))
    expect(response).toMatchObject({
      errorCode: 'MALFORMED_FUNCTION_CALL',
      errorMessage: expect.stringContaining('"f"'),
    })
  })

  it('retries 429 with Retry-After and fails on 401 with a key-free ModelError', async () => {
    server.reply(
      { json: { error: { message: 'busy' } }, status: 429, headers: { 'retry-after': '1' } },
      { json: completion({ content: 'ok' }) },
      { json: { error: { message: 'Invalid key sk-local-123' } }, status: 401 },
    )
    const delays: number[] = []
    const model = llm(async (delayMs) => void delays.push(delayMs))
    expect((await first(model.generateContentAsync(weatherRequest())))?.content?.parts).toEqual([{ text: 'ok' }])
    expect(delays).toEqual([1000])

    let caught: unknown
    try {
      await first(model.generateContentAsync(weatherRequest()))
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ModelError)
    expect((caught as ModelError).status).toBe(401)
    expect((caught as ModelError).message).toBe('Model call to "llama3.2" failed with HTTP 401: Invalid key [redacted]')
    expect(server.requests).toHaveLength(3)
  })
})
