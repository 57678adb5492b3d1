import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { LlmAgent } from '../agents/llm-agent.js'
import type { Event } from '../events/event.js'
import { InMemoryRunner } from '../runner/in-memory-runner.js'
import { FunctionTool } from '../tools/function-tool.js'
import { startFakeModelServer, type FakeModelServer } from './fake-model-server.test-helper.js'
import { Gemini } from './gemini.js'

const model = 'gemini-2.5-flash'
let server: FakeModelServer

beforeAll(async () => {
  server = await startFakeModelServer()
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => {
  server.reset()
  vi.stubEnv('GOOGLE_API_KEY', '')
  vi.stubEnv('GEMINI_API_KEY', '')
})
afterEach(() => {
  vi.unstubAllEnvs()
  expect(server.unexpected).toEqual([])
})

function weatherAgent(outputKey?: string): { agent: LlmAgent; calls: unknown[] } {
  const calls: unknown[] = []
  const getWeather = new FunctionTool({
    name: 'get_weather',
    description: 'Current weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => {
      calls.push(city)
      return { city, forecast: 'sunny', celsius: 21 }
    },
  })
  const agent = new LlmAgent({
    name: 'weather_agent',
    model: new Gemini({ model, apiKey: 'runner-key', httpOptions: { baseUrl: server.baseUrl } }),
    instruction: 'Answer weather questions with the tool.',
    tools: [getWeather],
    ...(outputKey ? { outputKey } : {}),
  })
  return { agent, calls }
}

interface RunResult {
  readonly events: Event[]
  /** Each event's state delta as it was when the event was yielded. */
  readonly deltas: Record<string, unknown>[]
  readonly state: Record<string, unknown>
}

async function run(agent: LlmAgent, streaming: boolean): Promise<RunResult> {
  const runner = new InMemoryRunner({ agent, appName: 'app' })
  const session = await runner.sessionService.createSession({ appName: 'app', userId: 'u' })
  const events: Event[] = []
  const deltas: Record<string, unknown>[] = []
  for await (const event of runner.runAsync({
    userId: 'u',
    sessionId: session.id,
    newMessage: { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
    runConfig: { streamingMode: streaming ? 'sse' : 'none' },
  })) {
    events.push(event)
    deltas.push(structuredClone(event.actions.stateDelta))
  }
  const stored = await runner.sessionService.getSession({ appName: 'app', userId: 'u', sessionId: session.id })
  return { events, deltas, state: { ...stored?.state } }
}

describe('Gemini through the runner', () => {
  it('runs a tool-call round trip and sends the call and its response back to the model', async () => {
    server.reply(
      {
        json: {
          candidates: [
            {
              content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
              finishReason: 'STOP',
            },
          ],
        },
      },
      {
        json: {
          candidates: [{ content: { role: 'model', parts: [{ text: 'Sunny, 21 °C.' }] }, finishReason: 'STOP' }],
        },
      },
    )
    const { agent, calls } = weatherAgent()
    const { events } = await run(agent, false)

    expect(calls).toEqual(['Paris'])
    expect(events.at(-1)?.content?.parts).toEqual([{ text: 'Sunny, 21 °C.' }])
    expect(server.requests).toHaveLength(2)
    const [first, second] = server.requests
    expect(first!.body.systemInstruction.parts[0].text).toContain('Answer weather questions with the tool.')
    expect(first!.body.tools[0].functionDeclarations[0]).toMatchObject({
      name: 'get_weather',
      description: 'Current weather for a city.',
    })
    expect(second!.body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
      {
        role: 'user',
        parts: [
          {
            functionResponse: {
              name: 'get_weather',
              response: { city: 'Paris', forecast: 'sunny', celsius: 21 },
            },
          },
        ],
      },
    ])
  })

  it('streams partial events, then one final event that alone reaches outputKey', async () => {
    server.reply(
      {
        sse: [
          {
            candidates: [
              {
                content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
                finishReason: 'STOP',
              },
            ],
          },
        ],
      },
      {
        sse: [
          { candidates: [{ content: { role: 'model', parts: [{ text: 'Sunny' }] } }] },
          { candidates: [{ content: { role: 'model', parts: [{ text: ', 21 °C.' }] }, finishReason: 'STOP' }] },
          { usageMetadata: { promptTokenCount: 30, candidatesTokenCount: 5, totalTokenCount: 35 } },
        ],
      },
    )
    const { agent, calls } = weatherAgent('report')
    const { events, deltas, state } = await run(agent, true)

    expect(calls).toEqual(['Paris'])
    const texts = events.flatMap((event, index) =>
      event.author === 'weather_agent' && event.content?.parts?.[0]?.text
        ? [{ text: event.content.parts[0].text, partial: event.partial ?? false, delta: deltas[index], event }]
        : [],
    )
    expect(texts.map(({ text, partial, delta }) => [text, partial, delta])).toEqual([
      ['Sunny', true, {}],
      [', 21 °C.', true, {}],
      ['Sunny, 21 °C.', false, { report: 'Sunny, 21 °C.' }],
    ])
    expect(texts[2]?.event.usageMetadata?.totalTokenCount).toBe(35)
    expect(state['report']).toBe('Sunny, 21 °C.')
    expect(server.requests.map((request) => request.path)).toEqual([
      `/v1beta/models/${model}:streamGenerateContent`,
      `/v1beta/models/${model}:streamGenerateContent`,
    ])
  })

  it('ends the run with an error event carrying the HTTP status when the model call fails', async () => {
    server.reply({ json: { error: { code: 400, message: 'Bad request', status: 'INVALID_ARGUMENT' } }, status: 400 })
    const { agent } = weatherAgent()
    const { events } = await run(agent, false)

    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ author: 'weather_agent', errorCode: '400' })
    expect(events[0]?.errorMessage).toContain('Bad request')
    expect(events[0]?.errorMessage).not.toContain('runner-key')
  })
})
