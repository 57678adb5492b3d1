import { createLlmRequest, type LlmRequest, type LlmResponse } from '@adk-fluent/core'
import { FinishReason, Type } from '@adk-fluent/core'
import { MockLanguageModelV3 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { AiSdkLlm, aiSdk } from './ai-sdk-llm.js'
import { finish, generated, usage } from './mock-model.test-helper.js'

function userRequest(text = 'Hi'): LlmRequest {
  const request = createLlmRequest()
  request.config.systemInstruction = 'Be brief.'
  request.contents.push({ role: 'user', parts: [{ text }] })
  return request
}

async function collect(generator: AsyncGenerator<LlmResponse>): Promise<LlmResponse[]> {
  const responses: LlmResponse[] = []
  for await (const response of generator) responses.push(response)
  return responses
}

describe('AiSdkLlm: one answer', () => {
  it('sends the system instruction and text, and reads text, usage, finish reason and model id back', async () => {
    const model = new MockLanguageModelV3({
      modelId: 'mock-model',
      doGenerate: generated([{ type: 'text', text: 'Hello!' }]),
    })
    const llm = aiSdk(model)
    const responses = await collect(llm.generateContentAsync(userRequest()))

    expect(llm.model).toBe('mock-model')
    expect(model.doGenerateCalls[0]?.prompt).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
    ])
    expect(responses).toEqual([
      {
        content: { role: 'model', parts: [{ text: 'Hello!' }] },
        finishReason: FinishReason.STOP,
        modelVersion: 'mock-model-2025',
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      },
    ])
  })

  it('passes the generation settings, the tools with JSON Schema and the function calling mode', async () => {
    const model = new MockLanguageModelV3({ doGenerate: generated([{ type: 'text', text: 'ok' }]) })
    const request = userRequest()
    request.config = {
      ...request.config,
      temperature: 0.2,
      maxOutputTokens: 300,
      topP: 0.9,
      topK: 40,
      stopSequences: ['END'],
      seed: 7,
      presencePenalty: 0.1,
      frequencyPenalty: 0.3,
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
            { name: 'now', description: 'The time' },
            { name: 'raw', parametersJsonSchema: { type: 'object', properties: { q: { type: 'string' } } } },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'ANY' as never, allowedFunctionNames: ['get_weather'] } },
    }
    await collect(
      new AiSdkLlm(model, {
        headers: { 'x-team': 'a' },
        providerOptions: { openai: { user: 'u1' } },
      }).generateContentAsync(request),
    )

    const options = model.doGenerateCalls[0]
    expect(options).toMatchObject({
      temperature: 0.2,
      maxOutputTokens: 300,
      topP: 0.9,
      topK: 40,
      stopSequences: ['END'],
      seed: 7,
      presencePenalty: 0.1,
      frequencyPenalty: 0.3,
      headers: { 'x-team': 'a' },
      providerOptions: { openai: { user: 'u1' } },
      toolChoice: { type: 'tool', toolName: 'get_weather' },
    })
    expect(options?.tools).toEqual([
      {
        type: 'function',
        name: 'get_weather',
        description: 'Weather for a city',
        inputSchema: {
          type: 'object',
          properties: { city: { type: 'string' }, days: { type: ['integer', 'null'] } },
          required: ['city'],
        },
      },
      { type: 'function', name: 'now', description: 'The time', inputSchema: { type: 'object', properties: {} } },
      { type: 'function', name: 'raw', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
    ])
    expect(options?.responseFormat).toBeUndefined()
  })

  it('asks for JSON with the output schema (genai or JSON Schema), or for plain JSON', async () => {
    const model = new MockLanguageModelV3({ doGenerate: generated([{ type: 'text', text: '{"answer":"4"}' }]) })
    const llm = aiSdk(model)
    const withSchema = userRequest()
    withSchema.config.responseSchema = {
      type: Type.OBJECT,
      properties: { answer: { type: Type.STRING } },
      required: ['answer'],
    }
    withSchema.config.responseMimeType = 'application/json'
    const withJsonSchema = userRequest()
    withJsonSchema.config.responseJsonSchema = { type: 'object', properties: { n: { type: 'number' } } }
    const plainJson = userRequest()
    plainJson.config.responseMimeType = 'application/json'
    for (const request of [withSchema, withJsonSchema, plainJson]) await collect(llm.generateContentAsync(request))

    expect(model.doGenerateCalls.map((call) => call.responseFormat)).toEqual([
      { type: 'json', schema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] } },
      { type: 'json', schema: { type: 'object', properties: { n: { type: 'number' } } } },
      { type: 'json' },
    ])
  })

  it('maps usage with reasoning and cached tokens as Gemini counts them', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: generated([{ type: 'text', text: 'ok' }], {
        usage: usage(100, 40, { reasoning: 30, cacheRead: 64 }),
      }),
    })
    const [response] = await collect(aiSdk(model).generateContentAsync(userRequest()))
    expect(response?.usageMetadata).toEqual({
      promptTokenCount: 100,
      cachedContentTokenCount: 64,
      candidatesTokenCount: 10,
      thoughtsTokenCount: 30,
      totalTokenCount: 140,
    })
  })

  it('returns reasoning, text and tool calls in order, with the provider ids and metadata', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: generated([
        { type: 'reasoning', text: 'Need the weather.', providerMetadata: { anthropic: { signature: 'sig-1' } } },
        { type: 'text', text: 'Checking.' },
        { type: 'tool-call', toolCallId: 'call_a', toolName: 'get_weather', input: '{"city":"Rome"}' },
        { type: 'tool-call', toolCallId: 'call_b', toolName: 'now', input: '' },
        { type: 'tool-call', toolCallId: 'srv', toolName: 'web_search', input: '{}', providerExecuted: true },
      ]),
    })
    const [response] = await collect(aiSdk(model).generateContentAsync(userRequest()))
    expect(response?.content?.parts).toEqual([
      {
        text: 'Need the weather.',
        thought: true,
        partMetadata: { aiSdkProviderMetadata: { anthropic: { signature: 'sig-1' } } },
      },
      { text: 'Checking.' },
      { functionCall: { id: 'call_a', name: 'get_weather', args: { city: 'Rome' } } },
      { functionCall: { id: 'call_b', name: 'now', args: {} } },
    ])
    expect(response?.finishReason).toBe(FinishReason.STOP)
  })

  it('reports a tool call whose input is not a JSON object, and an answer without content', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [
        generated([{ type: 'tool-call', toolCallId: 'c', toolName: 'f', input: '[1,2]' }]),
        generated([], { finishReason: finish('content-filter') }),
        generated([{ type: 'text', text: 'Rain in' }], { finishReason: finish('length') }),
      ],
    })
    const llm = aiSdk(model)
    const [malformed] = await collect(llm.generateContentAsync(userRequest()))
    const [filtered] = await collect(llm.generateContentAsync(userRequest()))
    const [cut] = await collect(llm.generateContentAsync(userRequest()))

    expect(malformed).toMatchObject({
      errorCode: FinishReason.MALFORMED_FUNCTION_CALL,
      errorMessage: 'The model called "f" with arguments that are not a JSON object: [1,2]',
    })
    expect(malformed?.content).toBeUndefined()
    expect(filtered).toMatchObject({
      errorCode: FinishReason.SAFETY,
      errorMessage: `The provider's content filter stopped the answer (provider reason "content-filter").`,
    })
    expect(cut).toMatchObject({ content: { parts: [{ text: 'Rain in' }] }, finishReason: FinishReason.MAX_TOKENS })
    expect(cut?.errorCode).toBeUndefined()
  })
})

