import { FinishReason, type Content } from './genai-types.js'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { AdkFluentError } from '../errors/adk-fluent-error.js'
import { ModelError } from '../errors/runtime-errors.js'
import { startFakeModelServer, type FakeModelServer } from './fake-model-server.test-helper.js'
import { Gemini, type GeminiOptions } from './gemini.js'
import { LLMRegistry } from './llm-registry.js'
import { createLlmRequest, type LlmRequest } from './llm-request.js'
import type { LlmResponse } from './llm-response.js'

const apiKey = 'test-key-5f3a9c'
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
  for (const name of ['GOOGLE_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_GENAI_USE_VERTEXAI', 'GOOGLE_GEMINI_BASE_URL']) {
    vi.stubEnv(name, '')
  }
})
afterEach(() => {
  vi.unstubAllEnvs()
  expect(server.unexpected).toEqual([])
})

function gemini(options: Partial<GeminiOptions> = {}): Gemini {
  return new Gemini({ model, apiKey, httpOptions: { baseUrl: server.baseUrl }, ...options })
}

function userRequest(text = 'Hello'): LlmRequest {
  const request = createLlmRequest(model)
  request.contents.push({ role: 'user', parts: [{ text }] })
  return request
}

function answer(parts: object[], extra: object = {}): object {
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP' }],
    usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 3, totalTokenCount: 10 },
    modelVersion: 'gemini-2.5-flash-001',
    ...extra,
  }
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
  throw new Error('expected the call to fail')
}

/** A retry `sleep` that records the delays and returns at once. */
function recordingSleep(): { delays: number[]; sleep: (delayMs: number) => Promise<void> } {
  const delays: number[] = []
  return { delays, sleep: async (delayMs) => void delays.push(delayMs) }
}

