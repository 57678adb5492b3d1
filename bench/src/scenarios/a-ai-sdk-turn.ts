import * as core from '@adk-fluent/core'
import { aiSdk } from '@adk-fluent/ai-sdk'
import type { LanguageModelV3GenerateResult } from '@ai-sdk/provider'
import { MockLanguageModelV3 } from 'ai/test'
import type { BenchConfig } from '../bench-config.js'
import { ours } from '../kit.js'
import { measurePair, scale } from '../measure.js'
import type { ResultRow } from '../report.js'
import { constantText, wire } from '../scripted-model.js'

const REPLY = 'Hello! How can I help you today?'
const INSTRUCTION = 'You are a helpful assistant. Answer briefly.'

/** A fresh AI SDK answer per call, as a provider would parse it from the wire. */
function generated(): LanguageModelV3GenerateResult {
  return {
    content: [{ type: 'text', text: wire(REPLY) }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: {
      inputTokens: { total: 20, noCache: 20, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 9, text: 9, reasoning: undefined },
    },
    response: { modelId: 'mock-model' },
    warnings: [],
  }
}

/**
 * The timed part of scenario A for one agent: `ops` batches of `batch` turns, each turn on a fresh session (created
 * and deleted untimed). Both sides run batches of the same size, so neither carries more sessions in its heap.
 */
function turnSampler(agent: core.BaseAgent, batch: number, afterSample: () => void) {
  const harness = ours.harness(agent)
  return {
    harness,
    async sampler(ops: number): Promise<number> {
      const ids: string[] = []
      for (let index = 0; index < ops * batch; index++) ids.push(await harness.createSession())
      const start = performance.now()
      for (const id of ids) await harness.turn(id, 'Hi there!')
      const elapsed = performance.now() - start
      for (const id of ids) await harness.deleteSession(id)
      afterSample()
      return elapsed
    },
  }
}

/**
 * A (AI SDK): scenario A's single-agent turn with the model behind `@adk-fluent/ai-sdk` (`aiSdk()` over `ai/test`'s
 * `MockLanguageModelV3`) against the same turn on the bench's scripted `BaseLlm`, paired in one run: the ratio is
 * what the adapter (request → AI SDK call options, answer → `LlmResponse`) adds to a whole turn.
 */
export async function runAiSdkTurn(config: BenchConfig): Promise<ResultRow[]> {
  const batch = config.quick ? 5 : 200
  const mock = new MockLanguageModelV3({ modelId: 'mock-model', doGenerate: async () => generated() })
  const viaAiSdk = turnSampler(
    new core.LlmAgent({ name: 'assistant', model: aiSdk(mock), instruction: INSTRUCTION }),
    batch,
    // The mock records every call's options; forget them between samples so they do not pile up in the heap.
    () => void (mock.doGenerateCalls.length = 0),
  )
  const scripted = ours.model(constantText(REPLY))
  const direct = turnSampler(
    new core.LlmAgent({ name: 'assistant', model: scripted.model, instruction: INSTRUCTION }),
    batch,
    () => undefined,
  )
  for (const side of [viaAiSdk, direct]) {
    const id = await side.harness.createSession()
    if ((await side.harness.turn(id, 'Hi there!')) !== 1 || (await side.harness.eventCount(id)) !== 2)
      throw new Error('A (AI SDK): expected 1 event and 2 stored')
  }
  const lastPrompt = mock.doGenerateCalls.at(-1)?.prompt
  if (lastPrompt?.[0]?.role !== 'system' || lastPrompt.at(-1)?.role !== 'user')
    throw new Error('A (AI SDK): the mock model did not receive the system instruction and the user message')
  // One batch per sample on both sides (no per-side calibration of the batch size).
  const { minSampleMs: _calibration, ...plan } = config.turnPlan
  const result = await measurePair(viaAiSdk.sampler, direct.sampler, plan)
  return [
    {
      scenario: 'A',
      name: 'single-agent turn, model via @adk-fluent/ai-sdk (MockLanguageModelV3) vs our scripted BaseLlm',
      unit: 'µs',
      ours: scale(result.ours, 1000 / batch),
      theirs: scale(result.theirs, 1000 / batch),
      ratio: result.ratio,
      target: { kind: 'ratio', max: 2 },
      note: 'A (AI SDK): both columns are ours; the second is the same turn on the scripted BaseLlm of row A (not @google/adk). The ratio is the adapter cost per turn, measured in pairs (batches of 200 turns on each side) in one run.',
    },
  ]
}
