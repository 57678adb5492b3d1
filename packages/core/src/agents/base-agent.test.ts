import type { Content } from '../models/genai-types.js'
import { describe, expect, it, vi } from 'vitest'
import { createEvent, type Event } from '../events/event.js'
import { ConfigError } from '../errors/config-error.js'
import { BasePlugin } from '../plugins/base-plugin.js'
import { createHarness, simplify } from '../testing/harness.test-helper.js'
import { BaseAgent, isBaseAgent, validateAgentName, type BaseAgentConfig } from './base-agent.js'
import type { Context } from './context.js'
import type { InvocationContext } from './invocation-context.js'
import { SequentialAgent } from './sequential-agent.js'
import { LlmAgent } from './llm-agent.js'
import { ScriptedLlm } from '../testing/scripted-llm.js'

/** ADK's `_TestingAgent`: yields one `Hello, world!` event and counts its runs. */
class HelloAgent extends BaseAgent {
  runs = 0
  constructor(config: BaseAgentConfig) {
    super(config)
  }
  protected async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    this.runs++
    yield createEvent({
      invocationId: ctx.invocationId,
      author: this.name,
      content: { role: 'model', parts: [{ text: 'Hello, world!' }] },
    })
  }
}

const reply = (text: string): Content => ({ role: 'model', parts: [{ text }] })

type Step = { kind: 'sync' | 'async'; returns?: string }

/** Callbacks that return the given texts (sync or async) and count their calls. */
function chain(steps: readonly Step[]) {
  const counts = steps.map(() => 0)
  const callbacks = steps.map((step, index) => {
    const result = step.returns === undefined ? undefined : reply(step.returns)
    return step.kind === 'sync'
      ? () => {
          counts[index]!++
          return result
        }
      : async () => {
          counts[index]!++
          return result
        }
  })
  return { callbacks, counts }
}

const texts = (events: readonly Event[]) => events.map((event) => event.content?.parts?.[0]?.text)

const configurations: Array<{ steps: Step[]; before: string[]; after: string[]; counts: number[] }> = [
  {
    steps: [
      { kind: 'sync' },
      { kind: 'async', returns: 'callback_2_response' },
      { kind: 'sync', returns: 'callback_3_response' },
      { kind: 'async' },
    ],
    before: ['callback_2_response'],
    after: ['Hello, world!', 'callback_2_response'],
    counts: [1, 1, 0, 0],
  },
  {
    steps: [{ kind: 'sync' }, { kind: 'async' }, { kind: 'sync' }, { kind: 'async' }],
    before: ['Hello, world!'],
    after: ['Hello, world!'],
    counts: [1, 1, 1, 1],
  },
  {
    steps: [
      { kind: 'sync', returns: 'callback_1_response' },
      { kind: 'async', returns: 'callback_2_response' },
    ],
    before: ['callback_1_response'],
    after: ['Hello, world!', 'callback_1_response'],
    counts: [1, 0],
  },
]

