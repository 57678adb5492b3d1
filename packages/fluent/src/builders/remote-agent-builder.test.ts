import { describe, expect, it } from 'vitest'
import { BaseAgent, type Event, type InvocationContext } from '@adk-fluent/core'
import { createRemoteAgentBuilder } from '../internal.js'
import { Pipeline } from './workflow-factories.js'

class Stub extends BaseAgent {
  protected async *runAsyncImpl(_ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {}
}

const remote = () =>
  createRemoteAgentBuilder(
    'far',
    { protocol: 'A2A', url: 'http://127.0.0.1:9/', lower: (_node, name) => new Stub({ name }) },
    'RemoteAgent',
  )

describe('remote-agent builder (the protocol-free part)', () => {
  it('holds a frozen remote-agent node; every method returns a new builder', () => {
    const base = remote()
    const next = base.sends('a', 'b', 'a').receives('c').timeout(10).streaming(false).describe('Far away.')
    expect(base.node).toMatchObject({ kind: 'remote-agent', sends: [], receives: [], timeoutMs: undefined })
    expect(next.node).toMatchObject({
      kind: 'remote-agent',
      name: 'far',
      sends: ['a', 'b'],
      receives: ['c'],
      timeoutMs: 10,
      streaming: false,
      description: 'Far away.',
    })
    expect(Object.isFrozen(next.node)).toBe(true)
    // Its .sends() keys are reads in the types too: with initial state declared, they must be in it.
    expect(next.initialState('x', 'a', 'b').node).toMatchObject({ kind: 'remote-agent', initialState: ['x', 'a', 'b'] })
    expect(typeof next.initialState('a', 'b').sends).toBe('function')
  })

  it('lowers through the node’s own lowering with the name build() gives it', () => {
    const built = Pipeline('p').step(remote()).build()
    expect(built.subAgents[0]).toBeInstanceOf(Stub)
    expect(built.subAgents[0]?.name).toBe('far')
    // Two remote agents with the same name under one parent are a build error, as for any agents.
    expect(() => Pipeline('p').step(remote()).step(remote()).build()).toThrow(/both named "far"/)
  })

  it('rejects bad arguments at the call site', () => {
    expect(() =>
      createRemoteAgentBuilder(
        'bad name',
        { protocol: 'A2A', url: 'x', lower: () => new Stub({ name: 'x' }) },
        'RemoteAgent',
      ),
    ).toThrow(/RemoteAgent/)
    expect(() => remote().sends()).toThrow(/no state keys/)
    expect(() => remote().timeout(-1)).toThrow(/timeout/)
    expect(() => remote().streaming('yes' as never)).toThrow(/boolean/)
  })
})
