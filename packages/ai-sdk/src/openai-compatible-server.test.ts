import { ModelError } from '@adk-fluent/core'
import { Agent } from '@adk-fluent/fluent'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { aiSdk } from './ai-sdk-llm.js'
import { startFakeOpenAIServer, type FakeOpenAIServer } from './fake-openai-server.test-helper.js'

let server: FakeOpenAIServer
const looked: string[] = []

beforeAll(async () => {
  server = await startFakeOpenAIServer()
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => {
  server.requests.length = 0
  looked.length = 0
})
afterEach(() => {
  expect(server.unexpected).toEqual([])
})

function getWeather({ city }: { city: string }) {
  looked.push(city)
  return { city, sky: 'sunny', celsius: 24 }
}

/** The fluent agent on an `@ai-sdk/openai-compatible` model pointed at the fake server. */
function weatherAgent() {
  const local = createOpenAICompatible({
    name: 'local',
    baseURL: server.baseURL,
    apiKey: 'sk-fake',
    includeUsage: true,
  })
  return Agent('weather', aiSdk(local.chatModel('llama-test')))
    .instruct('Answer weather questions with get_weather.')
    .tool(getWeather, { description: 'Current weather for a city.', parameters: z.object({ city: z.string() }) })
}

const expectedTool = {
  type: 'function',
  function: {
    name: 'getWeather',
    description: 'Current weather for a city.',
    parameters: expect.objectContaining({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    }),
  },
}

describe('an @ai-sdk/openai-compatible model on a fake server, through a fluent agent', () => {
  it('runs the tool round trip with .ask() and sends messages, tools and the tool result as OpenAI expects', async () => {
    server.reply(
      { toolCalls: [{ id: 'call_abc', name: 'getWeather', arguments: { city: 'Paris' } }] },
      { text: 'Sunny and 24 °C in Paris.' },
    )
    const { output, usage } = await weatherAgent().ask('Weather in Paris?', { withUsage: true })

    expect(output).toBe('Sunny and 24 °C in Paris.')
    expect(looked).toEqual(['Paris'])
    const [first, second] = server.requests
    expect(first?.path).toBe('/v1/chat/completions')
    expect(first?.headers.authorization).toBe('Bearer sk-fake')
    expect(first?.body).toMatchObject({
      model: 'llama-test',
      messages: [
        { role: 'system', content: expect.stringContaining('Answer weather questions with get_weather.') },
        { role: 'user', content: 'Weather in Paris?' },
      ],
      tools: [expectedTool],
    })
    expect(first?.body.stream).toBeUndefined()
    expect(second?.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_abc', type: 'function', function: { name: 'getWeather', arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_abc', content: '{"city":"Paris","sky":"sunny","celsius":24}' },
    ])
    // 2 then 4 messages at 10 prompt tokens each; 5 tokens for the tool call, 6 words of text.
    expect(usage).toMatchObject({ modelCalls: 2, toolCalls: 1, inputTokens: 60, outputTokens: 11, totalTokens: 71 })
  })

  it('streams the answer with .streamText() over server-sent events, tool call included', async () => {
    server.reply(
      { toolCalls: [{ id: 'call_s', name: 'getWeather', arguments: { city: 'Oslo' } }] },
      { text: 'Snow in Oslo today.' },
    )
    const chunks: string[] = []
    for await (const chunk of weatherAgent().streamText('Weather in Oslo?')) chunks.push(chunk)

    expect(chunks).toEqual(['Snow ', 'in ', 'Oslo ', 'today.'])
    expect(looked).toEqual(['Oslo'])
    expect(server.requests.map((request) => [request.body.stream, request.body.stream_options])).toEqual([
      [true, { include_usage: true }],
      [true, { include_usage: true }],
    ])
    expect(server.requests[1]?.body.messages.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'call_s',
      content: '{"city":"Oslo","sky":"sunny","celsius":24}',
    })
  })

  it('asks for structured output with the schema and returns the parsed object', async () => {
    server.reply({ text: '{"city":"Rome","celsius":27}' })
    const local = createOpenAICompatible({ name: 'local', baseURL: server.baseURL, supportsStructuredOutputs: true })
    const report = await Agent('reporter', aiSdk(local.chatModel('llama-test')))
      .returns(z.object({ city: z.string(), celsius: z.number() }))
      .ask('Rome?')

    expect(report).toEqual({ city: 'Rome', celsius: 27 })
    expect(server.requests[0]?.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'response',
        schema: expect.objectContaining({
          type: 'object',
          properties: { city: { type: 'string' }, celsius: { type: 'number' } },
          required: ['city', 'celsius'],
        }),
        strict: expect.any(Boolean),
      },
    })
  })

  it('fails .ask() with a ModelError carrying the server status and message', async () => {
    server.reply({ status: 401, message: 'Invalid API key.' })
    const local = createOpenAICompatible({ name: 'local', baseURL: server.baseURL })
    let caught: unknown
    try {
      await Agent('a', aiSdk(local.chatModel('llama-test'))).ask('Hi')
    } catch (error) {
      caught = error
    }
    expect(ModelError.isInstance(caught)).toBe(true)
    // The run records the failure as an error event (errorCode = the HTTP status); .ask() throws it as a ModelError.
    expect(caught).toMatchObject({
      errorCode: '401',
      agentName: 'a',
      message:
        'Agent "a" failed: Model call to "llama-test" failed with HTTP 401: Invalid API key. Check the API key or credentials and their permissions. (401).',
    })
  })
})