describe('Gemini request', () => {
  it('sends contents, system instruction, tools, schema and generation config as the API expects', async () => {
    server.reply({ json: answer([{ text: 'ok' }]) })
    const request = userRequest('What is the weather?')
    request.config = {
      systemInstruction: 'You are terse.',
      temperature: 0.2,
      maxOutputTokens: 256,
      topP: 0.9,
      stopSequences: ['END'],
      thinkingConfig: { includeThoughts: true, thinkingBudget: 128 },
      labels: { adk_agent_name: 'root' },
      responseSchema: { type: 'OBJECT' as never, properties: { city: { type: 'STRING' as never } } },
      tools: [
        {
          functionDeclarations: [
            {
              name: 'get_weather',
              description: 'Weather for a city',
              parameters: { type: 'OBJECT' as never, properties: { city: { type: 'STRING' as never } } },
            },
          ],
        },
      ],
    }
    await collect(gemini().generateContentAsync(request))

    expect(server.requests).toHaveLength(1)
    const received = server.requests[0]!
    expect(received.method).toBe('POST')
    expect(received.path).toBe(`/v1beta/models/${model}:generateContent`)
    expect(received.headers['x-goog-api-key']).toBe(apiKey)
    expect(received.body.contents).toEqual([{ role: 'user', parts: [{ text: 'What is the weather?' }] }])
    expect(received.body.systemInstruction.parts).toEqual([{ text: 'You are terse.' }])
    expect(received.body.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'get_weather',
            description: 'Weather for a city',
            parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } } },
          },
        ],
      },
    ])
    expect(received.body.generationConfig).toEqual({
      temperature: 0.2,
      maxOutputTokens: 256,
      topP: 0.9,
      stopSequences: ['END'],
      thinkingConfig: { includeThoughts: true, thinkingBudget: 128 },
      responseSchema: { type: 'OBJECT', properties: { city: { type: 'STRING' } } },
      responseMimeType: 'application/json',
    })
    expect(received.body.labels).toBeUndefined()
  })

  it('appends the continuation hint on a copy and leaves the caller request untouched', async () => {
    server.reply({ json: answer([{ text: 'ok' }]) }, { json: answer([{ text: 'ok' }]) })
    const request = userRequest()
    request.contents.push({ role: 'model', parts: [{ text: 'Earlier answer' }] })
    request.config = { systemInstruction: 'Be brief.', labels: { adk_agent_name: 'root' } }
    const before = structuredClone({ contents: request.contents, config: request.config })
    const llm = gemini()
    await collect(llm.generateContentAsync(request))
    await collect(llm.generateContentAsync(createLlmRequest(model)))

    expect({ contents: request.contents, config: request.config }).toEqual(before)
    expect(server.requests[0]!.body.contents.at(-1)).toEqual({
      role: 'user',
      parts: [
        {
          text: 'Continue processing previous requests as instructed. Exit or provide a summary if no more outputs are needed.',
        },
      ],
    })
    expect(server.requests[1]!.body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Handle the requests as specified in the System Instruction.' }] },
    ])
  })

  it('drops displayName from inline and file data for the Gemini API', async () => {
    server.reply({ json: answer([{ text: 'ok' }]) })
    const request = createLlmRequest(model)
    const content: Content = {
      role: 'user',
      parts: [
        { text: 'Describe these' },
        { inlineData: { mimeType: 'image/png', data: 'aGVsbG8=', displayName: 'photo.png' } },
        { fileData: { mimeType: 'application/pdf', fileUri: 'gs://bucket/a.pdf', displayName: 'a.pdf' } },
      ],
    }
    request.contents.push(content)
    await collect(gemini().generateContentAsync(request))

    expect(server.requests[0]!.body.contents[0].parts).toEqual([
      { text: 'Describe these' },
      { inlineData: { mimeType: 'image/png', data: 'aGVsbG8=' } },
      { fileData: { mimeType: 'application/pdf', fileUri: 'gs://bucket/a.pdf' } },
    ])
    expect(content.parts?.[1]?.inlineData?.displayName).toBe('photo.png')
  })

  it('keeps labels and displayName on Vertex AI', async () => {
    server.reply({ json: answer([{ text: 'ok' }]) })
    const request = createLlmRequest(model)
    request.contents.push({
      role: 'user',
      parts: [{ fileData: { mimeType: 'application/pdf', fileUri: 'gs://bucket/a.pdf', displayName: 'a.pdf' } }],
    })
    request.config = { labels: { adk_agent_name: 'root' } }
    await collect(gemini({ vertexai: true }).generateContentAsync(request))

    const received = server.requests[0]!
    expect(received.path).toContain(`models/${model}:generateContent`)
    expect(received.body.labels).toEqual({ adk_agent_name: 'root' })
    expect(received.body.contents[0].parts[0].fileData.displayName).toBe('a.pdf')
  })

  it('reads the API key from GOOGLE_API_KEY, then GEMINI_API_KEY', async () => {
    server.reply({ json: answer([{ text: 'a' }]) }, { json: answer([{ text: 'b' }]) })
    vi.stubEnv('GEMINI_API_KEY', 'gemini-env-key')
    await collect(gemini({ apiKey: undefined as never }).generateContentAsync(userRequest()))
    vi.stubEnv('GEMINI_API_KEY', '')
    vi.stubEnv('GOOGLE_API_KEY', 'google-env-key')
    await collect(new Gemini({ model, httpOptions: { baseUrl: server.baseUrl } }).generateContentAsync(userRequest()))

    expect(server.requests.map((request) => request.headers['x-goog-api-key'])).toEqual([
      'gemini-env-key',
      'google-env-key',
    ])
  })

  it('constructs without a key and fails at call time naming the variables to set', async () => {
    const llm = new Gemini({ model })
    const error = await failure(collect(llm.generateContentAsync(userRequest())))

    expect(error).toBeInstanceOf(ModelError)
    expect(AdkFluentError.isInstance(error) && error.code).toBe('MODEL_FAILED')
    expect((error as Error).message).toContain('GOOGLE_API_KEY')
    expect(server.requests).toHaveLength(0)
  })

  it('sends through a fetch given in httpOptions', async () => {
    server.reply({ json: answer([{ text: 'ok' }]) })
    const urls: string[] = []
    const fetch = (input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit): Promise<Response> => {
      urls.push(String(input))
      return globalThis.fetch(input, init)
    }
    const [response] = await collect(
      gemini({ httpOptions: { baseUrl: server.baseUrl, fetch, headers: { 'x-trace': 't1' } } }).generateContentAsync(
        userRequest(),
      ),
    )

    expect(response?.content?.parts).toEqual([{ text: 'ok' }])
    expect(urls).toEqual([`${server.baseUrl}/v1beta/models/${model}:generateContent`])
    expect(server.requests[0]!.headers['x-trace']).toBe('t1')
  })

  it('is what the registry returns for gemini names', () => {
    const llm = LLMRegistry.newLlm('gemini-2.0-flash')
    expect(llm).toBeInstanceOf(Gemini)
    expect(llm.model).toBe('gemini-2.0-flash')
  })
})

