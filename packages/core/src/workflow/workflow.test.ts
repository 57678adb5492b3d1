import { describe, expect, it } from 'vitest'
import { createHarness } from '../testing/harness.test-helper.js'
import { ScriptedLlm, text } from '../testing/scripted-llm.js'
import { LlmAgent } from '../agents/llm-agent.js'
import { SequentialAgent } from '../agents/sequential-agent.js'
import { createEvent, type Event } from '../events/event.js'
import { ConfigError } from '../errors/config-error.js'
import { MaxTurnsError } from '../errors/runtime-errors.js'
import { DEFAULT_ROUTE } from './edge.js'
import { FunctionNode } from './function-node.js'
import { JoinNode } from './join-node.js'
import { node } from './build-node.js'
import { Workflow } from './workflow.js'

const outputs = (events: readonly Event[]) => events.filter((e) => e.output !== undefined).map((e) => e.output)

describe('Workflow — an agent everywhere', () => {
  it('runs inside a SequentialAgent: its input is the turn, the next agent sees its output', async () => {
    const upper = new FunctionNode('upper', (_c, input: string) => input.toUpperCase())
    const wf = new Workflow({ name: 'shout', edges: [['START', upper]] })
    const model = new ScriptedLlm([text('done')])
    const after = new LlmAgent({ name: 'after', model, instruction: 'Summarise.' })
    const harness = await createHarness(new SequentialAgent({ name: 'seq', subAgents: [wf, after] }))
    const events = await harness.run('hello')
    expect(outputs(events)).toEqual(['HELLO'])
    const seen = JSON.stringify(model.requests[0]?.contents)
    expect(seen).toContain('HELLO')
    expect(events.at(-1)?.author).toBe('after')
  })

  it('runs LlmAgent nodes: each reads its node input as its turn and answers the next node', async () => {
    const model = new ScriptedLlm({ draft: [text('a draft about rivers')], critic: [text('looks fine')] })
    const draft = new LlmAgent({ name: 'draft', model, instruction: 'Write.' })
    const critic = new LlmAgent({ name: 'critic', model, instruction: 'Review.' })
    const wf = new Workflow({ name: 'write', edges: [['START', draft, critic]] })
    const harness = await createHarness(wf)
    const events = await harness.run('rivers')
    expect(outputs(events)).toEqual(['a draft about rivers', 'looks fine'])
    const [draftRequest, criticRequest] = model.requests
    expect(draftRequest?.contents).toEqual([{ role: 'user', parts: [{ text: 'rivers' }] }])
    // The critic reads only its input (the draft), not the user's message or other turns.
    expect(criticRequest?.contents).toEqual([{ role: 'user', parts: [{ text: 'a draft about rivers' }] }])
    const session = await harness.session()
    expect(session.events.filter((e) => e.author === 'user').map((e) => e.content?.parts?.[0]?.text)).toEqual([
      'rivers',
      'rivers',
      'a draft about rivers',
    ])
  })

  it('keeps an LlmAgent node on its configured includeContents', async () => {
    const model = new ScriptedLlm({ first: [text('one')], second: [text('two')] })
    const first = new LlmAgent({ name: 'first', model })
    const second = new LlmAgent({ name: 'second', model, includeContents: 'default' })
    const harness = await createHarness(new Workflow({ name: 'wf', edges: [['START', first, second]] }))
    await harness.run('go')
    const texts = JSON.stringify(model.requests[1]?.contents)
    expect(texts).toContain('go')
    expect(texts).toContain('one')
  })

  it('changes state only through stored events: the session state is the fold of its events', async () => {
    const a = new FunctionNode('a', (ctx) => {
      ctx.state.set('count', 1)
      return 'a'
    })
    const b = new FunctionNode('b', (ctx) => {
      ctx.state.set('count', (ctx.state.get<number>('count') ?? 0) + 1)
      return 'b'
    })
    const harness = await createHarness(new Workflow({ name: 'wf', edges: [['START', a, b]] }))
    await harness.run('go')
    const session = await harness.session()
    expect(session.state['count']).toBe(2)
    const folded: Record<string, unknown> = {}
    for (const event of session.events) Object.assign(folded, event.actions.stateDelta)
    expect(folded).toEqual(session.state)
  })

  it('a second turn runs the workflow again on the same session', async () => {
    const echo = new FunctionNode('echo', (_c, input: string) => `echo ${input}`)
    const harness = await createHarness(new Workflow({ name: 'wf', edges: [['START', echo]] }))
    expect(outputs(await harness.run('one'))).toEqual(['echo one'])
    expect(outputs(await harness.run('two'))).toEqual(['echo two'])
  })
})

describe('Workflow — cycles are loops with a bound', () => {
  const loop = (maxSteps?: number) => {
    const increment = new FunctionNode('increment', (ctx) => {
      const value = (ctx.state.get<number>('n') ?? 0) + 1
      ctx.state.set('n', value)
      return createEvent({ output: value, route: value < 3 ? 'again' : 'done' })
    })
    const finish = new FunctionNode('finish', (_c, value: number) => `finished at ${value}`)
    return new Workflow({
      name: 'counter',
      ...(maxSteps ? { maxSteps } : {}),
      edges: [
        ['START', increment],
        [increment, { again: increment, done: finish }],
      ],
    })
  }

  it('loops until the node stops emitting the route', async () => {
    const harness = await createHarness(loop())
    expect(outputs(await harness.run('go'))).toEqual([1, 2, 3, 'finished at 3'])
  })

  it('stops a loop past maxSteps with a MaxTurnsError naming the workflow and node', async () => {
    const harness = await createHarness(loop(2))
    const error = await harness.run('go').catch((caught: unknown) => caught)
    expect(MaxTurnsError.isInstance(error)).toBe(true)
    expect((error as Error).message).toContain('Workflow "counter" stopped before running node "increment"')
  })
})

