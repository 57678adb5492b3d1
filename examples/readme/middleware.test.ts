// docs/middleware.md: the samples (type-checked) and the promises the page makes about them (run).
import { describe, expect, it } from 'vitest'
import {
  CircuitOpenError,
  InMemoryRunner,
  ModelError,
  type LatencyRecord,
  type LlmResponse,
  type LogRecord,
} from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent, M, Pipeline } from '@adk-fluent/fluent'

const busy = () => new ModelError('Model call failed with HTTP 503', { status: 503 })
const reply = (text: string, input: number, output: number): LlmResponse => ({
  content: { role: 'model', parts: [{ text }] },
  usageMetadata: { promptTokenCount: input, candidatesTokenCount: output, totalTokenCount: input + output },
})

async function failure(run: Promise<unknown>): Promise<unknown> {
  return run.then(
    () => undefined,
    (error: unknown) => error,
  )
}

describe('docs/middleware.md', () => {
  it('.use() wraps every model call of every agent inside: retry, log, cost', async () => {
    const model = new ScriptedLlm(
      [busy(), reply('Bees dance.', 1_000, 200), reply('Bees talk by dancing.', 2_000, 400)],
      {
        model: 'gemini-2.5-flash',
      },
    )
    // #region use
    const records: LogRecord[] = []
    const flow = Agent('researcher', model)
      .instruct('List facts about bees.')
      .writes('facts')
      .then(Agent('writer', model).instruct('Write a paragraph from {facts}.'))
      .use(
        M.log({ sink: (record) => records.push(record) }), // before retry: it sees the failures retry recovers
        M.retry({ maxAttempts: 3, initialDelayMs: 200 }), // 503 → wait 100–200 ms → call again (then 200–400 ms)
        M.cost({ prices: { 'gemini-2.5-flash': { input: 0.3, output: 2.5 } } }), // per million tokens
      )
    const { output, usage } = await flow.ask('bees', { withUsage: true })
    // usage.cost is the run's cost (0.0024 here), usage.byAgent.writer.cost the writer's (0.0016)
    // #endregion use
    expect(output).toBe('Bees talk by dancing.')
    expect(model.requests).toHaveLength(3)
    expect(usage.modelCalls).toBe(3)
    expect(usage.cost).toBeCloseTo(0.0024, 10)
    expect(usage.byAgent['writer']?.cost).toBeCloseTo(0.0016, 10)
    expect(records.map((record) => [record.kind, record.agent])).toEqual([
      ['model-request', 'researcher'],
      ['model-error', 'researcher'],
      ['model-response', 'researcher'],
      ['model-request', 'writer'],
      ['model-response', 'writer'],
    ])
    expect(JSON.stringify(records)).not.toContain('Bees')
  })

  it('a circuit breaker fails calls fast once open; a Runner takes middleware as plugins', async () => {
    const model = new ScriptedLlm([busy(), busy(), 'never asked'])
    const agent = Agent('assistant', model)
    // #region runner
    const latencies: LatencyRecord[] = []
    const runner = new InMemoryRunner({
      agent: agent.build(),
      plugins: [
        M.circuitBreaker({ failures: 2, resetMs: 30_000 }), // open after 2 failures in a row, for 30 s
        M.latency({ sink: (record) => latencies.push(record) }), // { kind: 'model-latency', agent, model, ms, ok }
      ],
    })
    // #endregion runner
    for (const message of ['one', 'two']) await failure(agent.ask(message, { runner }))
    const open = await failure(agent.ask('three', { runner }))
    expect(CircuitOpenError.isInstance(open) && open.code).toBe('CIRCUIT_OPEN')
    expect(model.requests).toHaveLength(2)
    expect(latencies.map((record) => [record.agent, record.ok])).toEqual([
      ['assistant', false],
      ['assistant', false],
    ])
  })

  it("order: the runner's plugins, then the outer .use(), then the inner; one plugin of each name per agent", async () => {
    const seen: string[] = []
    const record = (who: string) => (entry: LogRecord | LatencyRecord) => seen.push(`${who} ${entry.kind}`)
    const agent = Agent('a', new ScriptedLlm(['x'])).use(M.log({ sink: record('inner log') }))
    const flow = Pipeline('p')
      .step(agent)
      .use(M.log({ sink: record('outer log') }), M.latency({ sink: record('outer latency') }))
    const runner = new InMemoryRunner({ agent: flow.build(), plugins: [M.latency({ sink: record('runner latency') })] })
    await flow.ask('go', { runner })
    expect(seen).toEqual(['outer log model-request', 'runner latency model-latency', 'outer log model-response'])
  })
})
