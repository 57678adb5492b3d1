import {
  AdkFluentError,
  ConfigError,
  ModelError,
  createLlmRequest,
  type LlmRequest,
  type LlmResponse,
} from '@adk-fluent/core'
import { APICallError, type LanguageModelV3CallOptions, type LanguageModelV3StreamPart } from '@ai-sdk/provider'
import { FinishReason } from '@adk-fluent/core'
import { MockLanguageModelV3 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { AiSdkLlm, aiSdk } from './ai-sdk-llm.js'
import { finish, generated, streamed, textStream, usage } from './mock-model.test-helper.js'

function userRequest(): LlmRequest {
  const request = createLlmRequest()
  request.contents.push({ role: 'user', parts: [{ text: 'Hi' }] })
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

function apiError(statusCode: number, message: string, headers?: Record<string, string>): APICallError {
  return new APICallError({
    message,
    url: 'https://api.example.test/v1/chat/completions',
    requestBodyValues: { messages: [{ role: 'user', content: 'the secret prompt' }] },
    statusCode,
    ...(headers ? { responseHeaders: headers } : {}),
    responseBody: JSON.stringify({ error: { message } }),
    isRetryable: statusCode === 429 || statusCode >= 500,
  })
}

/** A stream that yields the parts, then stays open until the call's abort signal fires (then errors, as fetch does). */
function hangingStream(
  options: LanguageModelV3CallOptions,
  parts: LanguageModelV3StreamPart[],
): ReadableStream<LanguageModelV3StreamPart> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part)
      options.abortSignal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')))
    },
  })
}

describe('AiSdkLlm: streaming', () => {
  it('yields partial text chunks, then the aggregated answer with usage, finish reason and model id', async () => {
    const model = new MockLanguageModelV3({ doStream: streamed(textStream(['Hel', 'lo', ' there.'])) })
    const responses = await collect(aiSdk(model).generateContentAsync(userRequest(), true))

    expect(responses).toEqual([
      { content: { role: 'model', parts: [{ text: 'Hel' }] }, partial: true },
      { content: { role: 'model', parts: [{ text: 'lo' }] }, partial: true },
      { content: { role: 'model', parts: [{ text: ' there.' }] }, partial: true },
      {
        content: { role: 'model', parts: [{ text: 'Hello there.' }] },
        finishReason: FinishReason.STOP,
        modelVersion: 'mock-model-2025',
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      },
    ])
    expect(model.doGenerateCalls).toHaveLength(0)
  })

  it('flushes reasoning and text before tool calls, and sends parallel calls together with the usage', async () => {
    const model = new MockLanguageModelV3({
      doStream: streamed([
        { type: 'reasoning-start', id: 'r1' },
        { type: 'reasoning-delta', id: 'r1', delta: 'Need weather.' },
        { type: 'reasoning-end', id: 'r1', providerMetadata: { anthropic: { signature: 'sig' } } },
        { type: 'text-start', id: 't1' },
        { type: 'text-delta', id: 't1', delta: 'Checking.' },
        { type: 'text-end', id: 't1' },
        { type: 'tool-input-start', id: 'call_a', toolName: 'get_weather' },
        { type: 'tool-input-delta', id: 'call_a', delta: '{"city":"Rome"}' },
        { type: 'tool-input-end', id: 'call_a' },
        { type: 'tool-call', toolCallId: 'call_a', toolName: 'get_weather', input: '{"city":"Rome"}' },
        { type: 'tool-call', toolCallId: 'call_b', toolName: 'get_weather', input: '{"city":"Oslo"}' },
        { type: 'finish', finishReason: finish('tool-calls'), usage: usage(20, 12, { reasoning: 4 }) },
      ]),
    })
    const responses = await collect(aiSdk(model).generateContentAsync(userRequest(), true))

    expect(responses).toEqual([
      { content: { role: 'model', parts: [{ text: 'Need weather.', thought: true }] }, partial: true },
      { content: { role: 'model', parts: [{ text: 'Checking.' }] }, partial: true },
      {
        content: {
          role: 'model',
          parts: [
            {
              text: 'Need weather.',
              thought: true,
              partMetadata: { aiSdkProviderMetadata: { anthropic: { signature: 'sig' } } },
            },
            { text: 'Checking.' },
          ],
        },
      },
      {
        content: {
          role: 'model',
          parts: [
            { functionCall: { id: 'call_a', name: 'get_weather', args: { city: 'Rome' } } },
            { functionCall: { id: 'call_b', name: 'get_weather', args: { city: 'Oslo' } } },
          ],
        },
        finishReason: FinishReason.STOP,
        usageMetadata: { promptTokenCount: 20, candidatesTokenCount: 8, thoughtsTokenCount: 4, totalTokenCount: 32 },
      },
    ])
  })

  it('marks streamed text cut short by the token limit', async () => {
    const model = new MockLanguageModelV3({
      doStream: streamed(textStream(['Rain in'], { finishReason: finish('length') })),
    })
    const responses = await collect(aiSdk(model).generateContentAsync(userRequest(), true))
    expect(responses.at(-1)).toMatchObject({
      content: { parts: [{ text: 'Rain in' }] },
      finishReason: FinishReason.MAX_TOKENS,
      errorCode: FinishReason.MAX_TOKENS,
      errorMessage: 'The model reached its output token limit (provider reason "length").',
    })
  })

  it('turns an error part into a ModelError after the text already yielded', async () => {
    const model = new MockLanguageModelV3({
      doStream: streamed([
        { type: 'text-delta', id: 't', delta: 'Par' },
        { type: 'error', error: apiError(503, 'Upstream overloaded') },
      ]),
    })
    const stream = aiSdk(model).generateContentAsync(userRequest(), true)
    expect((await stream.next()).value).toMatchObject({ partial: true })
    const error = await failure(stream.next())

    expect(error).toBeInstanceOf(ModelError)
    expect(error).toMatchObject({
      status: 503,
      errorCode: '503',
      message: 'Model call to "mock-model-id" failed with HTTP 503: Upstream overloaded.',
    })
  })
})

