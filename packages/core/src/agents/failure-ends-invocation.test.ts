import { describe, expect, it } from 'vitest'
import { createEvent, isErrorEvent, type Event } from '../events/event.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { createHarness, simplify } from '../testing/harness.test-helper.js'
import { FunctionTool } from '../tools/function-tool.js'
import { z } from 'zod'
import { BaseAgent, type BaseAgentConfig } from './base-agent.js'
import type { InvocationContext } from './invocation-context.js'
import { LlmAgent } from './llm-agent.js'
import { LoopAgent } from './loop-agent.js'
import { ParallelAgent } from './parallel-agent.js'
import { SequentialAgent } from './sequential-agent.js'

const failing = (name: string) => new LlmAgent({ name, model: new ScriptedLlm([new Error('quota exceeded')]) })

function answering(name: string, replies: string[], delayMs = 0) {
  const model = new ScriptedLlm(replies, { delayMs })
  return { agent: new LlmAgent({ name, model }), model }
}

/** Stops the run (as a usage limit reached elsewhere would) and answers normally; counts how often it was started. */
class StopsTheRun extends BaseAgent {
  started = 0
  constructor(config: BaseAgentConfig) {
    super(config)
  }
  override async *runAsync(parent: InvocationContext): AsyncGenerator<Event, void, undefined> {
    this.started++
    yield* super.runAsync(parent)
  }
  protected async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    ctx.stopRun()
    yield createEvent({
      invocationId: ctx.invocationId,
      author: this.name,
      content: { role: 'model', parts: [{ text: 'stop' }] },
    })
  }
}

describe('a failed model call ends the invocation (ADK raises)', () => {
  it('SequentialAgent: the agents after the failed one do not run; the run ends on its error event', async () => {
    const next = answering('b', ['B'])
    const events = await (
      await createHarness(new SequentialAgent({ name: 'p', subAgents: [failing('a'), next.agent] }))
    ).run('go')
    expect(events.map((event) => [event.author, event.errorCode])).toEqual([['a', 'UNKNOWN_ERROR']])
    expect(isErrorEvent(events[0] as Event)).toBe(true)
    expect(next.model.requests).toHaveLength(0)
  })

  it('nested: a failure deep in a pipeline ends every enclosing pipeline', async () => {
    const after = answering('c', ['C'])
    const inner = new SequentialAgent({ name: 'inner', subAgents: [answering('a', ['A']).agent, failing('b')] })
    const outer = new SequentialAgent({ name: 'outer', subAgents: [inner, after.agent] })
    const events = await (await createHarness(outer)).run('go')
    expect(events.map((event) => event.author)).toEqual(['a', 'b'])
    expect(after.model.requests).toHaveLength(0)
  })

  it('LoopAgent: no later sub-agent and no further iteration runs', async () => {
    const critic = answering('critic', ['ok', 'ok', 'ok'])
    const loop = new LoopAgent({ name: 'loop', maxIterations: 3, subAgents: [failing('writer'), critic.agent] })
    const events = await (await createHarness(loop)).run('go')
    expect(events.map((event) => event.author)).toEqual(['writer'])
    expect(critic.model.requests).toHaveLength(0)
  })

  it('ParallelAgent: a failing branch stops its busy siblings, and nothing runs after the fan-out', async () => {
    // A minute-long model call: the run would outlast the test's timeout if the fan-out waited for it.
    const slow = answering('slow', ['late'], 60_000)
    const next = answering('after', ['A'])
    const fan = new ParallelAgent({ name: 'fan', subAgents: [failing('bad'), slow.agent] })
    const events = await (
      await createHarness(new SequentialAgent({ name: 'p', subAgents: [fan, next.agent] }))
    ).run('go')
    expect(events.map((event) => [event.author, event.errorCode])).toEqual([['bad', 'UNKNOWN_ERROR']])
    expect(slow.model.requests).toHaveLength(1)
    expect(next.model.requests).toHaveLength(0)
  })

  it('a failing tool is not a failure of the agent: the model sees the error and the pipeline goes on', async () => {
    const tool = new FunctionTool({
      name: 'reserve',
      description: 'Reserves stock.',
      parameters: z.object({}),
      execute: () => {
        throw new Error('warehouse down')
      },
    })
    const first = new LlmAgent({
      name: 'a',
      model: new ScriptedLlm([call('reserve', {}), 'could not reserve']),
      tools: [tool],
    })
    const next = answering('b', ['B'])
    const events = await (
      await createHarness(new SequentialAgent({ name: 'p', subAgents: [first, next.agent] }))
    ).run('go')
    expect(events.at(-1)?.author).toBe('b')
    expect(events.some((event) => event.errorCode !== undefined)).toBe(false)
  })

  it('a plugin that answers for the failed model lets the run go on (the user chose to)', async () => {
    const { BasePlugin } = await import('../plugins/base-plugin.js')
    class Recover extends BasePlugin {
      override async onModelErrorCallback() {
        return { content: { role: 'model', parts: [{ text: 'recovered' }] } }
      }
    }
    const next = answering('b', ['B'])
    const harness = await createHarness(new SequentialAgent({ name: 'p', subAgents: [failing('a'), next.agent] }), {
      plugins: [new Recover('recover')],
    })
    expect(simplify(await harness.run('go'))).toEqual([
      ['a', 'recovered'],
      ['b', 'B'],
    ])
  })

  it('LoopAgent: a run stopped without an error event (a limit reached elsewhere) ends the loop', async () => {
    const stopper = new StopsTheRun({ name: 'stopper' })
    const events = await (
      await createHarness(new LoopAgent({ name: 'loop', maxIterations: 1000, subAgents: [stopper] }))
    ).run('go')
    expect(events).toHaveLength(1)
    // Before, every later iteration started the stopped sub-agent again (which returned at once): 1000 starts.
    expect(stopper.started).toBe(1)
  })
})