describe('Workflow — configuration mistakes', () => {
  it('lists every graph problem at once, with the workflow name in the path', () => {
    const a = new FunctionNode('a', () => 1)
    const b = new FunctionNode('a', () => 2)
    const c = new FunctionNode('c', () => 2)
    const orphan = new FunctionNode('orphan', () => 3)
    const error = (() => {
      try {
        new Workflow({
          name: 'bad',
          maxConcurrency: 0,
          edges: [
            ['START', a, c],
            ['START', b],
            [orphan, c],
          ],
        })
      } catch (caught) {
        return caught
      }
      return undefined
    })()
    expect(ConfigError.isConfigError(error)).toBe(true)
    const messages = (error as ConfigError).issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    expect(messages).toEqual([
      expect.stringContaining('bad.maxConcurrency: Workflow "bad": "maxConcurrency" must be a positive integer'),
      expect.stringContaining('bad.edges: Graph validation failed. Duplicate node names found: a.'),
      expect.stringContaining('unreachable from START: orphan'),
      // The two nodes named "a" make START -> a appear twice as well.
      expect.stringContaining('Duplicate edge found: from=__START__, to=a.'),
    ])
  })

  it('refuses edges with dynamicEntry, and neither', () => {
    const a = new FunctionNode('a', () => 1)
    expect(() => new Workflow({ name: 'x', edges: [['START', a]], dynamicEntry: () => 1 } as never)).toThrow(
      /mutually exclusive/,
    )
    expect(() => new Workflow({ name: 'x' } as never)).toThrow(/requires either "edges" or "dynamicEntry"/)
  })

  it('refuses node options on an agent (they belong on the agent)', () => {
    const agent = new LlmAgent({ name: 'writer', model: new ScriptedLlm([]) })
    expect(() => node(agent, { timeout: 5 })).toThrow(/cannot be applied to agent "writer"/)
  })

  it('names a workflow with the node rule: hyphens allowed, dots and "user" refused', () => {
    const a = new FunctionNode('a', () => 1)
    expect(new Workflow({ name: 'run-ids', edges: [['START', a]] }).name).toBe('run-ids')
    expect(() => new Workflow({ name: 'a.b', edges: [['START', a]] })).toThrow(/may not contain "."/)
    expect(() => new Workflow({ name: 'user', edges: [['START', a]] })).toThrow(/reserved/)
  })
})

describe('Workflow — fan-out, joins and the default route', () => {
  it('joins a conditional branch with the default route and fans out under one route', async () => {
    const classify = new FunctionNode('classify', (_c, input: string) =>
      createEvent({ output: input, route: input.includes('!') ? 'urgent' : 'other' }),
    )
    const page = new FunctionNode('page', (_c, input: string) => `paged: ${input}`)
    const log = new FunctionNode('log', (_c, input: string) => `logged: ${input}`)
    const file = new FunctionNode('file', (_c, input: string) => `filed: ${input}`)
    const join = new JoinNode({ name: 'join' })
    const wf = new Workflow({
      name: 'triage',
      edges: [
        ['START', classify, { urgent: [page, log], [DEFAULT_ROUTE]: file }],
        [[page, log], join],
      ],
    })
    const harness = await createHarness(wf)
    const urgent = await harness.run('fire!')
    expect(urgent.at(-1)?.output).toEqual({ page: 'paged: fire!', log: 'logged: fire!' })
    // Fan-out branches run on their own branch; the join on their common one.
    expect(urgent.find((e) => e.author === 'page')?.branch).toBe('page@1')
    expect(outputs(await harness.run('hello')).at(-1)).toBe('filed: hello')
  })
})

describe('Workflow — stopping and resuming an invocation', () => {
  const counted = () => {
    const runs: string[] = []
    const step = (name: string, result: unknown) =>
      new FunctionNode(name, () => {
        runs.push(name)
        return result
      })
    const wf = new Workflow({ name: 'wf', edges: [['START', step('a', 'A'), step('quiet', null), step('c', 'C')]] })
    return { runs, wf }
  }

  it('starts no node after the caller stops reading (and does not hang)', async () => {
    const { runs, wf } = counted()
    const harness = await createHarness(wf)
    for await (const event of harness.runner.runAsync({
      userId: 'test_user',
      sessionId: harness.sessionId,
      invocationId: 'inv-stop',
      newMessage: { role: 'user', parts: [{ text: 'go' }] },
    })) {
      if (event.output === 'A') break
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(runs).toEqual(['a'])
  })

  it('resumed under the same invocation id, runs only the nodes not recorded (a null result too)', async () => {
    const { runs, wf } = counted()
    const harness = await createHarness(wf)
    const turn = () =>
      harness.runner.runAsync({
        userId: 'test_user',
        sessionId: harness.sessionId,
        invocationId: 'inv-resume',
        newMessage: { role: 'user', parts: [{ text: 'go' }] },
      })
    for await (const event of turn()) if (event.nodeInfo?.completed) break
    expect(runs).toEqual(['a', 'quiet'])
    const resumed: Event[] = []
    for await (const event of turn()) resumed.push(event)
    expect(runs).toEqual(['a', 'quiet', 'c'])
    expect(outputs(resumed)).toEqual(['C'])
    // A node that produced nothing is recorded as finished, once.
    const session = await harness.session()
    expect(session.events.filter((e) => e.nodeInfo?.completed).map((e) => e.nodeInfo?.path)).toEqual(['wf.quiet'])
  })
})
