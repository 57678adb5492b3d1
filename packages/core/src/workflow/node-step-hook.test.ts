import { describe, expect, it } from 'vitest'
import type { InvocationHooks, NodeCallInfo, NodeRunOutcome } from '../agents/invocation-hooks.js'
import { LlmAgent } from '../agents/llm-agent.js'
import type { Event } from '../events/event.js'
import { InMemoryRunner } from '../runner/in-memory-runner.js'
import { ScriptedLlm, text } from '../testing/scripted-llm.js'
import { FunctionNode } from './function-node.js'
import { JoinNode } from './join-node.js'
import { Workflow } from './workflow.js'

/** Hooks recording each node step's outcome by key, and replaying recorded ones (as a durable engine does). */
function recordingHooks(recorded: Map<string, NodeRunOutcome>, keys: string[]): InvocationHooks {
  return {
    async runNode(info: NodeCallInfo, call: () => Promise<NodeRunOutcome>) {
      const key = `${info.nodePath}@${info.runId}`
      keys.push(key)
      const known = recorded.get(key)
      if (known) return JSON.parse(JSON.stringify(known)) as NodeRunOutcome
      const outcome = await call()
      recorded.set(key, JSON.parse(JSON.stringify(outcome)) as NodeRunOutcome)
      return outcome
    },
  }
}

function workflow(effects: string[]): Workflow {
  const step = (name: string) =>
    new FunctionNode(name, async function* (ctx, input: unknown) {
      effects.push(name)
      ctx.state.set(name, true)
      const inner = await ctx.runNode(new FunctionNode(`${name}_inner`, () => `inner of ${name}`), input)
      yield `${name}(${String(inner.output)})`
    })
  const writer = new LlmAgent({ name: 'writer', model: new ScriptedLlm([text('written'), text('written')]) })
  return new Workflow({
    name: 'wf',
    edges: [['START', [step('a'), step('b')], new JoinNode({ name: 'join' }), writer]],
  })
}

async function run(wf: Workflow, hooks: InvocationHooks): Promise<Event[]> {
  const runner = new InMemoryRunner({ agent: wf, appName: 'app' })
  const session = await runner.sessionService.createSession({ appName: 'app', userId: 'u' })
  const events: Event[] = []
  for await (const event of runner.runAsync({
    userId: 'u',
    sessionId: session.id,
    newMessage: { role: 'user', parts: [{ text: 'go' }] },
    hooks,
  }))
    events.push(event)
  return events
}

describe('InvocationHooks.runNode: a node whose work is its own code is one step', () => {
  it('records function nodes (their ctx.runNode children inside), not joins or agents; a replay runs no node code', async () => {
    const recorded = new Map<string, NodeRunOutcome>()
    const firstKeys: string[] = []
    const effects: string[] = []
    const first = await run(workflow(effects), recordingHooks(recorded, firstKeys))
    expect(firstKeys.sort()).toEqual(['wf.a@1', 'wf.b@1'])
    expect(effects.sort()).toEqual(['a', 'b'])
    // The recorded outcome holds the node's events: the child's and its own, with the state it wrote.
    expect(recorded.get('wf.a@1')?.events.map((event) => event.nodeInfo?.path)).toEqual(['wf.a.a_inner@1', 'wf.a'])
    expect(recorded.get('wf.a@1')?.output).toBe('a(inner of a)')

    const replayKeys: string[] = []
    const again: string[] = []
    const replayed = await run(workflow(again), recordingHooks(recorded, replayKeys))
    expect(again).toEqual([])
    const shape = (events: Event[]) =>
      events.map((event) => [event.author, event.nodeInfo?.path, event.output, event.actions.stateDelta])
    expect(shape(replayed)).toEqual(shape(first))
    expect(replayed.at(-1)?.output).toBe('written')
  })
})
