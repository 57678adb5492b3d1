// Issue 42, attacked in the library: one user's paused invocation, resumed or answered from another user's session
// on the same session service, or resumed again once it completed.
import { describe, expect, it, vi } from 'vitest'
import { LlmAgent } from '../agents/llm-agent.js'
import { FunctionTool } from '../tools/function-tool.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import { ScriptedLlm, call, text } from '../testing/scripted-llm.js'
import type { LlmRequest } from '../models/llm-request.js'
import type { Runner } from '../runner/runner.js'
import { answerInterrupts } from './answer-interrupts.js'
import { listPendingInterrupts } from './pending-interrupts.js'
import { APP, collect, resumableRunner, userText } from './resume.test-helper.js'

function desk() {
  const refund = vi.fn((args: Record<string, unknown>) => ({ refunded: args['order'] as number }))
  const reply = (request: LlmRequest) =>
    request.contents.at(-1)?.parts?.some((part) => typeof part.text === 'string')
      ? call('refund', { order: 42 }, 'c1')
      : text('Refunded.')
  const agent = new LlmAgent({
    name: 'desk',
    model: new ScriptedLlm(Array.from({ length: 10 }, () => reply)),
    tools: [new FunctionTool({ name: 'refund', description: 'Refunds.', requireConfirmation: true, execute: refund })],
  })
  return { agent, refund }
}

async function alicePaused() {
  const service = new InMemorySessionService()
  const { agent, refund } = desk()
  const runner = resumableRunner(agent, service)
  await service.createSession({ appName: APP, userId: 'alice', sessionId: 's' })
  await service.createSession({ appName: APP, userId: 'bob', sessionId: 's' })
  const paused = await collect(runner, { userId: 'alice', sessionId: 's', newMessage: userText('refund 42') })
  const [pending] = await listPendingInterrupts(service, { appName: APP, userId: 'alice', sessionId: 's' })
  return { service, runner, refund, invocationId: paused.at(-1)!.invocationId, pending: pending! }
}

async function aliceApproves(runner: Runner, id: string): Promise<void> {
  for await (const _ of answerInterrupts(runner, { userId: 'alice', sessionId: 's', answers: { [id]: true } })) void _
}

describe("another user's pause, on the same session service", () => {
  it("bob's session of the same id: alice's invocationId resumes nothing, her interrupt id answers nothing", async () => {
    const { service, runner, refund, invocationId, pending } = await alicePaused()
    await expect(collect(runner, { userId: 'bob', sessionId: 's', invocationId })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      issues: [expect.objectContaining({ code: 'resume_invalid' })],
    })
    const viaAnswers = answerInterrupts(runner, { userId: 'bob', sessionId: 's', answers: { [pending.id]: true } })
    await expect(viaAnswers.next()).rejects.toMatchObject({ code: 'INTERRUPT_ANSWER_INVALID' })
    const approval = {
      role: 'user',
      parts: [
        { functionResponse: { id: pending.id, name: 'adk_request_confirmation', response: { confirmed: true } } },
      ],
    }
    await expect(
      collect(runner, { userId: 'bob', sessionId: 's', newMessage: approval, invocationId }),
    ).rejects.toMatchObject({ code: 'INTERRUPT_ANSWER_INVALID' })
    expect(refund).not.toHaveBeenCalled()
    expect((await service.getSession({ appName: APP, userId: 'bob', sessionId: 's' }))?.events).toEqual([])
    // Alice's pause is intact: her answer runs the refund once.
    await aliceApproves(runner, pending.id)
    expect(refund).toHaveBeenCalledTimes(1)
  })

  it('a completed invocation resumed again (by id, or answered again) runs no tool again', async () => {
    const { runner, refund, invocationId, pending } = await alicePaused()
    await aliceApproves(runner, pending.id)
    expect(refund).toHaveBeenCalledTimes(1)
    await collect(runner, { userId: 'alice', sessionId: 's', invocationId })
    const again = answerInterrupts(runner, { userId: 'alice', sessionId: 's', answers: { [pending.id]: true } })
    await expect(again.next()).rejects.toMatchObject({ code: 'INTERRUPT_ANSWER_INVALID' })
    expect(refund).toHaveBeenCalledTimes(1)
  })
})