describe('AiSdkLlm: abort', () => {
  it('passes the abort signal to the provider and ends a stream being read with an AbortError', async () => {
    const model = new MockLanguageModelV3({
      doStream: async (options) => ({
        stream: hangingStream(options, [{ type: 'text-delta', id: 't', delta: 'First' }]),
      }),
    })
    const controller = new AbortController()
    const stream = aiSdk(model).generateContentAsync(userRequest(), true, controller.signal)
    expect((await stream.next()).value).toMatchObject({ partial: true, content: { parts: [{ text: 'First' }] } })
    setTimeout(() => controller.abort(new Error('user left')), 10)
    const error = await failure(stream.next())

    expect(model.doStreamCalls[0]?.abortSignal).toBe(controller.signal)
    expect(AdkFluentError.isInstance(error) && error.code).toBe('ABORTED')
    expect((error as Error).name).toBe('AbortError')
    expect((error as Error).cause).toEqual(new Error('user left'))
  })

  it('ends the wait for a stream part even when the provider ignores the signal', async () => {
    const model = new MockLanguageModelV3({
      doStream: async () => ({ stream: new ReadableStream<LanguageModelV3StreamPart>() }),
    })
    const controller = new AbortController()
    const pending = failure(collect(aiSdk(model).generateContentAsync(userRequest(), true, controller.signal)))
    setTimeout(() => controller.abort(), 10)
    const error = await pending
    expect(AdkFluentError.isInstance(error) && error.code).toBe('ABORTED')
  })

  it('aborts a call in flight and never starts one whose signal already fired', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: (options) =>
        new Promise((_, reject) => {
          options.abortSignal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    })
    const controller = new AbortController()
    const pending = failure(collect(aiSdk(model).generateContentAsync(userRequest(), false, controller.signal)))
    controller.abort()
    const error = await pending
    expect(AdkFluentError.isInstance(error) && error.code).toBe('ABORTED')

    const again = await failure(collect(aiSdk(model).generateContentAsync(userRequest(), false, controller.signal)))
    expect(AdkFluentError.isInstance(again) && again.code).toBe('ABORTED')
    expect(model.doGenerateCalls).toHaveLength(1)
  })
})

