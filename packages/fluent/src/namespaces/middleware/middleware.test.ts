import { describe, expect, it } from 'vitest'
import { CircuitOpenError, GuardViolationError, InMemoryRunner, ModelError, type LlmResponse } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent, G, M, Pipeline } from '../../index.js'
import type { LatencyRecord, LogRecord } from '@adk-fluent/core'

const unavailable = () => new ModelError('Model call failed with HTTP 503', { status: 503 })
const noSleep = async () => undefined

function usageReply(text: string, input: number, output: number): LlmResponse {
  return {
    content: { role: 'model', parts: [{ text }] },
    usageMetadata: { promptTokenCount: input, candidatesTokenCount: output, totalTokenCount: input + output },
  }
}

async function caught(run: Promise<unknown>): Promise<unknown> {
  try {
    await run
  } catch (error) {
    return error
  }
  return undefined
}

describe('M.retry', () => {
  it('retries retryable failures, maxAttempts counting every call', async () => {
    const model = new ScriptedLlm([unavailable(), unavailable(), 'third time'])
    const delays: number[] = []
    const retry = M.retry({ maxAttempts: 3, initialDelayMs: 100, sleep: async (ms) => void delays.push(ms) })
    const { output, usage } = await Agent('a').model(model).use(retry).ask('go', { withUsage: true })
    expect(output).toBe('third time')
    expect(model.requests).toHaveLength(3)
    expect(usage.modelCalls).toBe(3)
    // The model adapters' backoff: 100 ms then 200 ms, each with equal jitter (half to all of it).
    expect(delays).toHaveLength(2)
    expect(delays[0]).toBeGreaterThanOrEqual(50)
    expect(delays[0]).toBeLessThanOrEqual(100)
    expect(delays[1]).toBeGreaterThanOrEqual(100)
    expect(delays[1]).toBeLessThanOrEqual(200)
  })

  it('still accepts the deprecated attempts and backoffMs', async () => {
    const model = new ScriptedLlm([unavailable(), 'second time'])
    const retry = M.retry({ attempts: 2, backoffMs: 0, sleep: noSleep })
    expect(retry.options).toMatchObject({ maxAttempts: 2, initialDelayMs: 0 })
    expect(await Agent('a').model(model).use(retry).ask('go')).toBe('second time')
  })

  it('stops at attempts and leaves the last failure as the error event', async () => {
    const model = new ScriptedLlm([unavailable(), unavailable(), 'never reached'])
    const agent = Agent('a')
      .model(model)
      .use(M.retry({ maxAttempts: 2, sleep: noSleep }))
    const events = []
    for await (const event of agent.events('go')) events.push(event)
    expect(model.requests).toHaveLength(2)
    expect(events.at(-1)?.errorCode).toBe('503')
  })

  it('does not retry an error that is not retryable', async () => {
    const model = new ScriptedLlm([new ModelError('bad request', { status: 400 }), 'never'])
    const agent = Agent('a')
      .model(model)
      .use(M.retry({ maxAttempts: 5, sleep: noSleep }))
    for await (const _ of agent.events('go'));
    expect(model.requests).toHaveLength(1)
  })

  it('applies to every agent inside a pipeline and survives build()', async () => {
    const first = new ScriptedLlm([unavailable(), 'one'])
    const second = new ScriptedLlm([unavailable(), 'two'])
    const flow = Pipeline('flow')
      .then(Agent('a').model(first))
      .then(Agent('b').model(second))
      .use(M.retry({ maxAttempts: 2, sleep: noSleep }))
    const runner = new InMemoryRunner({ agent: flow.build() })
    expect(await flow.ask('go', { runner })).toBe('two')
    expect([first.requests.length, second.requests.length]).toEqual([2, 2])
  })

  it('wraps the model calls of an agent used as a tool, and a guard inside the tool ends the run with its code', async () => {
    const inner = new ScriptedLlm([unavailable(), 'inner answer'])
    const outer = new ScriptedLlm([
      { content: { role: 'model', parts: [{ functionCall: { name: 'helper', args: { request: 'hi' } } }] } },
      'done',
    ])
    const agent = Agent('boss')
      .model(outer)
      .agentTool(Agent('helper').describe('Helps.').model(inner))
      .use(M.retry({ maxAttempts: 2, sleep: noSleep }))
    expect(await agent.ask('go')).toBe('done')
    expect(inner.requests).toHaveLength(2)
    const guarded = Agent('boss')
      .model(
        new ScriptedLlm([
          { content: { role: 'model', parts: [{ functionCall: { name: 'helper', args: { request: 'hi' } } }] } },
        ]),
      )
      .agentTool(
        Agent('helper')
          .describe('Helps.')
          .model(new ScriptedLlm(['x'.repeat(20)]))
          .guard(G.length({ max: 5 })),
      )
    expect(GuardViolationError.isInstance(await caught(guarded.ask('go')))).toBe(true)
  })

  it('rejects impossible options', () => {
    expect(() => M.retry({ maxAttempts: 0 })).toThrow(/maxAttempts must be a whole number of at least 1/)
    expect(() => M.retry({ attempts: 0 })).toThrow(/attempts/)
    expect(() => Agent('a').use({} as never)).toThrow(/not middleware/)
  })
})

