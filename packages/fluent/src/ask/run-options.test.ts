import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { AbortError, RunUsage, UsageLimitError, type UsageReport } from '@adk-fluent/core'
import { ScriptedLlm, call, text } from '@adk-fluent/core/testing'
import { Agent, FanOut, Pipeline } from '../builders/workflow-factories.js'
import type { StreamChunk } from './stream-chunk.js'

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const result: T[] = []
  for await (const item of items) result.push(item)
  return result
}

const used = (reply: string, input: number, output: number) => ({
  ...text(reply),
  usageMetadata: { promptTokenCount: input, candidatesTokenCount: output, totalTokenCount: input + output },
})

describe('.ask() usage and limits', () => {
  it('{ withUsage: true } returns the answer with the usage per agent and in total', async () => {
    const flow = Agent('a')
      .mock([used('A', 10, 2)])
      .then(
        Agent('b')
          .mock([used('{"n":1}', 5, 1)])
          .returns(z.object({ n: z.number() })),
      )
    const result = await flow.ask('go', { withUsage: true })
    // The pipeline's answer is its last agent's: the parsed .returns() object, in the type too.
    expectTypeOf(result).toEqualTypeOf<{ readonly output: { n: number }; readonly usage: UsageReport }>()
    expect(result).toEqual({
      output: { n: 1 },
      usage: {
        modelCalls: 2,
        toolCalls: 0,
        inputTokens: 15,
        outputTokens: 3,
        totalTokens: 18,
        byAgent: {
          a: { modelCalls: 1, toolCalls: 0, inputTokens: 10, outputTokens: 2, totalTokens: 12 },
          b: { modelCalls: 1, toolCalls: 0, inputTokens: 5, outputTokens: 1, totalTokens: 6 },
        },
      },
    })
    const parsed = await Agent('b')
      .mock([used('{"n":2}', 1, 1)])
      .returns(z.object({ n: z.number() }))
      .ask('go', { withUsage: true })
    expectTypeOf(parsed.output).toEqualTypeOf<{ n: number }>()
    expect(parsed.output).toEqual({ n: 2 })
    const plain = () => Agent('x').ask('go', { state: {} })
    expectTypeOf(plain).returns.toEqualTypeOf<Promise<string>>()
  })

  it('a usage limit ends .ask() with a UsageLimitError naming the limit; usage adds up across runs', async () => {
    const usage = new RunUsage()
    const agent = Agent('a').mock([used('one', 50, 50), used('two', 50, 50)])
    expect(await agent.ask('first', { usage })).toBe('one')
    const error = await agent
      .ask('second', { usage, usageLimits: { totalTokens: 100 } })
      .catch((caught: unknown) => caught)
    expect(UsageLimitError.isInstance(error) && [(error as UsageLimitError).limit, error.agentName]).toEqual([
      'totalTokens',
      'a',
    ])
    expect((error as Error).message).toMatch(/^Usage limit reached: usageLimits\.totalTokens is 100/)
    const calls = Agent('t')
      .tool(function ping() {
        return 'pong'
      })
      .mock([call('ping'), call('ping'), 'done'])
    await expect(calls.ask('go', { usageLimits: { toolCalls: 1 } })).rejects.toThrow(/usageLimits\.toolCalls is 1/)
  })
})

describe('cancellation', () => {
  it('abortSignal cancels .ask(), .stream() and .events() with an AbortError', async () => {
    const slow = () => Agent('slow').model(new ScriptedLlm(['late'], { delayMs: 60_000 }))
    const controller = new AbortController()
    const pending = slow().ask('go', { abortSignal: controller.signal })
    setTimeout(() => controller.abort(), 20)
    const error = await pending.catch((caught: unknown) => caught)
    expect(AbortError.isInstance(error)).toBe(true)
    const aborted = AbortSignal.abort()
    await expect(collect(slow().stream('go', { abortSignal: aborted }))).rejects.toThrow('The run was aborted.')
    await expect(collect(slow().events('go', { abortSignal: aborted }))).rejects.toThrow('The run was aborted.')
  })

  it('timeoutMs cancels a run that takes too long, with an error saying so; a fast run is unaffected', async () => {
    const error = await Agent('slow')
      .model(new ScriptedLlm(['late'], { delayMs: 60_000 }))
      .ask('go', { timeoutMs: 30 })
      .catch((caught: unknown) => caught)
    expect(AbortError.isInstance(error) && error.message).toBe(
      'The run was cancelled after its timeout of 30 ms (timeoutMs).',
    )
    expect(await Agent('fast').mock(['quick']).ask('go', { timeoutMs: 60_000 })).toBe('quick')
  })
})

describe('one model for a whole tree', () => {
  it('{ model } runs every agent that names none on that model; agents with their own keep it', async () => {
    const shared = new ScriptedLlm({ writer: ['draft'], editor: ['final'] })
    const flow = Agent('writer')
      .then(Agent('checker').mock(['checked']))
      .then(Agent('editor'))
    expect(await collect(flow.streamText('go', { model: shared }))).toEqual(['draft', 'checked', 'final'])
    expect(shared.requests).toHaveLength(2)
  })
})

describe('.stream()', () => {
  it('tags each chunk with its author and branch, so parallel agents can be told apart', async () => {
    const fan = FanOut('research')
      .branch(Agent('bees').mock(['Bees buzz']))
      .branch(Agent('ants').mock(['Ants march']))
    const chunks = await collect(
      Pipeline('p')
        .step(fan)
        .step(Agent('summary').mock(['All done']))
        .stream('go'),
    )
    expectTypeOf(chunks).toEqualTypeOf<StreamChunk[]>()
    const byAuthor = (author: string) => chunks.filter((chunk) => chunk.author === author)
    expect(byAuthor('bees').map((chunk) => [chunk.text, chunk.branch])).toEqual([
      ['Bees ', 'research.bees'],
      ['buzz', 'research.bees'],
    ])
    expect(
      byAuthor('ants')
        .map((chunk) => chunk.text)
        .join(''),
    ).toBe('Ants march')
    expect(byAuthor('summary')).toEqual([
      { text: 'All ', author: 'summary', partial: true },
      { text: 'done', author: 'summary', partial: true },
    ])
  })
})
