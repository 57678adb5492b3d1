import { describe, expect, it } from 'vitest'
import { createEvent, type Event } from '../events/event.js'
import { ConfigError } from '../errors/config-error.js'
import { FunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { createHarness, deferred, simplify, simplifyContents } from '../testing/harness.test-helper.js'
import { BaseAgent, type BaseAgentConfig } from './base-agent.js'
import type { InvocationContext } from './invocation-context.js'
import { LlmAgent } from './llm-agent.js'
import { LoopAgent } from './loop-agent.js'
import { ParallelAgent } from './parallel-agent.js'
import { SequentialAgent } from './sequential-agent.js'

/** Yields `texts` (after an optional delay), escalating on the event named in `escalateAt`. */
class ScriptAgent extends BaseAgent {
  readonly #texts: readonly string[]
  readonly #delayMs: number
  readonly #escalateAt: number | undefined
  runs = 0
  constructor(config: BaseAgentConfig & { texts: readonly string[]; delayMs?: number; escalateAt?: number }) {
    super(config)
    this.#texts = config.texts
    this.#delayMs = config.delayMs ?? 0
    this.#escalateAt = config.escalateAt
  }
  protected async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    this.runs++
    if (this.#delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.#delayMs))
    for (const [index, text] of this.#texts.entries()) {
      const event = createEvent({
        invocationId: ctx.invocationId,
        author: this.name,
        content: { role: 'model', parts: [{ text }] },
      })
      if (ctx.branch !== undefined) event.branch = ctx.branch
      if (index === this.#escalateAt) event.actions.escalate = true
      yield event
    }
  }
}

const userText = (text: string) => ({ role: 'user', parts: [{ text }] })
const forContext = (author: string, text: string) => ({
  role: 'user',
  parts: [{ text: 'For context:' }, { text: `[${author}] said: ${text}` }],
})

describe('SequentialAgent (spec 10.10 #93)', () => {
  it('#93 runs its sub-agents in order on the same branch', async () => {
    const pipeline = new SequentialAgent({
      name: 'seq',
      subAgents: [
        new ScriptAgent({ name: 'a1', texts: ['one'] }),
        new ScriptAgent({ name: 'a2', texts: ['two', 'three'] }),
      ],
    })
    const events = await (await createHarness(pipeline)).run('go')
    expect(simplify(events)).toEqual([
      ['a1', 'one'],
      ['a2', 'two'],
      ['a2', 'three'],
    ])
    expect(events.every((event) => event.branch === undefined)).toBe(true)
  })

  it('a pipeline of three LlmAgents: each instruction templates the previous outputKey (issue 2 done-when)', async () => {
    const researcherLlm = new ScriptedLlm(['Cats sleep 16 hours a day.'])
    const writerLlm = new ScriptedLlm(['Cats are champion sleepers.'])
    const reviewerLlm = new ScriptedLlm(['Approved: accurate and short.'])
    const pipeline = new SequentialAgent({
      name: 'pipeline',
      subAgents: [
        new LlmAgent({
          name: 'researcher',
          description: 'Finds facts.',
          model: researcherLlm,
          instruction: 'Research {topic}.',
          outputKey: 'findings',
        }),
        new LlmAgent({
          name: 'writer',
          model: writerLlm,
          instruction: 'Write one sentence about {topic} from these findings: {findings}',
          outputKey: 'draft',
        }),
        new LlmAgent({
          name: 'reviewer',
          model: reviewerLlm,
          instruction: 'Review the draft "{draft}" against the findings "{findings}".',
          outputKey: 'review',
        }),
      ],
    })
    const harness = await createHarness(pipeline, { state: { topic: 'cats' } })
    const events = await harness.run('Write about cats.')

    expect(simplify(events)).toEqual([
      ['researcher', 'Cats sleep 16 hours a day.'],
      ['writer', 'Cats are champion sleepers.'],
      ['reviewer', 'Approved: accurate and short.'],
    ])
    expect(events.map((event) => event.actions.stateDelta)).toEqual([
      { findings: 'Cats sleep 16 hours a day.' },
      { draft: 'Cats are champion sleepers.' },
      { review: 'Approved: accurate and short.' },
    ])

    expect(researcherLlm.requests).toHaveLength(1)
    expect(researcherLlm.requests[0]?.config.systemInstruction).toBe(
      'You are an agent. Your internal name is "researcher".\n\nThe description about you is "Finds facts."\n\nResearch cats.',
    )
    expect(researcherLlm.requests[0]?.contents).toEqual([userText('Write about cats.')])

    expect(writerLlm.requests).toHaveLength(1)
    expect(writerLlm.requests[0]?.config.systemInstruction).toBe(
      'You are an agent. Your internal name is "writer".\n\nWrite one sentence about cats from these findings: Cats sleep 16 hours a day.',
    )
    expect(writerLlm.requests[0]?.contents).toEqual([
      userText('Write about cats.'),
      forContext('researcher', 'Cats sleep 16 hours a day.'),
    ])

    expect(reviewerLlm.requests).toHaveLength(1)
    expect(reviewerLlm.requests[0]?.config.systemInstruction).toBe(
      'You are an agent. Your internal name is "reviewer".\n\nReview the draft "Cats are champion sleepers." against the findings "Cats sleep 16 hours a day.".',
    )
    expect(reviewerLlm.requests[0]?.contents).toEqual([
      userText('Write about cats.'),
      forContext('researcher', 'Cats sleep 16 hours a day.'),
      forContext('writer', 'Cats are champion sleepers.'),
    ])

    const session = await harness.session()
    expect(session.state).toEqual({
      topic: 'cats',
      findings: 'Cats sleep 16 hours a day.',
      draft: 'Cats are champion sleepers.',
      review: 'Approved: accurate and short.',
    })
    expect(session.events.map((event) => event.author)).toEqual(['user', 'researcher', 'writer', 'reviewer'])
  })
})

describe('ParallelAgent (spec 10.10 #94–96)', () => {
  it('#94 events arrive in production order; branches are parallel.child', async () => {
    const parallel = new ParallelAgent({
      name: 'parallel',
      subAgents: [
        new ScriptAgent({ name: 'agent1', texts: ['slow'], delayMs: 60 }),
        new ScriptAgent({ name: 'agent2', texts: ['fast'] }),
      ],
    })
    const events = await (await createHarness(parallel)).run('go')
    expect(simplify(events)).toEqual([
      ['agent2', 'fast'],
      ['agent1', 'slow'],
    ])
    expect(events.map((event) => event.branch)).toEqual(['parallel.agent2', 'parallel.agent1'])
  })

  it('#95 a SequentialAgent branch shares one branch; nested parallel agents repeat their name', async () => {
    const parallel = new ParallelAgent({
      name: 'parallel',
      subAgents: [
        new SequentialAgent({
          name: 'sequential',
          subAgents: [
            new ScriptAgent({ name: 'agent2', texts: ['2'] }),
            new ScriptAgent({ name: 'agent3', texts: ['3'] }),
          ],
        }),
        new ScriptAgent({ name: 'agent1', texts: ['1'], delayMs: 60 }),
        new ParallelAgent({ name: 'inner', subAgents: [new ScriptAgent({ name: 'deep', texts: ['d'], delayMs: 20 })] }),
      ],
    })
    const events = await (await createHarness(parallel)).run('go')
    const branchOf = Object.fromEntries(events.map((event) => [event.author, event.branch]))
    expect(events).toHaveLength(4)
    expect(branchOf).toEqual({
      agent2: 'parallel.sequential',
      agent3: 'parallel.sequential',
      agent1: 'parallel.agent1',
      deep: 'parallel.inner.inner.deep',
    })
    expect(events.at(-1)?.author).toBe('agent1')
  })

  it('no sub-agents: no events', async () => {
    expect(await (await createHarness(new ParallelAgent({ name: 'empty' }))).run('go')).toEqual([])
  })

  it('branches really run at the same time: each waits for the other to start', async () => {
    const started = { a: deferred(), b: deferred() }
    const timeout = (label: string) =>
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`${label} never saw the other branch start`)), 2_000),
      )
    const waitingAgent = (name: 'a' | 'b', other: 'a' | 'b') =>
      new LlmAgent({
        name,
        model: new ScriptedLlm([`${name} done`]),
        beforeModelCallback: async () => {
          started[name].resolve()
          await Promise.race([started[other].promise, timeout(name)])
        },
      })
    const parallel = new ParallelAgent({ name: 'par', subAgents: [waitingAgent('a', 'b'), waitingAgent('b', 'a')] })
    const events = await (await createHarness(parallel)).run('go')
    expect(events.map((event) => event.author).sort()).toEqual(['a', 'b'])
  })

  it('two branches with a model delay finish in about one delay, not two', async () => {
    // One after the other takes at least two delays (timers never fire early); together, one delay plus overhead. The
    // delay is long enough that a busy machine's overhead stays under it.
    const delayMs = 500
    const parallel = new ParallelAgent({
      name: 'par',
      subAgents: [
        new LlmAgent({ name: 'a', model: new ScriptedLlm(['a'], { delayMs }) }),
        new LlmAgent({ name: 'b', model: new ScriptedLlm(['b'], { delayMs }) }),
      ],
    })
    const harness = await createHarness(parallel)
    const start = performance.now()
    await harness.run('go')
    const elapsed = performance.now() - start
    expect(elapsed).toBeGreaterThanOrEqual(delayMs - 5)
    expect(elapsed).toBeLessThan(delayMs * 2)
  })

  it('events interleave as they come, and each is stored before its branch goes on', async () => {
    const bAnswered = deferred()
    const storedCounts: number[] = []
    const waitForB = new FunctionTool({
      name: 'wait_for_b',
      description: 'Waits until b has answered.',
      execute: async (_args, context) => {
        await bAnswered.promise
        // b's answer must already be in the session: the runner appends each event before its branch resumes.
        storedCounts.push(context.invocationContext.session.events.filter((event) => event.author === 'b').length)
        return { waited: true }
      },
    })
    const a = new LlmAgent({ name: 'a', model: new ScriptedLlm([call('wait_for_b', {}), 'a done']), tools: [waitForB] })
    const b = new LlmAgent({
      name: 'b',
      model: new ScriptedLlm(['b done'], { delayMs: 20 }),
      afterModelCallback: () => {
        setTimeout(() => bAnswered.resolve(), 10)
      },
    })
    const harness = await createHarness(new ParallelAgent({ name: 'par', subAgents: [a, b] }))
    const events = await harness.run('go')
    expect(events.map((event) => event.author)).toEqual(['a', 'b', 'a', 'a'])
    expect(storedCounts).toEqual([1])
    const session = await harness.session()
    expect(session.events.slice(1).map((event) => event.id)).toEqual(events.map((event) => event.id))
  })

  it('#96 branch isolation: a branch never sees its sibling; the next step sees both', async () => {
    const lookup = new FunctionTool({ name: 'lookup', description: 'Looks up.', execute: () => ({ value: 42 }) })
    const aLlm = new ScriptedLlm([call('lookup', {}), 'A answer'], { delayMs: 30 })
    const bLlm = new ScriptedLlm(['B answer'])
    const summaryLlm = new ScriptedLlm(['summary'])
    const pipeline = new SequentialAgent({
      name: 'pipeline',
      subAgents: [
        new ParallelAgent({
          name: 'par',
          subAgents: [
            new LlmAgent({ name: 'A', model: aLlm, tools: [lookup] }),
            new LlmAgent({ name: 'B', model: bLlm }),
          ],
        }),
        new LlmAgent({ name: 'summarizer', model: summaryLlm }),
      ],
    })
    const events = await (await createHarness(pipeline)).run('question')
    expect(events.map((event) => event.author)).toEqual(['B', 'A', 'A', 'A', 'summarizer'])
    expect(simplifyContents(aLlm.requests[1]?.contents ?? [])).toEqual([
      ['user', 'question'],
      ['model', { functionCall: { name: 'lookup', args: {} } }],
      ['user', { functionResponse: { name: 'lookup', response: { value: 42 } } }],
    ])
    expect(JSON.stringify(aLlm.requests)).not.toContain('B answer')
    expect(summaryLlm.requests[0]?.contents).toEqual([
      userText('question'),
      forContext('B', 'B answer'),
      { role: 'user', parts: [{ text: 'For context:' }, { text: '[A] called tool `lookup` with parameters: {}' }] },
      { role: 'user', parts: [{ text: 'For context:' }, { text: '[A] tool `lookup` returned result: {"value":42}' }] },
      forContext('A', 'A answer'),
    ])
  })

  it('state is shared between branches; each branch’s writes arrive with its events', async () => {
    const parallel = new ParallelAgent({
      name: 'par',
      subAgents: [
        new LlmAgent({ name: 'a', model: new ScriptedLlm(['A']), outputKey: 'a_out' }),
        new LlmAgent({ name: 'b', model: new ScriptedLlm(['B']), outputKey: 'b_out' }),
      ],
    })
    const harness = await createHarness(parallel)
    await harness.run('go')
    expect((await harness.session()).state).toEqual({ a_out: 'A', b_out: 'B' })
  })

  it('an error in one branch propagates at once, without waiting for a busy sibling', async () => {
    class Failing extends BaseAgent {
      protected async *runAsyncImpl(): AsyncGenerator<Event, void, undefined> {
        await new Promise((resolve) => setTimeout(resolve, 5))
        throw new Error('branch failed')
      }
    }
    const release = deferred()
    let siblingClosed = false
    class Busy extends BaseAgent {
      protected async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
        try {
          await release.promise
          yield createEvent({
            invocationId: ctx.invocationId,
            author: this.name,
            content: { role: 'model', parts: [{ text: 'late' }] },
          })
          yield createEvent({
            invocationId: ctx.invocationId,
            author: this.name,
            content: { role: 'model', parts: [{ text: 'later' }] },
          })
        } finally {
          siblingClosed = true
        }
      }
    }
    const parallel = new ParallelAgent({
      name: 'par',
      subAgents: [new Failing({ name: 'bad' }), new Busy({ name: 'busy' })],
    })
    const harness = await createHarness(parallel)
    await expect(harness.run('go')).rejects.toThrow('branch failed')
    expect(siblingClosed).toBe(false)
    release.resolve()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(siblingClosed).toBe(true)
    expect((await harness.session()).events.map((event) => event.author)).toEqual(['user'])
  })
})

