import { InMemoryRunner, type Context, type LlmAgent, type LlmRequest } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent, G } from '@adk-fluent/fluent'
import type { BenchConfig } from '../bench-config.js'
import { measureOne, measurePair, scale, type Sampler } from '../measure.js'
import { formatNumber, type ResultRow } from '../report.js'

const TARGET_MS = 0.2

/** A 4 KB support-chat prompt: ordinary text with dates, amounts and order numbers, one email and one card number. */
function prompt4k(): string {
  const sentence =
    'On 2024-03-18 I ordered item 55213 for 129.90 EUR and it arrived late, so please check order 88-1203 and call me back. '
  let text = 'Hello, my email is ann.lee@example.com and my card is 4111 1111 1111 1111. '
  while (text.length < 4096) text += sentence
  return text.slice(0, 4096)
}

function request(text: string): LlmRequest {
  return { contents: [{ role: 'user', parts: [{ text }] }], config: {}, toolsDict: {} }
}

/**
 * O: the per-call cost of `G.pii()` (redact, every kind) on a 4 KB prompt — the built agent's compiled before-model
 * guard on a fresh request per call — and a whole single-agent turn with and without that guard.
 */
export async function runGuards(config: BenchConfig): Promise<ResultRow[]> {
  const text = prompt4k()
  const built = Agent('support').model(new ScriptedLlm([])).guard(G.pii()).build() as LlmAgent
  const guard = built.beforeModelCallback[0]
  if (!guard) throw new Error('O: the guard was not compiled into the agent')
  // The guard only uses the context as the key of its per-call notes (and for the agent name when it blocks).
  const context = { agentName: 'support' } as unknown as Context
  const check = request(text)
  await guard({ context, request: check })
  const sent = JSON.stringify(check.contents)
  if (sent.includes('ann.lee@example.com') || !sent.includes('[REDACTED:card]')) throw new Error('O: not redacted')
  const perCall: Sampler = async (ops) => {
    const requests = Array.from({ length: ops }, () => request(text))
    const start = performance.now()
    for (const each of requests) await guard({ context: {} as Context, request: each })
    return performance.now() - start
  }
  const guardStats = await measureOne(perCall, {
    ...config.buildPlan,
    minSampleMs: config.quick ? 1 : 20,
    maxOps: 100_000,
  })

  const turn = (guarded: boolean): Sampler => {
    const base = Agent('support').model(new ScriptedLlm(Array.from({ length: 100_000 }, () => 'Noted.')))
    const agent = (guarded ? base.guard(G.pii()) : base).build()
    const runner = new InMemoryRunner({ agent, appName: 'bench' })
    return async (ops) => {
      const ids: string[] = []
      for (let index = 0; index < ops; index++) {
        ids.push((await runner.sessionService.createSession({ appName: 'bench', userId: 'u' })).id)
      }
      const start = performance.now()
      for (const id of ids) {
        for await (const _ of runner.runAsync({
          userId: 'u',
          sessionId: id,
          newMessage: { role: 'user', parts: [{ text }] },
        }));
      }
      return performance.now() - start
    }
  }
  const turns = await measurePair(turn(true), turn(false), config.turnPlan)
  return [
    {
      scenario: 'O',
      name: 'G.pii() (redact, all kinds) on a 4 KB prompt with an email and a card, per model call',
      unit: 'µs',
      ours: scale(guardStats, 1000),
      target: { kind: 'absolute', max: TARGET_MS * 1000 },
      note: `the compiled before-model guard on a fresh request per call (target ≤ ${TARGET_MS * 1000} µs). A whole single-agent turn on that prompt (ScriptedLlm, in-memory session) takes ${formatNumber(turns.ours.median * 1000)} µs with the guard and ${formatNumber(turns.theirs.median * 1000)} µs without (paired ratio ${formatNumber(turns.ratio)}, measured in one run).`,
    },
  ]
}
