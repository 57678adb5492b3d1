import { describe, expect, it } from 'vitest'
import { BaseLlm, type BaseAgent, type Context, type LlmRequest, type LlmResponse } from '@adk-fluent/core'
import { text } from '@adk-fluent/core/testing'
import { Agent } from '../builders/workflow-factories.js'

/** Answers every call with the same text; unlike a ScriptedLlm it has no script to use up. */
class EchoLlm extends BaseLlm {
  constructor() {
    super({ model: 'echo' })
  }
  override async *generateContentAsync(_request: LlmRequest): AsyncGenerator<LlmResponse, void> {
    yield { content: { role: 'model', parts: [{ text: 'done' }] } }
  }
}

/** Records the core agent each run executes. */
function recorder(): { seen: BaseAgent[]; callback: (context: Context) => undefined } {
  const seen: BaseAgent[] = []
  return {
    seen,
    callback: (context) => {
      seen.push((context as unknown as { invocationContext: { agent: BaseAgent } }).invocationContext.agent)
      return undefined
    },
  }
}

describe('runs reuse the built tree of a builder', () => {
  it('.ask(), .events() and .stream() of one builder run the same tree; build() still returns a fresh one', async () => {
    const { seen, callback } = recorder()
    const flow = Agent('a').model(new EchoLlm()).beforeAgent(callback).then(Agent('b').model(new EchoLlm()))
    expect(await flow.ask('one')).toBe('done')
    for await (const _ of flow.events('two'));
    for await (const _ of flow.stream('three'));
    expect(seen).toHaveLength(3)
    expect(seen[1]).toBe(seen[0])
    expect(seen[2]).toBe(seen[0])
    expect(flow.build()).not.toBe(flow.build())
  })

  it('a derived builder runs its own tree (builders are immutable, so the cache never goes stale)', async () => {
    const { seen, callback } = recorder()
    const base = Agent('a').model(new EchoLlm()).beforeAgent(callback)
    const derived = base.instruct('Be brief.')
    await base.ask('one')
    await derived.ask('two')
    await base.ask('three')
    expect(seen[1]).not.toBe(seen[0])
    expect(seen[2]).toBe(seen[0])
  })

  it('a .mock() tree is built per run, so every run replays its script from the start', async () => {
    const agent = Agent('a').mock([text('scripted')])
    expect(await agent.ask('one')).toBe('scripted')
    expect(await agent.ask('two')).toBe('scripted')
  })
})
