import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { LlmAgent } from '../agents/llm-agent.js'
import { ParallelAgent } from '../agents/parallel-agent.js'
import { SequentialAgent } from '../agents/sequential-agent.js'
import type { LlmResponse } from '../models/llm-response.js'
import { FunctionTool } from '../tools/function-tool.js'
import { AgentTool } from '../tools/agent-tool.js'
import { ScriptedLlm, call, text } from '../testing/scripted-llm.js'
import { createHarness } from '../testing/harness.test-helper.js'
import { RunUsage } from './run-usage.js'
import { USAGE_LIMIT_EXCEEDED } from './usage-limits.js'

const used = (response: LlmResponse, input: number, output: number): LlmResponse => ({
  ...response,
  usageMetadata: { promptTokenCount: input, candidatesTokenCount: output, totalTokenCount: input + output },
})

const echo = () =>
  new FunctionTool({
    name: 'echo',
    description: 'Echoes.',
    parameters: z.object({ x: z.number() }),
    execute: ({ x }) => ({ x }),
  })

describe('usage accounting', () => {
  it('counts model calls, tool calls and tokens per agent and in total; each model event carries its call usage', async () => {
    const usage = new RunUsage()
    const a = new LlmAgent({
      name: 'a',
      model: new ScriptedLlm([used(call('echo', { x: 1 }), 10, 2), used(text('A'), 15, 3)]),
      tools: [echo()],
    })
    const b = new LlmAgent({ name: 'b', model: new ScriptedLlm([used(text('B'), 7, 1)]) })
    const harness = await createHarness(new SequentialAgent({ name: 'root', subAgents: [a, b] }))
    const events = await harness.run('go', { runConfig: { usage } })
    expect(events.map((event) => event.usageMetadata?.totalTokenCount)).toEqual([12, undefined, 18, 8])
    expect(usage.toJSON()).toEqual({
      modelCalls: 3,
      toolCalls: 1,
      inputTokens: 32,
      outputTokens: 6,
      totalTokens: 38,
      byAgent: {
        a: { modelCalls: 2, toolCalls: 1, inputTokens: 25, outputTokens: 5, totalTokens: 30 },
        b: { modelCalls: 1, toolCalls: 0, inputTokens: 7, outputTokens: 1, totalTokens: 8 },
      },
    })
  })

  it("adds an agent tool's child run to the caller's usage", async () => {
    const usage = new RunUsage()
    const helper = new LlmAgent({ name: 'helper', model: new ScriptedLlm([used(text('done'), 4, 1)]) })
    const root = new LlmAgent({
      name: 'root',
      model: new ScriptedLlm([used(call('helper', { request: 'q' }), 10, 1), used(text('ok'), 20, 1)]),
      tools: [new AgentTool({ agent: helper })],
    })
    await (await createHarness(root)).run('go', { runConfig: { usage } })
    expect([usage.modelCalls, usage.toolCalls, usage.totalTokens, Object.keys(usage.byAgent)]).toEqual([
      3,
      1,
      37,
      ['root', 'helper'],
    ])
  })
})

describe('usage limits', () => {
  it('refuses the model call that would cross modelCalls, with an error event naming the limit; no later agent runs', async () => {
    const modelB = new ScriptedLlm(['B'])
    const a = new LlmAgent({ name: 'a', model: new ScriptedLlm([call('echo', { x: 1 }), 'A']), tools: [echo()] })
    const b = new LlmAgent({ name: 'b', model: modelB })
    const harness = await createHarness(new SequentialAgent({ name: 'root', subAgents: [a, b] }))
    const events = await harness.run('go', { runConfig: { usageLimits: { modelCalls: 1 } } })
    const last = events.at(-1)
    expect(events.map((event) => event.author)).toEqual(['a', 'a', 'a'])
    expect([last?.errorCode, last?.errorMessage]).toEqual([
      USAGE_LIMIT_EXCEEDED,
      'Usage limit reached: usageLimits.modelCalls is 1; the run stopped before model call 2. The run stopped; raise runConfig.usageLimits.modelCalls to allow more.',
    ])
    expect(modelB.requests).toHaveLength(0)
    expect((await harness.session()).events.at(-1)?.errorCode).toBe(USAGE_LIMIT_EXCEEDED)
  })

  it('refuses tool calls that would cross toolCalls before running any of them', async () => {
    let runs = 0
    const tool = new FunctionTool({ name: 't', description: 'T.', parameters: z.object({}), execute: () => ++runs })
    const agent = new LlmAgent({
      name: 'a',
      model: new ScriptedLlm([
        call('t'),
        call([
          ['t', {}],
          ['t', {}],
        ]),
      ]),
      tools: [tool],
    })
    const events = await (await createHarness(agent)).run('go', { runConfig: { usageLimits: { toolCalls: 2 } } })
    expect(runs).toBe(1)
    expect(events.at(-1)?.errorMessage).toMatch(
      /^Usage limit reached: usageLimits\.toolCalls is 2; running the requested tool calls would make 3\./,
    )
  })

  it('stops after a response that went over a token limit (its tool calls are not run), and before a call once it is reached', async () => {
    let runs = 0
    const tool = new FunctionTool({ name: 't', description: 'T.', parameters: z.object({}), execute: () => ++runs })
    const over = new LlmAgent({ name: 'a', model: new ScriptedLlm([used(call('t'), 90, 20)]), tools: [tool] })
    const events = await (await createHarness(over)).run('go', { runConfig: { usageLimits: { totalTokens: 100 } } })
    expect(runs).toBe(0)
    expect(events.map((event) => event.errorCode ?? 'call')).toEqual(['call', USAGE_LIMIT_EXCEEDED])
    expect(events[1]?.errorMessage).toContain('usageLimits.totalTokens is 100 and the run has used 110 total tokens')

    const usage = new RunUsage()
    const first = new LlmAgent({ name: 'first', model: new ScriptedLlm([used(text('one'), 40, 10)]) })
    await (await createHarness(first)).run('go', { runConfig: { usage } })
    const second = new ScriptedLlm(['two'])
    const next = await (
      await createHarness(new LlmAgent({ name: 'second', model: second }))
    ).run('go', {
      runConfig: { usage, usageLimits: { outputTokens: 10 } },
    })
    expect([second.requests.length, next.at(-1)?.errorMessage]).toEqual([
      0,
      'Usage limit reached: usageLimits.outputTokens is 10 and the run has used 10 output tokens. The run stopped; raise runConfig.usageLimits.outputTokens to allow more.',
    ])
  })

  it('stops every parallel branch once one branch hits a limit', async () => {
    const slow = new ScriptedLlm(['x', 'y'], { delayMs: 20 })
    const tool = new FunctionTool({ name: 't', description: 'T.', parameters: z.object({}), execute: () => 'ok' })
    const a = new LlmAgent({ name: 'a', model: new ScriptedLlm([used(call('t'), 5, 200)]), tools: [tool] })
    const b = new LlmAgent({ name: 'b', model: slow })
    const events = await (
      await createHarness(new ParallelAgent({ name: 'fan', subAgents: [a, b] }))
    ).run('go', {
      runConfig: { usageLimits: { outputTokens: 100 } },
    })
    expect(events.filter((event) => event.errorCode === USAGE_LIMIT_EXCEEDED).map((event) => event.author)).toEqual([
      'a',
    ])
    expect(slow.requests.length).toBeLessThanOrEqual(1)
  })
})