describe('Gemini responses', () => {
  it('converts text, thoughts and function calls with ids, usage, finish reason and model version', async () => {
    server.reply({
      json: answer([
        { text: 'Let me think.', thought: true },
        { text: 'Checking.' },
        { functionCall: { id: 'call-1', name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'c2ln' },
      ]),
    })
    const [response, ...rest] = await collect(gemini().generateContentAsync(userRequest()))

    expect(rest).toEqual([])
    expect(response).toEqual({
      content: {
        role: 'model',
        parts: [
          { text: 'Let me think.', thought: true },
          { text: 'Checking.' },
          { functionCall: { id: 'call-1', name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'c2ln' },
        ],
      },
      usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 3, totalTokenCount: 10 },
      finishReason: FinishReason.STOP,
      modelVersion: 'gemini-2.5-flash-001',
    })
  })

  it('turns a blocked prompt into an error response with the block reason', async () => {
    server.reply(
      { json: { promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 5 } } },
      { json: { promptFeedback: { blockReason: 'OTHER', blockReasonMessage: 'Blocked for reasons.' } } },
    )
    const llm = gemini()
    const [first] = await collect(llm.generateContentAsync(userRequest()))
    const [second] = await collect(llm.generateContentAsync(userRequest()))

    expect(first?.errorCode).toBe('SAFETY')
    expect(first?.errorMessage).toMatch(/blocked.*SAFETY/)
    expect(first?.content).toBeUndefined()
    expect(second).toMatchObject({ errorCode: 'OTHER', errorMessage: 'Blocked for reasons.' })
  })

  it('turns a candidate without parts into an error response with the finish reason', async () => {
    // The Gemini API client drops `finishMessage`; Vertex AI keeps it.
    server.reply(
      { json: { candidates: [{ finishReason: 'RECITATION' }] } },
      { json: { candidates: [{ finishReason: 'SAFETY', finishMessage: 'Unsafe output.' }] } },
      { json: {} },
    )
    const [first] = await collect(gemini().generateContentAsync(userRequest()))
    const [second] = await collect(gemini({ vertexai: true }).generateContentAsync(userRequest()))
    const [third] = await collect(gemini().generateContentAsync(userRequest()))

    expect(first).toMatchObject({ errorCode: 'RECITATION', errorMessage: expect.stringContaining('RECITATION') })
    expect(first?.content).toBeUndefined()
    expect(second).toMatchObject({ errorCode: 'SAFETY', errorMessage: 'Unsafe output.' })
    expect(third?.errorCode).toBe('UNKNOWN_ERROR')
  })
})

