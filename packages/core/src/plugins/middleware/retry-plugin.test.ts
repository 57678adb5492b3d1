import { describe, expect, it } from 'vitest'
import { SpanStatusCode } from '@opentelemetry/api'
import { LlmAgent } from '../../agents/llm-agent.js'
import { AdkFluentError } from '../../errors/adk-fluent-error.js'
import { ModelError } from '../../errors/runtime-errors.js'
import { startFakeModelServer } from '../../models/fake-model-server.test-helper.js'
import type { LlmResponse } from '../../models/llm-response.js'
import { OpenAICompatible } from '../../models/openai-compatible.js'
import { ScriptedLlm } from '../../testing/scripted-llm.js'
import { createHarness } from '../../testing/harness.test-helper.js'
import { recordSpans } from '../../telemetry/span-exporter.test-helper.js'
import type { Event } from '../../events/event.js'
import { BasePlugin } from '../base-plugin.js'
import { RetryPlugin, type RetryPluginOptions } from './retry-plugin.js'

const exporter = recordSpans()

const unavailable = (retryAfterMs?: number) =>
  new ModelError('Model call failed with HTTP 503', {
    status: 503,
    errorCode: '503',
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  })

/** A retry plugin whose waits are recorded and instant. */
function recorded(options: RetryPluginOptions = {}): { plugin: RetryPlugin; delays: number[] } {
  const delays: number[] = []
  return { plugin: new RetryPlugin({ ...options, sleep: async (ms) => void delays.push(ms) }), delays }
}

async function runWith(
  model: ScriptedLlm | OpenAICompatible,
  plugin: RetryPlugin,
  runConfig: object = {},
  abortSignal?: AbortSignal,
): Promise<Event[]> {
  const harness = await createHarness(new LlmAgent({ name: 'a', model, plugins: [plugin] }))
  return harness.run('go', { runConfig, ...(abortSignal ? { abortSignal } : {}) })
}

/** The error a run ends with (`undefined` if it ends well). */
const failureOf = (run: Promise<unknown>): Promise<unknown> =>
  run.then(
    () => undefined,
    (error: unknown) => error,
  )