describe('M.circuitBreaker', () => {
  it('opens after consecutive failures, fails fast without calling the model, half-opens after resetMs', async () => {
    let now = 1_000
    const breaker = M.circuitBreaker({ failures: 2, resetMs: 5_000, now: () => now })
    const model = new ScriptedLlm([unavailable(), unavailable(), unavailable(), 'recovered', 'again'])
    const agent = Agent('a').model(model).use(breaker)
    for await (const _ of agent.events('1'));
    expect(breaker.state).toBe('closed')
    for await (const _ of agent.events('2'));
    expect(breaker.state).toBe('open')
    const error = await caught(agent.ask('3'))
    expect(CircuitOpenError.isInstance(error)).toBe(true)
    expect((error as CircuitOpenError).code).toBe('CIRCUIT_OPEN')
    expect(model.requests).toHaveLength(2)
    now += 4_999
    expect(CircuitOpenError.isInstance(await caught(agent.ask('4')))).toBe(true)
    now += 1
    expect(breaker.state).toBe('half-open')
    // The trial call fails: open again for another resetMs.
    for await (const _ of agent.events('5'));
    expect(model.requests).toHaveLength(3)
    expect(breaker.state).toBe('open')
    now += 5_000
    expect(await agent.ask('6')).toBe('recovered')
    expect(breaker.state).toBe('closed')
    expect(await agent.ask('7')).toBe('again')
  })

  it('passed to a Runner as a plugin, it keeps its code', async () => {
    const breaker = M.circuitBreaker({ failures: 1, resetMs: 60_000 })
    const agent = Agent('a').model(new ScriptedLlm([unavailable(), 'x']))
    const runner = new InMemoryRunner({ agent: agent.build(), plugins: [breaker] })
    for await (const _ of agent.events('1', { runner }));
    const error = await caught(agent.ask('2', { runner }))
    expect(CircuitOpenError.isInstance(error)).toBe(true)
  })
})

describe('M.cost, M.latency, M.log', () => {
  it('sums cost per run and per agent beside the token figures', async () => {
    const prices = { 'model-a': { input: 1, output: 2 }, 'model-b': { input: 10, output: 20 } }
    const flow = Pipeline('flow')
      .then(Agent('a').model(new ScriptedLlm([usageReply('one', 1_000, 500)], { model: 'model-a' })))
      .then(Agent('b').model(new ScriptedLlm([usageReply('two', 2_000, 1_000)], { model: 'model-b' })))
      .use(M.cost({ prices }))
    const { usage } = await flow.ask('go', { withUsage: true })
    // a: (1000*1 + 500*2)/1e6 = 0.002; b: (2000*10 + 1000*20)/1e6 = 0.04
    expect(usage.byAgent['a']?.cost).toBeCloseTo(0.002, 10)
    expect(usage.byAgent['b']?.cost).toBeCloseTo(0.04, 10)
    expect(usage.cost).toBeCloseTo(0.042, 10)
    expect(usage.inputTokens).toBe(3_000)
  })

  it('adds no cost field for a model without a price', async () => {
    const agent = Agent('a')
      .model(new ScriptedLlm([usageReply('x', 10, 10)]))
      .use(M.cost({ prices: {} }))
    const { usage } = await agent.ask('go', { withUsage: true })
    expect(usage.cost).toBeUndefined()
  })

  it('records one latency record per model call, failures included', async () => {
    let clock = 0
    const records: LatencyRecord[] = []
    const model = new ScriptedLlm([unavailable(), 'ok'], { model: 'm1' })
    const agent = Agent('a')
      .model(model)
      .use(M.latency({ sink: (record) => records.push(record), now: () => (clock += 5) }))
    for await (const _ of agent.events('1'));
    await agent.ask('2')
    expect(records.map(({ agent: name, model: used, ms, ok }) => ({ name, used, ms, ok }))).toEqual([
      { name: 'a', used: 'm1', ms: 5, ok: false },
      { name: 'a', used: 'm1', ms: 5, ok: true },
    ])
  })

  it('logs structured records without prompt text, secrets redacted', async () => {
    const records: LogRecord[] = []
    const failing = new ModelError(
      'HTTP 401 for https://x.test/v1?key=AIzaSyA1234567890123456789012345 Bearer abc.def',
      {
        status: 401,
      },
    )
    const agent = Agent('a')
      .model(new ScriptedLlm(['hello there', failing]))
      .use(M.log({ sink: (record) => records.push(record) }))
    await agent.ask('my secret prompt')
    for await (const _ of agent.events('again'));
    expect(records.map((record) => record.kind)).toEqual([
      'model-request',
      'model-response',
      'model-request',
      'model-error',
    ])
    const text = JSON.stringify(records)
    expect(text).not.toContain('my secret prompt')
    expect(text).not.toContain('AIzaSy')
    expect(text).not.toContain('abc.def')
    expect(records[1]?.textLength).toBe('hello there'.length)
  })
})
