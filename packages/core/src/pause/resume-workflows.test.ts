import { describe, expect, it, vi } from 'vitest'
import { LlmAgent } from '../agents/llm-agent.js'
import { LoopAgent } from '../agents/loop-agent.js'
import { ParallelAgent } from '../agents/parallel-agent.js'
import { SequentialAgent } from '../agents/sequential-agent.js'
import { FunctionTool, LongRunningFunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { listPendingInterrupts } from './pending-interrupts.js'
import { answerInterrupts } from './answer-interrupts.js'
import { APP, USER, collect, dyingAt, newSession, resumableRunner, texts, userText } from './resume.test-helper.js'
import type { BaseAgent } from '../agents/base-agent.js'
import type { BaseSessionService } from '../sessions/base-session-service.js'
import type { Event } from '../events/event.js'

async function answerAll(agent: BaseAgent, service: BaseSessionService, sessionId: string, answer: unknown) {
  const pending = await listPendingInterrupts(service, { appName: APP, userId: USER, sessionId })
  const events: Event[] = []
  for await (const event of answerInterrupts(resumableRunner(agent, service), {
    userId: USER,
    sessionId,
    answers: Object.fromEntries(pending.map((item) => [item.id, answer])),
  }))
    events.push(event)
  return events
}

function publishTool() {
  const publish = vi.fn(() => ({ published: true }))
  return {
    publish,
    tool: new FunctionTool({ name: 'publish', description: 'Publishes.', execute: publish, requireConfirmation: true }),
  }
}

describe('resuming loops, fan-outs, transfers and long-running tools', () => {
  it('a loop paused in its second round goes on in that round, then runs the rest', async () => {
    const { publish, tool } = publishTool()
    const writer = new ScriptedLlm(['draft 1', 'draft 2', 'draft 3'])
    const editor = new ScriptedLlm(['fine', call('publish', {}, 'p2'), 'published 2', 'fine'])
    const agent = new LoopAgent({
      name: 'rounds',
      maxIterations: 3,
      subAgents: [
        new LlmAgent({ name: 'writer', model: writer }),
        new LlmAgent({ name: 'editor', model: editor, tools: [tool] }),
      ],
    })
    const { service, sessionId } = await newSession()
    const first = await collect(resumableRunner(agent, service), { sessionId, newMessage: userText('write') })
    expect(texts(first)).toEqual(['writer: draft 1', 'editor: fine', 'writer: draft 2'])
    expect(first.filter((event) => event.actions.agentState).map((event) => event.actions.agentState)).toEqual([
      { timesLooped: 0 },
      { timesLooped: 1 },
    ])
    const resumed = await answerAll(agent, service, sessionId, true)
    expect(texts(resumed)).toEqual(['editor: published 2', 'writer: draft 3', 'editor: fine'])
    expect(publish).toHaveBeenCalledTimes(1)
    expect(writer.requests).toHaveLength(3)
    expect(resumed.filter((event) => event.actions.agentState).map((event) => event.actions.agentState)).toEqual([
      { timesLooped: 2 },
    ])
  })

  it('a fan-out: the branch that finished is not run again, the paused one resumes, then the sequence goes on', async () => {
    const { publish, tool } = publishTool()
    const news = new ScriptedLlm(['news done'])
    const blog = new ScriptedLlm([call('publish', {}, 'p1'), 'blog published'])
    const summary = new ScriptedLlm(['summary'])
    const agent = new SequentialAgent({
      name: 'flow',
      subAgents: [
        new ParallelAgent({
          name: 'fan',
          subAgents: [
            new LlmAgent({ name: 'news', model: news }),
            new LlmAgent({ name: 'blog', model: blog, tools: [tool] }),
          ],
        }),
        new LlmAgent({ name: 'summary', model: summary }),
      ],
    })
    const { service, sessionId } = await newSession()
    const first = await collect(resumableRunner(agent, service), { sessionId, newMessage: userText('go') })
    expect(texts(first)).toEqual(['news: news done'])
    const [pending] = await listPendingInterrupts(service, { appName: APP, userId: USER, sessionId })
    expect(pending?.branch).toBe('fan.blog')
    const resumed = await answerAll(agent, service, sessionId, true)
    expect(texts(resumed)).toEqual(['blog: blog published', 'summary: summary'])
    expect([news.requests.length, blog.requests.length, summary.requests.length]).toEqual([1, 2, 1])
    expect(publish).toHaveBeenCalledTimes(1)
  })

  it('a paused transfer target resumes through the agent that transferred to it', async () => {
    const { publish, tool } = publishTool()
    const root = new ScriptedLlm([call('transfer_to_agent', { agent_name: 'publisher' }, 't1')])
    const publisherLlm = new ScriptedLlm([call('publish', {}, 'p1'), 'done publishing'])
    const agent = new LlmAgent({
      name: 'root',
      model: root,
      subAgents: [new LlmAgent({ name: 'publisher', model: publisherLlm, tools: [tool] })],
    })
    const { service, sessionId } = await newSession()
    await collect(resumableRunner(agent, service), { sessionId, newMessage: userText('publish it') })
    const resumed = await answerAll(agent, service, sessionId, true)
    expect(texts(resumed)).toEqual(['publisher: done publishing'])
    expect(publish).toHaveBeenCalledTimes(1)
    expect(root.requests).toHaveLength(1)
  })

  it('a long-running tool pauses a resumable run until the client sends its result, even after an intermediate one', async () => {
    const start = vi.fn(() => ({ status: 'pending', ticket: 7 }))
    const job = new LongRunningFunctionTool({ name: 'start_job', description: 'Starts a job.', execute: start })
    const worker = new ScriptedLlm([call('start_job', { size: 3 }, 'j1'), 'The job finished: 42.'])
    const after = new ScriptedLlm(['reported'])
    const agent = new SequentialAgent({
      name: 'jobs',
      subAgents: [
        new LlmAgent({ name: 'worker', model: worker, tools: [job] }),
        new LlmAgent({ name: 'reporter', model: after }),
      ],
    })
    const { service, sessionId } = await newSession()
    const first = await collect(resumableRunner(agent, service), { sessionId, newMessage: userText('run it') })
    expect(first.at(-1)?.content?.parts?.[0]?.functionResponse?.response).toEqual({ status: 'pending', ticket: 7 })
    expect(worker.requests).toHaveLength(1)
    const pending = await listPendingInterrupts(service, { appName: APP, userId: USER, sessionId })
    expect(pending).toMatchObject([
      { kind: 'long_running', id: 'j1', functionCallName: 'start_job', tool: 'start_job', args: { size: 3 } },
    ])
    // A resume before the result arrives keeps waiting.
    expect(
      await collect(resumableRunner(agent, service), { sessionId, invocationId: first[0]?.invocationId as string }),
    ).toEqual([])
    const resumed = await answerAll(agent, service, sessionId, { result: 42 })
    expect(texts(resumed)).toEqual(['worker: The job finished: 42.', 'reporter: reported'])
    expect(start).toHaveBeenCalledTimes(1)
    expect(worker.requests[1]?.contents.at(-1)?.parts?.[0]?.functionResponse?.response).toEqual({ result: 42 })
  })

  it('a long-running tool that answers nothing keeps the state it wrote (an event without content)', async () => {
    const job = new LongRunningFunctionTool({
      name: 'start_job',
      description: 'Starts a job.',
      execute: (_args, context) => {
        context.state.set('pending_job', 'job-123')
        return undefined
      },
    })
    const agent = new LlmAgent({ name: 'worker', model: new ScriptedLlm([call('start_job', {}, 'j1')]), tools: [job] })
    const { service, sessionId } = await newSession()
    const events = await collect(resumableRunner(agent, service, false), { sessionId, newMessage: userText('go') })
    expect(events.at(-1)?.content).toBeUndefined()
    expect(events.at(-1)?.actions.stateDelta).toEqual({ pending_job: 'job-123' })
    expect((await service.getSession({ appName: APP, userId: USER, sessionId }))?.state['pending_job']).toBe('job-123')
  })

  it('a parallel branch that died mid-run resumes; its finished sibling does not run again', async () => {
    const left = new ScriptedLlm(['left done'])
    const right = new ScriptedLlm(['right lost', 'right done'])
    const agent = new ParallelAgent({
      name: 'both',
      subAgents: [new LlmAgent({ name: 'left', model: left }), new LlmAgent({ name: 'right', model: right })],
    })
    const { service, sessionId } = await newSession()
    const crashed = await collect(
      resumableRunner(
        agent,
        dyingAt(service, (event) => event.author === 'right'),
      ),
      { sessionId, newMessage: userText('go') },
    )
    expect(crashed.at(-1)?.errorCode).toBe('SESSION_STORE_FAILED')
    expect(texts(crashed)).toEqual(['left: left done'])
    const resumed = await collect(resumableRunner(agent, service), {
      sessionId,
      invocationId: crashed[0]?.invocationId as string,
    })
    // left's answer was stored (its end marker died with the process): it is not asked again.
    expect(texts(resumed)).toEqual(['right: right done'])
    expect(left.requests).toHaveLength(1)
    expect(right.requests).toHaveLength(2)
  })
})