describe('agent callbacks (spec 10.6)', () => {
  it('#47 a before-agent callback returning undefined lets the agent run', async () => {
    const before = vi.fn(() => undefined)
    const agent = new HelloAgent({ name: 'root_agent', beforeAgentCallback: before })
    const events = await (await createHarness(agent)).run('hi')
    expect(simplify(events)).toEqual([['root_agent', 'Hello, world!']])
    expect(before).toHaveBeenCalledTimes(1)
  })

  it('#48 a before-agent callback returning content bypasses the agent and its after-callbacks', async () => {
    const after = vi.fn(() => reply('after'))
    const agent = new HelloAgent({
      name: 'root_agent',
      beforeAgentCallback: () => ({ parts: [{ text: 'agent run is bypassed.' }] }),
      afterAgentCallback: after,
    })
    const harness = await createHarness(agent)
    const events = await harness.run('hi')
    expect(simplify(events)).toEqual([['root_agent', 'agent run is bypassed.']])
    expect(events[0]?.content).toEqual({ parts: [{ text: 'agent run is bypassed.' }] })
    expect(agent.runs).toBe(0)
    expect(after).not.toHaveBeenCalled()
  })

  it.each(configurations)('#49 before-agent chain → $before, counts $counts', async ({ steps, before, counts }) => {
    const { callbacks, counts: seen } = chain(steps)
    const agent = new HelloAgent({ name: 'root_agent', beforeAgentCallback: callbacks })
    const events = await (await createHarness(agent)).run('hi')
    expect(texts(events)).toEqual(before)
    expect(seen).toEqual(counts)
    expect(events.every((event) => event.author === 'root_agent')).toBe(true)
  })

  it.each(configurations)('#50 after-agent chain → $after, counts $counts', async ({ steps, after, counts }) => {
    const { callbacks, counts: seen } = chain(steps)
    const agent = new HelloAgent({ name: 'root_agent', afterAgentCallback: callbacks })
    const events = await (await createHarness(agent)).run('hi')
    expect(texts(events)).toEqual(after)
    expect(seen).toEqual(counts)
    expect(agent.runs).toBe(1)
  })

  it('#51 state written by a before-agent callback is a content-less event before the agent’s events', async () => {
    const agent = new HelloAgent({
      name: 'root_agent',
      beforeAgentCallback: (context: Context) => {
        context.state.set('k', 'v')
      },
    })
    const harness = await createHarness(agent)
    const events = await harness.run('hi')
    expect(events).toHaveLength(2)
    expect(events[0]?.content).toBeUndefined()
    expect(events[0]?.author).toBe('root_agent')
    expect(events[0]?.actions.stateDelta).toEqual({ k: 'v' })
    expect(texts(events.slice(1))).toEqual(['Hello, world!'])
    expect((await harness.session()).state['k']).toBe('v')
  })

  it('the state write is invisible to the session until its event is appended', async () => {
    let seenBySession: unknown = 'unset'
    let seenByContext: unknown
    const agent = new HelloAgent({
      name: 'root_agent',
      beforeAgentCallback: (context: Context) => {
        context.state.set('k', 'v')
        seenByContext = context.state.get('k')
        seenBySession = context.invocationContext.session.state['k']
      },
    })
    await (await createHarness(agent)).run('hi')
    expect(seenByContext).toBe('v')
    expect(seenBySession).toBeUndefined()
  })

  it('state written before an LlmAgent runs is in its instruction', async () => {
    const llm = new ScriptedLlm(['ok'])
    const agent = new LlmAgent({
      name: 'root_agent',
      model: llm,
      instruction: 'Mood: {mood}',
      beforeAgentCallback: (context: Context) => {
        context.state.set('mood', 'cheerful')
      },
    })
    await (await createHarness(agent)).run('hi')
    expect(llm.requests[0]?.config.systemInstruction).toContain('Mood: cheerful')
  })

  it('after-agent callbacks record state and content on the same event; they see the state of the agent’s events', async () => {
    let seen: unknown
    const agent = new HelloAgent({
      name: 'root_agent',
      afterAgentCallback: (context: Context) => {
        seen = context.state.get('k')
        context.state.set('after', 1)
        return reply('bye')
      },
      beforeAgentCallback: (context: Context) => {
        context.state.set('k', 'before')
      },
    })
    const harness = await createHarness(agent)
    const events = await harness.run('hi')
    expect(seen).toBe('before')
    expect(events.at(-1)?.actions.stateDelta).toEqual({ after: 1 })
    expect(texts(events.slice(1))).toEqual(['Hello, world!', 'bye'])
    expect((await harness.session()).state).toMatchObject({ k: 'before', after: 1 })
  })

  it('#52 in a SequentialAgent a bypassed sub-agent does not stop the sequence', async () => {
    const first = new HelloAgent({ name: 'A', beforeAgentCallback: () => reply('skipped A') })
    const second = new HelloAgent({ name: 'B' })
    const pipeline = new SequentialAgent({ name: 'seq', subAgents: [first, second] })
    const events = await (await createHarness(pipeline)).run('hi')
    expect(simplify(events)).toEqual([
      ['A', 'skipped A'],
      ['B', 'Hello, world!'],
    ])
    expect(first.runs).toBe(0)
  })

  it('plugins run before agent callbacks; a returned content skips the agent and its own callbacks', async () => {
    const own = vi.fn(() => undefined)
    class Gate extends BasePlugin {
      override beforeAgentCallback({ agent }: { agent: BaseAgent }) {
        return agent.name === 'B' ? reply('plugin stopped B') : undefined
      }
    }
    const a = new HelloAgent({ name: 'A', beforeAgentCallback: own })
    const b = new HelloAgent({ name: 'B', beforeAgentCallback: own })
    const pipeline = new SequentialAgent({ name: 'seq', subAgents: [a, b] })
    const events = await (await createHarness(pipeline, { plugins: [new Gate('gate')] })).run('hi')
    expect(simplify(events)).toEqual([
      ['A', 'Hello, world!'],
      ['B', 'plugin stopped B'],
    ])
    expect(own).toHaveBeenCalledTimes(1)
    expect(b.runs).toBe(0)
  })
})

