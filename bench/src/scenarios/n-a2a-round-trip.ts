import { RemoteAgent, serveA2a } from '@adk-fluent/a2a'
import { BaseLlm, InMemoryRunner, LlmAgent, type BaseAgent, type LlmRequest, type LlmResponse } from '@adk-fluent/core'
import type { BenchConfig } from '../bench-config.js'
import { measurePair, type Sampler } from '../measure.js'
import { formatNumber, type ResultRow } from '../report.js'

/** A zero-latency model that always answers the same text. */
class ConstantLlm extends BaseLlm {
  constructor() {
    super({ model: 'constant' })
  }
  async *generateContentAsync(_request: LlmRequest): AsyncGenerator<LlmResponse, void, undefined> {
    yield { content: { role: 'model', parts: [{ text: 'Hello! How can I help you today?' }] } }
  }
}

function assistant(): LlmAgent {
  return new LlmAgent({
    name: 'assistant',
    model: new ConstantLlm(),
    instruction: 'You are a helpful assistant. Answer briefly.',
  })
}

/** One turn per operation, each on a fresh session of `agent` (session creation not timed). */
function turnSampler(agent: BaseAgent, expectText: string): Sampler {
  const runner = new InMemoryRunner({ agent, appName: 'bench' })
  return async (ops) => {
    const ids: string[] = []
    for (let index = 0; index < ops; index++)
      ids.push((await runner.sessionService.createSession({ appName: 'bench', userId: 'u' })).id)
    const start = performance.now()
    for (const sessionId of ids) {
      let text = ''
      for await (const event of runner.runAsync({
        userId: 'u',
        sessionId,
        newMessage: { role: 'user', parts: [{ text: 'Hi there!' }] },
      }))
        text = event.content?.parts?.[0]?.text ?? text
      if (text !== expectText) throw new Error(`L: expected "${expectText}", got "${text}"`)
    }
    return performance.now() - start
  }
}

/**
 * N: the overhead of a local A2A round trip. A `RemoteAgent` calls A's single agent served by `serveA2a` on
 * 127.0.0.1 (both in this process, zero-latency model): card resolution happens once, then per call the JSON-RPC
 * request, the server's task bookkeeping, the served agent's turn on its own session, and the answer event. Measured
 * against the same agent's turn in-process (scenario A's anchor), blocking (`message/send`) and streaming
 * (`message/stream`, SSE).
 */
export async function runA2aRoundTrip(config: BenchConfig): Promise<ResultRow[]> {
  const server = await serveA2a(assistant(), { port: 0 })
  try {
    const rows: ResultRow[] = []
    for (const streaming of [false, true]) {
      const remote = RemoteAgent('assistant', server.url).streaming(streaming).build()
      const expected = 'Hello! How can I help you today?'
      const result = await measurePair(
        turnSampler(remote, expected),
        turnSampler(assistant(), expected),
        config.turnPlan,
      )
      const overhead = result.ours.median - result.theirs.median
      rows.push({
        scenario: 'N',
        name: `A2A round trip (RemoteAgent → serveA2a, ${streaming ? 'message/stream' : 'message/send'}), per call`,
        unit: 'ms',
        ours: result.ours,
        note: `the served agent's turn in-process takes ${formatNumber(result.theirs.median)} ms; A2A adds ${formatNumber(overhead)} ms per call (× ${formatNumber(result.ratio)}). The @google/adk column is empty: measured against our own in-process turn.`,
      })
    }
    return rows
  } finally {
    await server.close()
  }
}