describe('Gemini streaming', () => {
  it('yields partial text, then one aggregated response with usage merged in', async () => {
    server.reply({
      sse: [
        { candidates: [{ content: { role: 'model', parts: [{ text: 'Thinking…', thought: true }] } }] },
        { candidates: [{ content: { role: 'model', parts: [{ text: 'Hello' }] } }] },
        { candidates: [{ content: { role: 'model', parts: [{ text: ', world' }] }, finishReason: 'STOP' }] },
        { usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 2, totalTokenCount: 6 }, modelVersion: 'v1' },
      ],
    })
    const responses = await collect(gemini().generateContentAsync(userRequest(), true))

    const received = server.requests[0]!
    expect(received.path).toBe(`/v1beta/models/${model}:streamGenerateContent`)
    expect(received.query.get('alt')).toBe('sse')
    expect(responses.map((response) => response.partial ?? false)).toEqual([true, true, true, false])
    expect(responses.slice(0, 3).map((response) => response.content?.parts?.[0]?.text)).toEqual([
      'Thinking…',
      'Hello',
      ', world',
    ])
    expect(responses[3]).toEqual({
      content: { role: 'model', parts: [{ text: 'Thinking…', thought: true }, { text: 'Hello, world' }] },
      usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 2, totalTokenCount: 6 },
      modelVersion: 'v1',
      finishReason: FinishReason.STOP,
    })
  })

  it('flushes pending text before a function call and keeps the call whole', async () => {
    server.reply({
      sse: [
        { candidates: [{ content: { role: 'model', parts: [{ text: 'Let me check.' }] } }] },
        {
          candidates: [
            {
              content: {
                role: 'model',
                parts: [
                  { functionCall: { name: 'get_weather', args: { city: 'Oslo' } } },
                  { functionCall: { name: 'get_time', args: { city: 'Oslo' } } },
                ],
              },
              finishReason: 'STOP',
            },
          ],
          usageMetadata: { totalTokenCount: 12 },
        },
      ],
    })
    const responses = await collect(gemini().generateContentAsync(userRequest(), true))

    expect(responses).toEqual([
      { content: { role: 'model', parts: [{ text: 'Let me check.' }] }, partial: true },
      { content: { role: 'model', parts: [{ text: 'Let me check.' }] } },
      {
        content: {
          role: 'model',
          parts: [
            { functionCall: { name: 'get_weather', args: { city: 'Oslo' } } },
            { functionCall: { name: 'get_time', args: { city: 'Oslo' } } },
          ],
        },
        usageMetadata: { totalTokenCount: 12 },
        finishReason: FinishReason.STOP,
      },
    ])
  })

  it('marks the aggregated text with the finish reason when the model stopped early', async () => {
    server.reply({
      sse: [
        { candidates: [{ content: { role: 'model', parts: [{ text: 'Once upon' }] } }] },
        { candidates: [{ content: { role: 'model', parts: [{ text: ' a time' }] }, finishReason: 'MAX_TOKENS' }] },
      ],
    })
    const responses = await collect(gemini().generateContentAsync(userRequest(), true))

    expect(responses.at(-1)).toMatchObject({
      content: { role: 'model', parts: [{ text: 'Once upon a time' }] },
      errorCode: 'MAX_TOKENS',
      finishReason: FinishReason.MAX_TOKENS,
    })
    expect(responses.at(-1)?.partial).toBeUndefined()
  })
})

