import { InMemoryRunner, FunctionTool, LlmAgent, type Event, type RunConfig } from '@adk-fluent/core'
import type { LanguageModelV3CallOptions } from '@ai-sdk/provider'
import { MockLanguageModelV3 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { aiSdk } from './ai-sdk-llm.js'
import { generated, streamed, textStream, usage } from './mock-model.test-helper.js'

function weatherAgent(model: MockLanguageModelV3, outputSchema?: z.ZodType): { agent: LlmAgent; cities: string[] } {
  const cities: string[] = []
  const getWeather = new FunctionTool({
    name: 'get_weather',
    description: 'Current weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => {
      cities.push(city)
      return { city, forecast: 'sunny', celsius: 21 }
    },
  })
  const agent = new LlmAgent({
    name: 'weather_agent',
    model: aiSdk(model),
    instruction: 'Answer weather questions with the tool.',
    tools: outputSchema ? [] : [getWeather],
    ...(outputSchema ? { outputSchema, outputKey: 'report' } : {}),
  })
  return { agent, cities }
}

async function run(
  agent: LlmAgent,
  runConfig: RunConfig = {},
): Promise<{ events: Event[]; state: Record<string, unknown> }> {
  const runner = new InMemoryRunner({ agent, appName: 'app' })
  const session = await runner.sessionService.createSession({ appName: 'app', userId: 'u' })
  const events: Event[] = []
  for await (const event of runner.runAsync({
    userId: 'u',
    sessionId: session.id,
    newMessage: { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
    runConfig,
  })) {
    events.push(event)
  }
  const stored = await runner.sessionService.getSession({ appName: 'app', userId: 'u', sessionId: session.id })
  return { events, state: { ...stored?.state } }
}

/** The prompt of the second call, without the system message. */
function history(calls: LanguageModelV3CallOptions[]): unknown[] {
  return calls[1]?.prompt.filter((message) => message.role !== 'system') ?? []
}

describe('an AI SDK model in the core runner', () => {
  it('runs a tool-call round trip through a FunctionTool and pairs the result with the provider id', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [
        generated([{ type: 'tool-call', toolCallId: 'call_77', toolName: 'get_weather', input: '{"city":"Paris"}' }], {
          usage: usage(30, 8),
        }),
        generated([{ type: 'text', text: 'Sunny, 21 °C.' }], { usage: usage(45, 6) }),
      ],
    })
    const { agent, cities } = weatherAgent(model)
    const { events } = await run(agent)

    expect(cities).toEqual(['Paris'])
    const first = model.doGenerateCalls[0]
    expect(first?.prompt[0]).toEqual({
      role: 'system',
      content: expect.stringContaining('Answer weather questions with the tool.'),
    })
    expect(first?.tools).toEqual([
      {
        type: 'function',
        name: 'get_weather',
        description: 'Current weather for a city.',
        inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    ])
    expect(history(model.doGenerateCalls)).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'call_77', toolName: 'get_weather', input: { city: 'Paris' } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_77',
            toolName: 'get_weather',
            output: { type: 'json', value: { city: 'Paris', forecast: 'sunny', celsius: 21 } },
          },
        ],
      },
    ])
    expect(events.map((event) => event.content?.parts?.[0])).toEqual([
      { functionCall: { id: 'call_77', name: 'get_weather', args: { city: 'Paris' } } },
      {
        functionResponse: {
          id: 'call_77',
          name: 'get_weather',
          response: { city: 'Paris', forecast: 'sunny', celsius: 21 },
        },
      },
      { text: 'Sunny, 21 °C.' },
    ])
    expect(events.map((event) => event.usageMetadata?.totalTokenCount)).toEqual([38, undefined, 51])
  })

  it('gives a call that came without an id a runtime id, and a positional id when the history goes back', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [
        generated([{ type: 'tool-call', toolCallId: '', toolName: 'get_weather', input: '{"city":"Paris"}' }]),
        generated([{ type: 'text', text: 'Sunny.' }]),
      ],
    })
    const { events } = await run(weatherAgent(model).agent)

    expect(events[0]?.content?.parts?.[0]?.functionCall?.id).toMatch(/^adk-/)
    expect(history(model.doGenerateCalls).slice(1)).toEqual([
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'call_1_0', toolName: 'get_weather', input: { city: 'Paris' } }],
      },
      {
        role: 'tool',
        content: [expect.objectContaining({ type: 'tool-result', toolCallId: 'call_1_0', toolName: 'get_weather' })],
      },
    ])
  })

  it('streams partial events and the final ones in SSE mode, tool call included', async () => {
    const model = new MockLanguageModelV3({
      doStream: [
        streamed([
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'get_weather', input: '{"city":"Paris"}' },
          { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage: usage(30, 8) },
        ]),
        streamed(textStream(['Sunny', ', 21 °C.'])),
      ],
    })
    const { agent, cities } = weatherAgent(model)
    const { events } = await run(agent, { streamingMode: 'sse' })

    expect(cities).toEqual(['Paris'])
    expect(events.map((event) => [event.partial === true, event.content?.parts?.[0]])).toEqual([
      [false, { functionCall: { id: 'call_1', name: 'get_weather', args: { city: 'Paris' } } }],
      [false, expect.objectContaining({ functionResponse: expect.objectContaining({ id: 'call_1' }) })],
      [true, { text: 'Sunny' }],
      [true, { text: ', 21 °C.' }],
      [false, { text: 'Sunny, 21 °C.' }],
    ])
  })

  it('asks for structured output and stores the validated object under the output key', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: generated([{ type: 'text', text: '{"city":"Paris","celsius":21}' }]),
    })
    const schema = z.object({ city: z.string(), celsius: z.number() })
    const { state } = await run(weatherAgent(model, schema).agent)

    expect(model.doGenerateCalls[0]?.responseFormat).toEqual({
      type: 'json',
      schema: {
        type: 'object',
        properties: { city: { type: 'string' }, celsius: { type: 'number' } },
        required: ['city', 'celsius'],
      },
    })
    expect(state['report']).toEqual({ city: 'Paris', celsius: 21 })
  })
})
