import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent, ConfigError } from '@adk-fluent/fluent'
import { supervised } from './supervised.js'
import { reply, runFlow, type SeenRequest } from './run-flow.test-helper.js'

function drafter(log: SeenRequest[], drafts: readonly string[]) {
  return Agent('drafter')
    .instruct('Draft a reply to the customer.')
    .writes('draft')
    .mock(drafts.map((draft) => reply(log, draft)))
}

function lead(replies: readonly string[]) {
  return Agent('lead').instruct('Answer APPROVED, or REJECTED and what to change.').reads('draft').mock(replies)
}

describe('supervised', () => {
  it('stops when the supervisor approves and passes the rejection feedback to the worker', async () => {
    const drafts: SeenRequest[] = []
    const flow = supervised({
      worker: drafter(drafts, ['v1', 'v2']),
      supervisor: lead(['REJECTED: apologise first.', 'Approved. Send it.']),
    })
    const { state } = await runFlow(flow)
    expect(drafts).toHaveLength(2)
    expect(drafts[0]?.system).not.toContain('<conversation_context>')
    expect(drafts[1]?.system).toContain(
      '<conversation_context>\n[feedback]: REJECTED: apologise first.\n</conversation_context>',
    )
    expect(state).toMatchObject({ draft: 'v2', approved: true, approved_rounds: 2, approved_stop_reason: 'approved' })
  })

  it(".ask() answers the approved work, not the supervisor's approval", async () => {
    const flow = supervised({ worker: drafter([], ['v1', 'v2']), supervisor: lead(['REJECTED: shorter.', 'APPROVED']) })
    expect(await flow.ask('go')).toBe('v2')
  })

  it('gives up after maxRevisions rejected revisions; "Not approved" is a rejection', async () => {
    const drafts: SeenRequest[] = []
    const flow = supervised({
      worker: drafter(drafts, ['v1', 'v2']),
      supervisor: lead(['Not approved: too long.', 'No.']),
      maxRevisions: 1,
    })
    const { state } = await runFlow(flow)
    expect(drafts).toHaveLength(2)
    expect(state).toMatchObject({
      approved: false,
      approved_rounds: 2,
      approved_stop_reason: 'max revisions',
      feedback: 'No.',
    })
  })

  it('reads a structured decision under a custom approval key', async () => {
    const supervisor = Agent('lead')
      .returns(z.object({ signed_off: z.boolean(), feedback: z.string() }))
      .mock(['{"signed_off": false, "feedback": "Add the order number."}', '{"signed_off": true, "feedback": ""}'])
    const { state } = await runFlow(
      supervised({ worker: drafter([], ['v1', 'v2']), supervisor, approvalKey: 'signed_off' }),
    )
    expect(state).toMatchObject({
      signed_off: true,
      signed_off_stop_reason: 'approved',
      signed_off_review: { signed_off: true, feedback: '' },
    })
  })

  it('rejects bad options with a ConfigError naming the field', () => {
    const worker = Agent('drafter')
    const supervisor = Agent('lead')
    expect(() => supervised({ worker, supervisor, maxRevisions: -1 })).toThrow(
      new ConfigError([
        {
          code: 'number_invalid',
          path: ['supervised', 'maxRevisions'],
          message: 'must be a whole number >= 0, got -1 (number).',
          hint: 'Pass maxRevisions: 0 or more (default 3).',
        },
      ]),
    )
    expect(() => supervised({ worker, supervisor, approvalKey: '1st' })).toThrow(
      'supervised.approvalKey: "1st" (string) is not a valid state key',
    )
    expect(() => supervised({ worker } as never)).toThrow(
      "supervised.supervisor: expected a builder, it is missing. Pass one, for example supervisor: Agent('lead').reads('draft').",
    )
  })
})