describe('Gemini retries and errors', () => {
  it('retries a 429 after the Retry-After seconds', async () => {
    server.reply(
      {
        json: { error: { code: 429, message: 'Slow down', status: 'RESOURCE_EXHAUSTED' } },
        status: 429,
        headers: { 'retry-after': '2' },
      },
      { json: answer([{ text: 'finally' }]) },
    )
    const { delays, sleep } = recordingSleep()
    const [response] = await collect(gemini({ retry: { sleep } }).generateContentAsync(userRequest()))

    expect(response?.content?.parts).toEqual([{ text: 'finally' }])
    expect(server.requests).toHaveLength(2)
    expect(delays).toEqual([2000])
  })

  it('honours a Retry-After HTTP date and a RetryInfo delay in the error body', async () => {
    const date = new Date(Date.now() + 30_000).toUTCString()
    server.reply(
      { json: { error: { code: 429, message: 'Later' } }, status: 429, headers: { 'retry-after': date } },
      {
        json: {
          error: {
            code: 429,
            message: 'Quota',
            details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '3s' }],
          },
        },
        status: 429,
      },
      { json: answer([{ text: 'ok' }]) },
    )
    const { delays, sleep } = recordingSleep()
    await collect(gemini({ retry: { sleep } }).generateContentAsync(userRequest()))

    expect(server.requests).toHaveLength(3)
    expect(delays[0]).toBeGreaterThan(25_000)
    expect(delays[0]).toBeLessThanOrEqual(30_000)
    expect(delays[1]).toBe(3000)
  })

  it('retries a 503 with real exponential backoff', async () => {
    const unavailable = { json: { error: { code: 503, message: 'Overloaded', status: 'UNAVAILABLE' } }, status: 503 }
    server.reply(unavailable, unavailable, { json: answer([{ text: 'up again' }]) })
    const started = Date.now()
    const [response] = await collect(
      gemini({ retry: { initialDelayMs: 20, maxDelayMs: 100 } }).generateContentAsync(userRequest()),
    )

    expect(response?.content?.parts).toEqual([{ text: 'up again' }])
    expect(server.requests).toHaveLength(3)
    // Two waits of at least 10 ms and 20 ms (half of 20 and 40 after jitter), less timer rounding.
    expect(Date.now() - started).toBeGreaterThanOrEqual(25)
  })

  it('gives up after maxAttempts with a ModelError carrying the status', async () => {
    const unavailable = { json: { error: { code: 500, message: 'Internal' } }, status: 500 }
    server.reply(unavailable, unavailable, unavailable)
    const { delays, sleep } = recordingSleep()
    const error = await failure(
      collect(gemini({ retry: { maxAttempts: 3, initialDelayMs: 100, sleep } }).generateContentAsync(userRequest())),
    )

    expect(error).toBeInstanceOf(ModelError)
    expect((error as ModelError).status).toBe(500)
    expect((error as ModelError).message).toContain('Gave up after 3 attempts')
    expect(server.requests).toHaveLength(3)
    expect(delays).toHaveLength(2)
    expect(delays[0]).toBeGreaterThanOrEqual(50)
    expect(delays[0]).toBeLessThanOrEqual(100)
    expect(delays[1]).toBeGreaterThanOrEqual(100)
    expect(delays[1]).toBeLessThanOrEqual(200)
  })

  it('does not retry a 400 and never puts the API key in the error', async () => {
    server.reply({
      json: { error: { code: 400, message: `API key ${apiKey} not valid.`, status: 'INVALID_ARGUMENT' } },
      status: 400,
    })
    const { delays, sleep } = recordingSleep()
    const error = (await failure(
      collect(gemini({ retry: { sleep } }).generateContentAsync(userRequest())),
    )) as ModelError

    expect(error).toBeInstanceOf(ModelError)
    expect(error.status).toBe(400)
    expect(error.errorCode).toBe('400')
    expect(error.message).toContain('HTTP 400 INVALID_ARGUMENT')
    expect(error.message).toContain(model)
    expect(error.message).not.toContain(apiKey)
    expect(String((error.cause as Error).message)).not.toContain(apiKey)
    expect(server.requests).toHaveLength(1)
    expect(delays).toEqual([])
  })

  it('does not retry when the server asks for a longer wait than maxDelayMs', async () => {
    server.reply({
      json: { error: { code: 429, message: 'Daily quota' } },
      status: 429,
      headers: { 'retry-after': '3600' },
    })
    const { delays, sleep } = recordingSleep()
    const error = (await failure(
      collect(gemini({ retry: { sleep, maxDelayMs: 10_000 } }).generateContentAsync(userRequest())),
    )) as ModelError

    expect(error.status).toBe(429)
    expect(error.message).toContain('retry after 3600 s')
    expect(delays).toEqual([])
    expect(server.requests).toHaveLength(1)
  })

  it('retries a stream that failed before its first chunk', async () => {
    server.reply(
      { json: { error: { code: 503, message: 'Busy' } }, status: 503, headers: { 'retry-after': '1' } },
      { sse: [{ candidates: [{ content: { role: 'model', parts: [{ text: 'streamed' }] }, finishReason: 'STOP' }] }] },
    )
    const { delays, sleep } = recordingSleep()
    const responses = await collect(gemini({ retry: { sleep } }).generateContentAsync(userRequest(), true))

    expect(delays).toEqual([1000])
    expect(responses.at(-1)?.content?.parts).toEqual([{ text: 'streamed' }])
  })

  it('does not retry a stream that failed after yielding', async () => {
    server.reply({
      sse: [
        { candidates: [{ content: { role: 'model', parts: [{ text: 'Half' }] } }] },
        { error: { code: 503, message: 'Dropped', status: 'UNAVAILABLE' } },
      ],
    })
    const { delays, sleep } = recordingSleep()
    const seen: LlmResponse[] = []
    const error = await failure(
      (async () => {
        for await (const response of gemini({ retry: { sleep } }).generateContentAsync(userRequest(), true)) {
          seen.push(response)
        }
      })(),
    )

    expect(seen).toEqual([{ content: { role: 'model', parts: [{ text: 'Half' }] }, partial: true }])
    expect(error).toBeInstanceOf(ModelError)
    expect((error as ModelError).status).toBe(503)
    expect(delays).toEqual([])
    expect(server.requests).toHaveLength(1)
  })
})