describe('LoopAgent (spec 10.10 #97–99)', () => {
  it('#97 maxIterations: 2 over one agent → 2 events', async () => {
    const agent = new ScriptAgent({ name: 'agent', texts: ['x'] })
    const events = await (
      await createHarness(new LoopAgent({ name: 'loop', maxIterations: 2, subAgents: [agent] }))
    ).run('go')
    expect(simplify(events)).toEqual([
      ['agent', 'x'],
      ['agent', 'x'],
    ])
    expect(agent.runs).toBe(2)
  })

  it('#98 unbounded: stops when a sub-agent escalates', async () => {
    const loop = new LoopAgent({
      name: 'loop',
      subAgents: [
        new ScriptAgent({ name: 'non_escalating', texts: ['a'] }),
        new ScriptAgent({ name: 'escalating', texts: ['b'], escalateAt: 0 }),
      ],
    })
    const events = await (await createHarness(loop)).run('go')
    expect(simplify(events)).toEqual([
      ['non_escalating', 'a'],
      ['escalating', 'b'],
    ])
    expect(events[1]?.actions.escalate).toBe(true)
  })

  it('#99 the escalating sub-agent is drained; later sub-agents of that iteration do not run', async () => {
    const after = new ScriptAgent({ name: 'after', texts: ['never'] })
    const loop = new LoopAgent({
      name: 'loop',
      subAgents: [
        new ScriptAgent({ name: 'escalating', texts: ['escalate', 'more 1', 'more 2'], escalateAt: 0 }),
        after,
      ],
    })
    const events = await (await createHarness(loop)).run('go')
    expect(simplify(events)).toEqual([
      ['escalating', 'escalate'],
      ['escalating', 'more 1'],
      ['escalating', 'more 2'],
    ])
    expect(after.runs).toBe(0)
  })

  it('exit_loop from an LlmAgent stops the loop without another model call', async () => {
    const { exitLoop } = await import('../tools/exit-loop-tool.js')
    const llm = new ScriptedLlm(['draft 1', 'not yet', 'draft 2', call('exit_loop', {}), 'never'])
    const loop = new LoopAgent({
      name: 'loop',
      subAgents: [
        new LlmAgent({ name: 'writer', model: llm }),
        new LlmAgent({ name: 'critic', model: llm, tools: [exitLoop] }),
      ],
    })
    const events = await (await createHarness(loop)).run('go')
    expect(events.map((event) => event.author)).toEqual(['writer', 'critic', 'writer', 'critic', 'critic'])
    expect(llm.requests).toHaveLength(4)
  })

  it('maxIterations: 0 runs nothing; negative or fractional is a ConfigError', async () => {
    const agent = new ScriptAgent({ name: 'agent', texts: ['x'] })
    expect(
      await (await createHarness(new LoopAgent({ name: 'loop', maxIterations: 0, subAgents: [agent] }))).run('go'),
    ).toEqual([])
    expect(agent.runs).toBe(0)
    expect(() => new LoopAgent({ name: 'loop', maxIterations: -1 })).toThrow(ConfigError)
    expect(() => new LoopAgent({ name: 'loop', maxIterations: -1 })).toThrow(
      'maxIterations must be a whole number >= 0',
    )
    expect(() => new LoopAgent({ name: 'loop', maxIterations: 1.5 })).toThrow(ConfigError)
  })

  it('an unbounded loop without sub-agents ends at once', async () => {
    expect(await (await createHarness(new LoopAgent({ name: 'loop' }))).run('go')).toEqual([])
  })
})

describe('nested loops', () => {
  it('an escalation stops only the innermost loop', async () => {
    const { LoopAgent: Loop, LlmAgent: Llm, InMemoryRunner: Runner, exitLoop: exit } = await import('../index.js')
    const { ScriptedLlm: Scripted, call: callStep } = await import('../testing/index.js')
    const llm = new Scripted([callStep('exit_loop'), 'after inner 1', callStep('exit_loop'), 'after inner 2'])
    const inner = new Loop({ name: 'inner', subAgents: [new Llm({ name: 'stopper', model: llm, tools: [exit] })] })
    const outer = new Loop({
      name: 'outer',
      maxIterations: 2,
      subAgents: [inner, new Llm({ name: 'after', model: llm })],
    })
    const runner = new Runner({ agent: outer, appName: 'app' })
    const session = await runner.sessionService.createSession({ appName: 'app', userId: 'u' })
    const texts: string[] = []
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: session.id,
      newMessage: { role: 'user', parts: [{ text: 'go' }] },
    })) {
      const text = event.content?.parts?.[0]?.text
      if (text) texts.push(`${event.author}: ${text}`)
    }
    expect(texts).toEqual(['after: after inner 1', 'after: after inner 2'])
    expect(llm.remaining).toBe(0)
  })
})
