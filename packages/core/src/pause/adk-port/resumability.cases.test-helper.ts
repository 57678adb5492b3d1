// Ported from google/adk-python tests/unittests/runners/test_pause_invocation.py and test_resume_invocation.py
// (resumable apps: a long-running call pauses the invocation and stops the agents that depend on it; the invocation
// is resumed by its id). adk-python's expected event lists carry its V2 checkpoint events (`end_of_agent`, agent
// state); the cases assert the behaviour those lists encode — who ran, who was asked, who was not — on both sides.
import { describe, expect } from 'vitest'
import type { NodeBaseClass } from '../../workflow/adk-port/port-harness.test-helper.js'
import {
  callsOf,
  functionResponse,
  portCase,
  portRunner,
  textsOf,
  type Any,
  type PausePortImpl,
} from './pause-port-harness.test-helper.js'

const NO_INVOCATION_ID = 'runAsync() takes no invocationId (no resume of an invocation by id)'
const NO_PAUSED_SEQUENCE =
  'resumabilityConfig only routes an answer to the agent that paused; a pause does not stop a SequentialAgent or LoopAgent'

export function definePauseInvocationCases(impl: PausePortImpl): void {
  const { LongRunningFunctionTool, LlmAgent, SequentialAgent, ParallelAgent, LoopAgent, ExitLoopTool, BaseAgent } =
    impl.adk
  const { createEvent } = impl.adk
  const testTool = () => new LongRunningFunctionTool({ name: 'test_tool', description: 'pending', execute: () => null })
  const callTool: Any[] = [{ functionCall: { name: 'test_tool', args: {} } }]
  const lroAgent = (name: string, replies: Any[] = [callTool]) => {
    const scripted = impl.model(replies)
    return { agent: new LlmAgent({ name, model: scripted.model, tools: [testTool()] }), requests: scripted.requests }
  }
  /** adk-python's `_TestingAgent`: one text event after a delay. */
  const AgentBase: NodeBaseClass = BaseAgent
  const delayed = (name: string, ms: number) =>
    new (class extends AgentBase {
      protected async *runAsyncImpl(ctx: Any): AsyncGenerator<Any, void, undefined> {
        await new Promise((resolve) => setTimeout(resolve, ms))
        yield createEvent({
          author: name,
          invocationId: ctx.invocationId,
          branch: ctx.branch,
          content: { role: 'model', parts: [{ text: 'Delayed message' }] },
        })
      }
      // eslint-disable-next-line require-yield
      protected async *runLiveImpl(): AsyncGenerator<Any, void, undefined> {
        return
      }
    })({ name })
  // adk-js declares `agentName` (adk-python `agent_name`; adk-fluent declares `agent_name` and accepts both).
  const transferTo = (agentName: string): Any[] => [
    { functionCall: { name: 'transfer_to_agent', args: { agentName } } },
  ]
  const callers = (events: Any[], name: string) =>
    events.filter((e) => (e.content?.parts ?? []).some((p: Any) => p.functionCall?.name === name)).map((e) => e.author)

  describe('test_pause_invocation (adk-python) — a resumable run pauses on a long-running call', () => {
    portCase(impl, 'a single LlmAgent pauses on a long-running function call', async () => {
      const { agent, requests } = lroAgent('root_agent')
      const run = await portRunner(impl, agent, { resumable: true })
      const events = await run.send('test')
      expect(callers(events, 'test_tool')).toEqual(['root_agent'])
      expect(textsOf(events)).toEqual([])
      expect(requests).toHaveLength(1)
    })

    portCase(
      impl,
      'a SequentialAgent pauses on its first sub-agent; the second is not run',
      async () => {
        const one = lroAgent('sub_agent_1')
        const two = lroAgent('sub_agent_2')
        const run = await portRunner(
          impl,
          new SequentialAgent({ name: 'root_agent', subAgents: [one.agent, two.agent] }),
          {
            resumable: true,
          },
        )
        const events = await run.send('test')
        expect(callers(events, 'test_tool')).toEqual(['sub_agent_1'])
        expect([one.requests.length, two.requests.length]).toEqual([1, 0])
      },
      { googleFails: NO_PAUSED_SEQUENCE },
    )

    portCase(impl, "a ParallelAgent pauses on one branch's long-running call; the other branch finishes", async () => {
      const one = lroAgent('sub_agent_1')
      const run = await portRunner(
        impl,
        new ParallelAgent({ name: 'root_agent', subAgents: [one.agent, delayed('sub_agent_2', 20)] }),
        { resumable: true },
      )
      const events = await run.send('test')
      expect(callers(events, 'test_tool')).toEqual(['sub_agent_1'])
      expect(events.some((e) => e.author === 'sub_agent_2' && textsOf([e])[0] === 'Delayed message')).toBe(true)
    })

    portCase(impl, 'a nested ParallelAgent pauses; every other branch finishes', async () => {
      const nested = lroAgent('nested_sub_agent_1')
      const inner = new ParallelAgent({
        name: 'nested_parallel_agent',
        subAgents: [nested.agent, delayed('nested_sub_agent_2', 20)],
      })
      const run = await portRunner(
        impl,
        new ParallelAgent({ name: 'root_agent', subAgents: [delayed('sub_agent_1', 20), inner] }),
        { resumable: true },
      )
      const events = await run.send('test')
      expect(callers(events, 'test_tool')).toEqual(['nested_sub_agent_1'])
      const delayedAuthors = events.filter((e) => textsOf([e])[0] === 'Delayed message').map((e) => e.author)
      expect(delayedAuthors.sort()).toEqual(['nested_sub_agent_2', 'sub_agent_1'])
    })

    portCase(impl, 'a ParallelAgent pauses on several long-running calls at once', async () => {
      const nested = lroAgent('nested_sub_agent_1')
      const first = lroAgent('sub_agent_1')
      const inner = new ParallelAgent({
        name: 'nested_parallel_agent',
        subAgents: [nested.agent, delayed('nested_sub_agent_2', 20)],
      })
      const run = await portRunner(impl, new ParallelAgent({ name: 'root_agent', subAgents: [first.agent, inner] }), {
        resumable: true,
      })
      const events = await run.send('test')
      expect(callers(events, 'test_tool').sort()).toEqual(['nested_sub_agent_1', 'sub_agent_1'])
      expect(events.filter((e) => e.actions?.endOfAgent && /sub_agent_1$/.test(e.author))).toEqual([])
    })

    portCase(
      impl,
      'a LoopAgent pauses in its second sub-agent; the third is not run',
      async () => {
        const one = impl.model(['sub agent 1 response'])
        const two = lroAgent('sub_agent_2')
        const three = impl.model([[{ functionCall: { name: 'exit_loop', args: {} } }]])
        const loop = new LoopAgent({
          name: 'root_agent',
          maxIterations: 2,
          subAgents: [
            new LlmAgent({ name: 'sub_agent_1', model: one.model }),
            two.agent,
            new LlmAgent({ name: 'sub_agent_3', model: three.model, tools: [new ExitLoopTool()] }),
          ],
        })
        const run = await portRunner(impl, loop, { resumable: true })
        const events = await run.send('test')
        expect(textsOf(events.filter((e) => e.author === 'sub_agent_1'))).toEqual(['sub agent 1 response'])
        expect(callers(events, 'test_tool')).toEqual(['sub_agent_2'])
        expect([one.requests.length, two.requests.length, three.requests.length]).toEqual([1, 1, 0])
      },
      { googleFails: NO_PAUSED_SEQUENCE },
    )

    portCase(impl, 'a tree of LlmAgents pauses in the agent two transfers down', async () => {
      const leaf = lroAgent('sub_llm_agent_2', [callTool, 'llm response not used'])
      const mid = impl.model([transferTo('sub_llm_agent_2'), 'llm response not used'])
      const root = impl.model([transferTo('sub_llm_agent_1'), 'llm response not used'])
      const tree = new LlmAgent({
        name: 'root_agent',
        model: root.model,
        subAgents: [new LlmAgent({ name: 'sub_llm_agent_1', model: mid.model }), leaf.agent],
      })
      const run = await portRunner(impl, tree, { resumable: true })
      const events = await run.send('test')
      expect(callers(events, 'transfer_to_agent')).toEqual(['root_agent', 'sub_llm_agent_1'])
      expect(callers(events, 'test_tool')).toEqual(['sub_llm_agent_2'])
      expect(textsOf(events)).toEqual([])
      expect([root.requests.length, mid.requests.length, leaf.requests.length]).toEqual([1, 1, 1])
    })
  })

  /** A resumable SequentialAgent paused in its first sub-agent's long-running call. */
  async function pausedSequence() {
    const one = lroAgent('sub_agent_1', [callTool, 'one done'])
    const two = impl.model(['two done'])
    const seq = new SequentialAgent({
      name: 'root_agent',
      subAgents: [one.agent, new LlmAgent({ name: 'sub_agent_2', model: two.model })],
    })
    const run = await portRunner(impl, seq, { resumable: true })
    const events = await run.send('test')
    return { run, events, requests: () => [one.requests.length, two.requests.length] }
  }

  describe('test_resume_invocation (adk-python) — resuming a paused invocation', () => {
    portCase(
      impl,
      'an answer resumes a paused SequentialAgent: the paused agent goes on, then the next',
      async () => {
        const { run, events, requests } = await pausedSequence()
        const id = callsOf(events).find((c) => c.name === 'test_tool').id
        const resumed = await run.send([functionResponse('test_tool', id, { result: 'test tool update' })])
        expect(textsOf(resumed)).toEqual(['one done', 'two done'])
        expect(resumed.every((e) => e.invocationId === events[0].invocationId)).toBe(true)
        expect(requests()).toEqual([2, 1])
      },
      { googleFails: NO_PAUSED_SEQUENCE },
    )

    portCase(impl, 'a completed resumable invocation resumed by id runs nothing', async () => {
      const agent = new LlmAgent({ name: 'root_agent', model: impl.model(['hello']).model })
      const run = await portRunner(impl, agent, { resumable: true })
      const events = await run.send('test')
      expect(textsOf(events)).toEqual(['hello'])
      expect(await run.resume(events[0].invocationId)).toEqual([])
    })

    portCase(
      impl,
      'a paused invocation resumed by its id with no answer stays paused: no model is asked again',
      async () => {
        const { run, events, requests } = await pausedSequence()
        expect(textsOf(await run.resume(events[0].invocationId))).toEqual([])
        expect(requests()).toEqual([1, 0])
      },
      { googleFails: NO_INVOCATION_ID },
    )
  })
}
