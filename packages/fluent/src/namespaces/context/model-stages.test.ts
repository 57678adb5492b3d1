import { describe, expect, it } from 'vitest'
import { BaseLlm, ConfigError, LLMRegistry, ModelError, type LlmRequest, type LlmResponse } from '@adk-fluent/core'
import * as C from './index.js'
import { compileContext, describeContext, contextStateKeys } from './compile-context.js'
import { createTestContext, type TestTurn } from '../shared/test-context.js'

/** A model that answers each request with `reply(request)` and records the requests. */
class RecordingLlm extends BaseLlm {
  readonly requests: LlmRequest[] = []
  readonly #reply: (request: LlmRequest) => LlmResponse

  constructor(reply: (request: LlmRequest) => string | LlmResponse) {
    super({ model: 'recording' })
    this.#reply = (request) => {
      const answer = reply(request)
      return typeof answer === 'string' ? { content: { role: 'model', parts: [{ text: answer }] } } : answer
    }
  }

  async *generateContentAsync(request: LlmRequest): AsyncGenerator<LlmResponse, void, undefined> {
    this.requests.push(request)
    yield { partial: true, content: { role: 'model', parts: [{ text: 'ignored partial' }] } }
    yield this.#reply(request)
  }
}

const turns: TestTurn[] = [
  ['user', 'Plan a trip to Tokyo.'],
  ['planner', 'Budget?'],
  ['user', 'About 2000 EUR.'],
  ['planner', 'Hotels are 150 EUR a night.'],
  ['user', 'Any food tips?'],
]

function userText(request: LlmRequest | undefined): string {
  return request?.contents[0]?.parts?.[0]?.text ?? ''
}

describe('C.summarize', () => {
  it('sends the kept history to the model and renders one [summary] line', async () => {
    const model = new RecordingLlm(() => 'The user plans a Tokyo trip on 2000 EUR.')
    const compiled = compileContext(C.window(2).pipe(C.summarize({ model, prompt: 'Summarize briefly.' })))
    const { readonlyContext } = await createTestContext({ turns })
    expect(compiled.includeContents).toBe('isolated')
    expect(await compiled.provider?.(readonlyContext)).toBe('[summary]: The user plans a Tokyo trip on 2000 EUR.')
    expect(model.requests).toHaveLength(1)
    expect(model.requests[0]?.config.systemInstruction).toBe('Summarize briefly.')
    expect(userText(model.requests[0])).toBe(
      '[user]: About 2000 EUR.\n[planner]: Hotels are 150 EUR a night.\n[user]: Any food tips?',
    )
  })

  it('does not call the model again for the same history, nor for an empty one', async () => {
    const model = new RecordingLlm(() => 'S.')
    const compiled = compileContext(C.summarize({ model }))
    const { readonlyContext } = await createTestContext({ turns })
    await compiled.provider?.(readonlyContext)
    await compiled.provider?.(readonlyContext)
    expect(model.requests).toHaveLength(1)
    const empty = await createTestContext()
    expect(await compiled.provider?.(empty.readonlyContext)).toBe('')
    expect(model.requests).toHaveLength(1)
  })

  it('turns a model error response into a ModelError, and accepts registered model names', async () => {
    const failing = new RecordingLlm(() => ({ errorCode: 'SAFETY', errorMessage: 'blocked' }))
    const { readonlyContext } = await createTestContext({ turns })
    await expect(compileContext(C.summarize({ model: failing })).provider?.(readonlyContext)).rejects.toSatisfy(
      (error: unknown) =>
        ModelError.isInstance(error) &&
        (error as Error).message.includes('C.summarize()') &&
        (error as Error).message.includes('SAFETY'),
    )
    const named = new RecordingLlm(() => 'From the registry.')
    LLMRegistry.register(/^ctx-test-model$/, () => named)
    expect(await compileContext(C.summarize({ model: 'ctx-test-model' })).provider?.(readonlyContext)).toBe(
      '[summary]: From the registry.',
    )
  })
})

describe('C.relevant', () => {
  it('keeps the events the model picks, in their original order', async () => {
    const model = new RecordingLlm(() => '4, 2, 99, 2')
    const compiled = compileContext(C.relevant({ model, queryKey: 'question', topK: 2 }))
    const { readonlyContext } = await createTestContext({ turns, state: { question: 'How much money?' } })
    expect(await compiled.provider?.(readonlyContext)).toBe(
      '[planner]: Budget?\n[planner]: Hotels are 150 EUR a night.',
    )
    expect(userText(model.requests[0])).toBe(
      'Query: How much money?\n\nMessages:\n1. [user]: Plan a trip to Tokyo.\n2. [planner]: Budget?\n3. [user]: About 2000 EUR.\n4. [planner]: Hotels are 150 EUR a night.\n5. [user]: Any food tips?',
    )
  })

  it('asks again when the query changes, and not at all without a query or with few events', async () => {
    const model = new RecordingLlm(() => '1')
    const compiled = compileContext(C.relevant({ model, queryKey: 'question', topK: 1 }))
    const first = await createTestContext({ turns, state: { question: 'a' } })
    const second = await createTestContext({ turns, state: { question: 'b' } })
    await compiled.provider?.(first.readonlyContext)
    await compiled.provider?.(second.readonlyContext)
    expect(model.requests).toHaveLength(2)
    const noQuery = await createTestContext({ turns })
    expect(await compiled.provider?.(noQuery.readonlyContext)).toBe('[user]: Any food tips?')
    const literal = compileContext(C.relevant({ model, query: 'x', topK: 5 }))
    expect((await literal.provider?.(noQuery.readonlyContext))?.split('\n')).toHaveLength(5)
    expect(model.requests).toHaveLength(2)
  })

  it('describes itself and reports its query key', () => {
    const model = new RecordingLlm(() => '')
    const spec = C.relevant({ model, queryKey: 'question' })
    expect(describeContext(spec)).toBe(
      "C.relevant({ model: 'recording', queryKey: 'question', topK: 5 }) — 5 most relevant events, picked by recording",
    )
    expect(contextStateKeys(spec)).toEqual(['question'])
  })
})

describe('model-powered policies: bad input', () => {
  it('takes a model or none, and exactly one query source', () => {
    const model = new RecordingLlm(() => '')
    const cases: [() => unknown, string][] = [
      [() => C.summarize({ model: {} as BaseLlm }), 'C.summarize().model: expected a model'],
      [() => C.summarize({ model, prompt: '' }), 'C.summarize().prompt: must be'],
      [() => C.relevant({ model } as never), 'exactly one of queryKey'],
      [() => C.relevant({ model, queryKey: 'q', query: 'x' } as never), 'exactly one of queryKey'],
      [() => C.relevant({ model, queryKey: 'bad key' }), 'not a valid state key'],
      [() => C.relevant({ model, query: 'x', topK: 0 }), 'topK'],
    ]
    for (const [run, fragment] of cases) {
      expect(run).toThrow(fragment)
      try {
        run()
      } catch (error) {
        expect(ConfigError.isConfigError(error)).toBe(true)
      }
    }
  })
})