describe('Gemini abort', () => {
  it('aborts mid-stream promptly with an AbortError', async () => {
    server.reply({ sse: [{ candidates: [{ content: { role: 'model', parts: [{ text: 'First' }] } }] }], hold: true })
    const controller = new AbortController()
    const stream = gemini().generateContentAsync(userRequest(), true, controller.signal)
    const first = await stream.next()
    expect(first.value).toMatchObject({ partial: true, content: { parts: [{ text: 'First' }] } })

    const started = Date.now()
    setTimeout(() => controller.abort(new Error('user cancelled')), 20)
    const error = await failure(stream.next())

    expect(AdkFluentError.isInstance(error) && error.code).toBe('ABORTED')
    expect((error as Error).name).toBe('AbortError')
    // The server holds the stream forever: any end is the abort's; the bound only says "promptly", far from a hang.
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  it('aborts a non-streaming request in flight', async () => {
    server.reply({ sse: [], hold: true })
    const controller = new AbortController()
    const pending = failure(collect(gemini().generateContentAsync(userRequest(), false, controller.signal)))
    await vi.waitFor(() => expect(server.requests).toHaveLength(1))
    controller.abort()
    const error = await pending

    expect(AdkFluentError.isInstance(error) && error.code).toBe('ABORTED')
    await vi.waitFor(() => expect(server.cancelled).toHaveLength(1))
  })

  it('cancels the HTTP stream when the consumer stops reading early', async () => {
    server.reply({ sse: [{ candidates: [{ content: { role: 'model', parts: [{ text: 'First' }] } }] }], hold: true })
    const stream = gemini().generateContentAsync(userRequest(), true)
    await stream.next()
    await stream.return()

    await vi.waitFor(() => expect(server.cancelled).toHaveLength(1))
  })

  it('aborts a pending retry wait and never sends a call that was aborted before it started', async () => {
    server.reply({ json: { error: { code: 429, message: 'Later' } }, status: 429, headers: { 'retry-after': '30' } })
    const controller = new AbortController()
    const waiting = failure(collect(gemini().generateContentAsync(userRequest(), false, controller.signal)))
    await vi.waitFor(() => expect(server.requests).toHaveLength(1))
    const started = Date.now()
    controller.abort()
    const error = await waiting

    expect(AdkFluentError.isInstance(error) && error.code).toBe('ABORTED')
    // The retry waits 30 s: well under that is the abort's doing, whatever the load on the machine.
    expect(Date.now() - started).toBeLessThan(10_000)

    const before = server.requests.length
    const again = await failure(collect(gemini().generateContentAsync(userRequest(), false, controller.signal)))
    expect(AdkFluentError.isInstance(again) && again.code).toBe('ABORTED')
    expect(server.requests).toHaveLength(before)
  })
})