describe('AiSdkLlm: history', () => {
  it('pairs tool calls and results by id, numbers calls without one, and sends thoughts and files back', async () => {
    const model = new MockLanguageModelV3({ doGenerate: generated([{ type: 'text', text: 'Done.' }]) })
    const request = userRequest('Weather in Rome and Oslo?')
    request.contents.push(
      {
        role: 'model',
        parts: [
          { text: 'Plan.', thought: true, partMetadata: { aiSdkProviderMetadata: { anthropic: { signature: 's' } } } },
          { functionCall: { id: 'call_x', name: 'get_weather', args: { city: 'Rome' } } },
          { functionCall: { name: 'get_weather', args: { city: 'Oslo' } } },
          { functionCall: { name: 'now', args: {} } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'get_weather', response: { forecast: 'snow' } } },
          { functionResponse: { id: 'call_x', name: 'get_weather', response: { forecast: 'sun' } } },
          { functionResponse: { name: 'now', response: { error: 'clock broken' } } },
        ],
      },
      { role: 'model', parts: [{ text: 'Sun in Rome, snow in Oslo.' }] },
      { role: 'user', parts: [{ text: 'And this?' }, { inlineData: { data: 'aGVsbG8=', mimeType: 'image/png' } }] },
    )
    await collect(aiSdk(model).generateContentAsync(request))

    expect(model.doGenerateCalls[0]?.prompt.slice(1)).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Rome and Oslo?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'Plan.', providerOptions: { anthropic: { signature: 's' } } },
          { type: 'tool-call', toolCallId: 'call_x', toolName: 'get_weather', input: { city: 'Rome' } },
          { type: 'tool-call', toolCallId: 'call_1_2', toolName: 'get_weather', input: { city: 'Oslo' } },
          { type: 'tool-call', toolCallId: 'call_1_3', toolName: 'now', input: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          // Without an id, a response answers the earliest call of its name that no response with an id claims.
          {
            type: 'tool-result',
            toolCallId: 'call_1_2',
            toolName: 'get_weather',
            output: { type: 'json', value: { forecast: 'snow' } },
          },
          {
            type: 'tool-result',
            toolCallId: 'call_x',
            toolName: 'get_weather',
            output: { type: 'json', value: { forecast: 'sun' } },
          },
          {
            type: 'tool-result',
            toolCallId: 'call_1_3',
            toolName: 'now',
            output: { type: 'json', value: { error: 'clock broken' } },
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Sun in Rome, snow in Oslo.' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'And this?' },
          { type: 'file', data: 'aGVsbG8=', mediaType: 'image/png' },
        ],
      },
    ])
  })

  it('ends a history that stops on a model turn with a user turn, without changing the request', async () => {
    const model = new MockLanguageModelV3({ doGenerate: generated([{ type: 'text', text: 'ok' }]) })
    const request = userRequest()
    request.contents.push({ role: 'model', parts: [{ text: 'Earlier answer.' }] })
    await collect(aiSdk(model).generateContentAsync(request))

    expect(request.contents).toHaveLength(2)
    expect(model.doGenerateCalls[0]?.prompt.at(-1)).toEqual({
      role: 'user',
      content: [
        {
          type: 'text',
          text: 'Continue processing previous requests as instructed. Exit or provide a summary if no more outputs are needed.',
        },
      ],
    })
  })
})