describe('agent names and tree (spec 10.6 #53–55)', () => {
  it('#53 rejects invalid names and `user`, with ConfigError', () => {
    for (const name of ['not an identifier', '1abc', 'my-agent', 'a.b', '']) {
      expect(() => new HelloAgent({ name })).toThrow(ConfigError)
      expect(() => new HelloAgent({ name })).toThrow('Found invalid agent name')
    }
    expect(() => new HelloAgent({ name: 'user' })).toThrow("Agent name cannot be 'user'.")
    expect(validateAgentName('ok_name')).toBeUndefined()
    expect(new HelloAgent({ name: '_private1' }).name).toBe('_private1')
    expect(new HelloAgent({ name: 'café' }).name).toBe('café')
  })

  it('#54 an agent cannot get a second parent', () => {
    const child = new HelloAgent({ name: 'child' })
    new SequentialAgent({ name: 'first', subAgents: [child] })
    expect(() => new SequentialAgent({ name: 'second', subAgents: [child] })).toThrow(ConfigError)
    expect(() => new SequentialAgent({ name: 'second', subAgents: [child] })).toThrow(
      'Agent "child" already has a parent agent, current parent: "first", trying to add: "second"',
    )
  })

  it('rejects duplicate sub-agent names, listing every problem', () => {
    let caught: unknown
    try {
      new SequentialAgent({ name: 'seq', subAgents: [new HelloAgent({ name: 'x' }), new HelloAgent({ name: 'x' })] })
    } catch (error) {
      caught = error
    }
    expect(ConfigError.isConfigError(caught)).toBe(true)
    expect((caught as ConfigError).message).toContain('duplicate sub-agent name "x"')
    expect((caught as ConfigError).issues[0]?.path).toEqual(['seq', 'subAgents', 1])
  })

  it('#55 findAgent, findSubAgent and rootAgent over a 3-level tree', () => {
    const leaf = new HelloAgent({ name: 'leaf' })
    const middle = new SequentialAgent({ name: 'middle', subAgents: [leaf] })
    const sibling = new HelloAgent({ name: 'sibling' })
    const root = new SequentialAgent({ name: 'root', subAgents: [middle, sibling] })
    expect(root.findAgent('root')).toBe(root)
    expect(root.findSubAgent('root')).toBeUndefined()
    expect(root.findAgent('leaf')).toBe(leaf)
    expect(root.findSubAgent('sibling')).toBe(sibling)
    expect(middle.findAgent('sibling')).toBeUndefined()
    expect(root.findAgent('nobody')).toBeUndefined()
    expect(leaf.rootAgent).toBe(root)
    expect(leaf.parentAgent).toBe(middle)
    expect(root.parentAgent).toBeUndefined()
    expect(isBaseAgent(leaf)).toBe(true)
    expect(isBaseAgent({ name: 'leaf' })).toBe(false)
  })
})