describe('AiSdkLlm: errors and retries', () => {
  it('maps an HTTP failure to a ModelError with the status and message, without the prompt in the cause', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        throw apiError(401, 'Incorrect API key provided')
      },
    })
    const error = await failure(collect(aiSdk(model).generateContentAsync(userRequest())))

    expect(ModelError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({
      status: 401,
      errorCode: '401',
      message:
        'Model call to "mock-model-id" failed with HTTP 401: Incorrect API key provided. Check the API key or credentials and their permissions.',
    })
    const cause = (error as Error).cause as Record<string, unknown>
    expect(cause).toMatchObject({
      name: 'AI_APICallError',
      statusCode: 401,
      url: 'https://api.example.test/v1/chat/completions',
    })
    expect(JSON.stringify(cause)).not.toContain('secret prompt')
    expect(cause['requestBodyValues']).toBeUndefined()
  })

  it('maps other provider errors with their AI SDK name as the error code', async () => {
    const model = new MockLanguageModelV3({
      doStream: async () => {
        const error = new Error('audio file parts with URLs functionality not supported.')
        error.name = 'AI_UnsupportedFunctionalityError'
        throw error
      },
    })
    const error = await failure(collect(aiSdk(model).generateContentAsync(userRequest(), true)))
    expect(error).toMatchObject({
      errorCode: 'AI_UnsupportedFunctionalityError',
      message: 'Model call to "mock-model-id" failed: audio file parts with URLs functionality not supported.',
    })
    expect((error as ModelError).status).toBeUndefined()
  })

  it('retries what the provider marks retryable, honouring Retry-After, and gives up after maxAttempts', async () => {
    const delays: number[] = []
    const sleep = async (delayMs: number) => void delays.push(delayMs)
    let calls = 0
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        calls++
        if (calls === 1) throw apiError(429, 'Slow down', { 'retry-after': '2' })
        if (calls === 2) throw apiError(500, 'Oops')
        return generated([{ type: 'text', text: 'finally' }])
      },
    })
    const [response] = await collect(
      new AiSdkLlm(model, { retry: { sleep, initialDelayMs: 100 } }).generateContentAsync(userRequest()),
    )
    expect(response?.content?.parts).toEqual([{ text: 'finally' }])
    expect(delays[0]).toBe(2000)
    expect(delays[1]).toBeGreaterThanOrEqual(100)
    expect(delays[1]).toBeLessThanOrEqual(200)

    const failing = new MockLanguageModelV3({
      doStream: async () => {
        throw apiError(503, 'Down')
      },
    })
    const error = await failure(
      collect(new AiSdkLlm(failing, { retry: { sleep, maxAttempts: 2 } }).generateContentAsync(userRequest(), true)),
    )
    expect((error as Error).message).toBe(
      'Model call to "mock-model-id" failed with HTTP 503: Down. Gave up after 2 attempts.',
    )
    expect(failing.doStreamCalls).toHaveLength(2)

    const rejected = new MockLanguageModelV3({
      doGenerate: async () => {
        throw apiError(400, 'Bad request')
      },
    })
    await failure(collect(aiSdk(rejected).generateContentAsync(userRequest())))
    expect(rejected.doGenerateCalls).toHaveLength(1)
  })

  it('rejects what is not an AI SDK v3 language model, naming the fix', () => {
    expect(() => aiSdk('gpt-4o' as never)).toThrow(ConfigError)
    expect(() => aiSdk('gpt-4o' as never)).toThrow(/Pass the provider's model object, not a model name/)
    const v2 = { specificationVersion: 'v2', modelId: 'old', doGenerate: () => undefined, doStream: () => undefined }
    expect(() => aiSdk(v2 as never)).toThrow(/interface "v2", but @adk-fluent\/ai-sdk needs "v3"/)
    expect(() => aiSdk(new MockLanguageModelV3(), { retry: { maxAttempts: 0 } })).toThrow(/retry.maxAttempts/)
  })
})
