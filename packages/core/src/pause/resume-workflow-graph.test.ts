import { describe, expect, it, vi } from 'vitest'
import { LlmAgent } from '../agents/llm-agent.js'
import { SequentialAgent } from '../agents/sequential-agent.js'
import { FunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { Workflow } from '../workflow/workflow.js'
import { FunctionNode } from '../workflow/function-node.js'
import { RequestInput } from './request-input.js'
import { createRequestInputEvent } from './request-input-event.js'
import { listPendingInterrupts } from './pending-interrupts.js'
import {
  APP,
  USER,
  collect,
  confirmationAnswer,
  newSession,
  resumableRunner,
  texts,
  userText,
} from './resume.test-helper.js'

describe('a graph Workflow that pauses inside a resumable sequence', () => {
  it('holds the agents after it until the answer; the answer resumes the workflow, then they run', async () => {
    const refund = vi.fn(() => ({ ok: true }))
    const payer = new LlmAgent({
      name: 'payer',
      model: new ScriptedLlm([call('refund', {}, 'c1'), 'Refunded.']),
      tools: [
        new FunctionTool({ name: 'refund', description: 'Refunds.', execute: refund, requireConfirmation: true }),
      ],
    })
    const notify = new ScriptedLlm(['Told.'])
    const agent = new SequentialAgent({
      name: 'flow',
      subAgents: [
        new Workflow({ name: 'pay', edges: [['START', payer]] }),
        new LlmAgent({ name: 'notify', model: notify }),
      ],
    })
    const { service, sessionId } = await newSession()
    await collect(resumableRunner(agent, service), { sessionId, newMessage: userText('refund') })
    expect(notify.requests).toHaveLength(0)
    const [pending] = await listPendingInterrupts(service, { appName: APP, userId: USER, sessionId })
    expect(pending).toMatchObject({ kind: 'confirmation', tool: 'refund' })
    const resumed = await collect(resumableRunner(agent, service), {
      sessionId,
      newMessage: confirmationAnswer(pending?.id, true),
    })
    expect(refund).toHaveBeenCalledTimes(1)
    expect(texts(resumed)).toContain('notify: Told.')
    expect(notify.requests).toHaveLength(1)
  })

  it('a function node that returns the RequestInput event pauses the workflow and the agents after it', async () => {
    const notify = new ScriptedLlm(['Told.'])
    const ask = new FunctionNode('ask', (ctx) =>
      createRequestInputEvent(new RequestInput({ interruptId: 'amount', message: 'How much?' }), {
        invocationId: ctx.invocationContext.invocationId,
        author: 'ask',
      }),
    )
    const agent = new SequentialAgent({
      name: 'flow',
      subAgents: [
        new Workflow({ name: 'intake', edges: [['START', ask]] }),
        new LlmAgent({ name: 'notify', model: notify }),
      ],
    })
    const { service, sessionId } = await newSession()
    await collect(resumableRunner(agent, service), { sessionId, newMessage: userText('refund') })
    expect(notify.requests).toHaveLength(0)
    expect(await listPendingInterrupts(service, { appName: APP, userId: USER, sessionId })).toMatchObject([
      { id: 'amount', kind: 'input', message: 'How much?', agent: 'ask' },
    ])
  })
})