describe('RetryPlugin goes through the model-call path', () => {
  it('traces every attempt as a chat span of its own, the failed ones with their error', async () => {
    const model = new ScriptedLlm([unavailable(), unavailable(), 'third time'], { model: 'm-1' })
    const { plugin } = recorded({ maxAttempts: 3 })
    const events = await runWith(model, plugin)
    expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('third time')
    const chats = exporter.getFinishedSpans().filter((span) => span.name === 'chat m-1')
    expect(chats.map((span) => span.status.code)).toEqual([SpanStatusCode.ERROR, SpanStatusCode.ERROR, 0])
    const agentSpan = exporter.getFinishedSpans().find((span) => span.name === 'invoke_agent a')
    for (const chat of chats) expect(chat.parentSpanContext?.spanId).toBe(agentSpan?.spanContext().spanId)
  })

  it('counts every attempt against usageLimits: a retry the limit refuses stops the run without calling', async () => {
    const model = new ScriptedLlm([unavailable(), unavailable(), 'never reached'])
    const { plugin, delays } = recorded({ maxAttempts: 5 })
    const events = await runWith(model, plugin, { usageLimits: { modelCalls: 2 } })
    expect(model.requests).toHaveLength(2)
    expect(delays).toHaveLength(1)
    expect(events.at(-1)?.errorCode).toBe('USAGE_LIMIT_EXCEEDED')
    expect(events.at(-1)?.errorMessage).toMatch(/usageLimits\.modelCalls is 2; the run stopped before model call 3/)
  })

  it('counts the tokens of a retried call and stops at a token limit it reached', async () => {
    const withUsage: LlmResponse = {
      content: { role: 'model', parts: [{ text: 'answer' }] },
      usageMetadata: { promptTokenCount: 40, candidatesTokenCount: 30, totalTokenCount: 70 },
    }
    const model = new ScriptedLlm([unavailable(), withUsage])
    const { plugin } = recorded({ maxAttempts: 3 })
    const events = await runWith(model, plugin, { usageLimits: { totalTokens: 50 } })
    expect(events.map((event) => event.errorCode ?? event.content?.parts?.[0]?.text)).toEqual([
      'answer',
      'USAGE_LIMIT_EXCEEDED',
    ])
  })

  it('is cancelled by the abort signal while it waits, even when sleep ignores the signal', async () => {
    const model = new ScriptedLlm([unavailable(), 'never reached'])
    const controller = new AbortController()
    let waiting!: () => void
    const started = new Promise<void>((resolve) => (waiting = resolve))
    const plugin = new RetryPlugin({
      maxAttempts: 3,
      sleep: () => {
        waiting()
        return new Promise<void>(() => undefined)
      },
    })
    const run = failureOf(runWith(model, plugin, {}, controller.signal))
    await started
    controller.abort()
    const outcome = await Promise.race([
      run,
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2000)),
    ])
    expect(AdkFluentError.isInstance(outcome) && outcome.code).toBe('ABORTED')
    expect(model.requests).toHaveLength(1)
  })

  it('races a retried call against the abort signal: a model that ignores it cannot hold the run', async () => {
    const controller = new AbortController()
    let calling!: () => void
    const secondCall = new Promise<void>((resolve) => (calling = resolve))
    const model = new ScriptedLlm([
      unavailable(),
      () => {
        calling()
        return new Promise<never>(() => undefined)
      },
    ])
    const { plugin } = recorded({ maxAttempts: 3 })
    const run = failureOf(runWith(model, plugin, {}, controller.signal))
    await secondCall
    controller.abort()
    const outcome = await Promise.race([
      run,
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2000)),
    ])
    expect(AdkFluentError.isInstance(outcome) && outcome.code).toBe('ABORTED')
  })

  it("waits what the server's Retry-After asks for, and does not retry when it asks for more than maxDelayMs", async () => {
    const honoured = recorded({ maxAttempts: 3 })
    await runWith(new ScriptedLlm([unavailable(2_500), 'ok']), honoured.plugin)
    expect(honoured.delays).toEqual([2_500])

    const tooLong = recorded({ maxAttempts: 3, maxDelayMs: 10_000 })
    const model = new ScriptedLlm([unavailable(30_000), 'never reached'])
    const events = await runWith(model, tooLong.plugin)
    expect(model.requests).toHaveLength(1)
    expect(tooLong.delays).toEqual([])
    expect(events.at(-1)?.errorCode).toBe('503')
  })

  it('backs off exponentially with jitter from initialDelayMs, each wait capped at maxDelayMs', async () => {
    const { plugin, delays } = recorded({ maxAttempts: 5, initialDelayMs: 1_000, maxDelayMs: 2_500 })
    const model = new ScriptedLlm([unavailable(), unavailable(), unavailable(), unavailable(), 'ok'])
    await runWith(model, plugin)
    expect(model.requests).toHaveLength(5)
    const caps = [1_000, 2_000, 2_500, 2_500]
    expect(delays).toHaveLength(4)
    delays.forEach((delay, index) => {
      expect(delay).toBeGreaterThanOrEqual((caps[index] as number) / 2)
      expect(delay).toBeLessThanOrEqual(caps[index] as number)
    })
  })

  it('reads Retry-After from a real HTTP answer through a model adapter that does not retry itself', async () => {
    const server = await startFakeModelServer()
    try {
      server.reply(
        { json: { error: { message: 'slow down' } }, status: 429, headers: { 'retry-after': '3' } },
        { json: { choices: [{ message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }] } },
      )
      const model = new OpenAICompatible({ model: 'm', baseUrl: server.baseUrl, retry: { maxAttempts: 1 } })
      const { plugin, delays } = recorded({ maxAttempts: 2 })
      const events = await runWith(model, plugin)
      expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('ok')
      expect(delays).toEqual([3_000])
      expect(server.requests).toHaveLength(2)
    } finally {
      await server.close()
    }
  })

  it('speaks RetryOptions: maxAttempts (attempts is its deprecated alias), and rejects impossible options', () => {
    expect(new RetryPlugin().options).toMatchObject({ maxAttempts: 4, initialDelayMs: 1_000, maxDelayMs: 60_000 })
    expect(new RetryPlugin({ attempts: 2, backoffMs: 10 }).options).toMatchObject({
      maxAttempts: 2,
      initialDelayMs: 10,
    })
    expect(() => new RetryPlugin({ maxAttempts: 0 })).toThrow(
      /RetryPlugin\.maxAttempts: maxAttempts must be a whole number/,
    )
    expect(() => new RetryPlugin({ maxAttempts: 2, attempts: 3 })).toThrow(/maxAttempts: 2 .* attempts: 3/)
    expect(() => new RetryPlugin({ initialDelayMs: -1 })).toThrow(/zero or more/)
  })
})

describe('RetryPlugin among other plugins', () => {
  it('plugins before it see every failed attempt, plugins after it only the failure it gives up on', async () => {
    const seen: string[] = []
    class Watcher extends BasePlugin {
      override onModelErrorCallback(): undefined {
        seen.push(this.name)
        return undefined
      }
    }
    const { plugin } = recorded({ maxAttempts: 3 })
    const model = new ScriptedLlm([unavailable(), unavailable(), unavailable()])
    const harness = await createHarness(
      new LlmAgent({ name: 'a', model, plugins: [new Watcher('before'), plugin, new Watcher('after')] }),
    )
    const events = await harness.run('go')
    expect(model.requests).toHaveLength(3)
    expect(seen).toEqual(['before', 'before', 'before', 'after'])
    expect(events.at(-1)?.errorCode).toBe('503')
  })

  it('a plugin before it that answers for a failure ends the call without a retry', async () => {
    class Fallback extends BasePlugin {
      override onModelErrorCallback(): LlmResponse {
        return { content: { role: 'model', parts: [{ text: 'from the plugin' }] } }
      }
    }
    const { plugin, delays } = recorded({ maxAttempts: 3 })
    const model = new ScriptedLlm([unavailable(), 'never reached'])
    const harness = await createHarness(new LlmAgent({ name: 'a', model, plugins: [new Fallback('fallback'), plugin] }))
    const events = await harness.run('go')
    expect(events.at(-1)?.content?.parts?.[0]?.text).toBe('from the plugin')
    expect(model.requests).toHaveLength(1)
    expect(delays).toEqual([])
  })
})
