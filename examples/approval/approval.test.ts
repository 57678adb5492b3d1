import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listPendingInterrupts } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { openSessionService } from '@adk-fluent/sessions'
import { runBin } from '../../packages/devtools/src/cli/run-bin.test-helper.js'
import { startWebServer } from '../../packages/devtools/src/web/web-server.js'
import { Payments, desk, deskReply, mockScript } from './agent.js'
import { runApproval } from './run-approval.js'

let directory: string
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'adk-fluent-approval-'))
})
afterEach(async () => {
  await rm(directory, { recursive: true, force: true })
})

describe('approval example', () => {
  it('approved in a second runner: the refund happens once; refused: no refund and the model is told', async () => {
    const file = join(directory, 'sessions.db')
    const models: ScriptedLlm[] = []
    const lines: string[] = []
    const payments = new Payments()
    const outcomes = await runApproval(
      {
        file,
        model: () => {
          const model = new ScriptedLlm(mockScript)
          models.push(model)
          return model
        },
        print: (line) => lines.push(line),
      },
      payments,
    )
    expect(payments.refunds).toEqual([42])
    expect(outcomes).toEqual([
      { ticket: 'ticket-42', approved: true, answer: 'Order 42 is refunded; the money is on its way.' },
      {
        ticket: 'ticket-7',
        approved: false,
        answer: 'I could not refund the order: the refund was not approved (This tool call is rejected.).',
      },
    ])
    expect(lines).toContain('  paused: Refund this order? refund({"order":42})')
    // Four runners, each on its own model: the pausing ones asked once, the answering ones once (no call repeated).
    expect(models.map((model) => model.requests.length)).toEqual([1, 1, 1, 1])
    // The refusal reached the model: the answering runner's request carries the rejected result.
    const refusedRequest = JSON.stringify(models[3]?.requests[0]?.contents)
    expect(refusedRequest).toContain('This tool call is rejected.')
    // Both sessions are stored with nothing left to answer.
    const store = openSessionService(`sqlite:${file}`)
    try {
      for (const sessionId of ['ticket-42', 'ticket-7'])
        expect(await listPendingInterrupts(store, { appName: 'refund_desk', userId: 'user', sessionId })).toEqual([])
    } finally {
      await store.close()
    }
  })

  it('adk-fluent run asks on the terminal: y refunds, anything else refuses', { timeout: 120_000 }, async () => {
    const agentFile = join(import.meta.dirname, 'agent.ts')
    const [approved, refused] = await Promise.all([
      runBin(['run', agentFile, 'Refund order 42'], {}, 'y\n'),
      runBin(['run', agentFile, 'Refund order 42'], {}, 'n\n'),
    ])
    for (const result of [approved, refused]) {
      expect(result.stderr).toContain('Refund this order?\nApprove refund({"order":42})? [y/N] ')
      expect(result.code).toBe(0)
    }
    expect(approved.stdout).toContain('[refund_desk] ← refund: {"refunded":42,"status":"sent to the bank"}')
    expect(approved.stdout).toContain('[refund_desk] Order 42 is refunded; the money is on its way.')
    expect(refused.stdout).not.toContain('"refunded"')
    expect(refused.stdout).toContain('the refund was not approved (This tool call is rejected.)')
  })

  it(
    'a run paused by adk-fluent run (exit 3, no answers) is answered in adk-fluent web on the same store',
    { timeout: 120_000 },
    async () => {
      const file = join(directory, 'cli.db')
      const agentFile = join(import.meta.dirname, 'agent.ts')
      const paused = await runBin([
        'run',
        agentFile,
        'Refund order 9',
        '--sessions',
        `sqlite:${file}`,
        '--session',
        't9',
      ])
      expect(paused.code).toBe(3)
      expect(paused.stderr).toContain('The paused run is kept in session t9.')
      const module = (await import('./agent.js')) as unknown as Record<string, unknown>
      const sessionService = openSessionService(`sqlite:${file}`)
      const server = await startWebServer({ builder: desk, module, file: agentFile, env: {}, port: 0, sessionService })
      try {
        const url = (path: string) => new URL(path, server.url)
        const { interrupts } = (await (await fetch(url('/api/sessions/t9/interrupts'))).json()) as {
          interrupts: { id: string; tool: string; args: unknown }[]
        }
        expect(interrupts.map((item) => [item.tool, item.args])).toEqual([['refund', { order: 9 }]])
        const started = await fetch(url('/api/sessions/t9/interrupts'), {
          method: 'POST',
          body: JSON.stringify({ answers: { [interrupts[0]!.id]: true } }),
        })
        const { runId } = (await started.json()) as { runId: string }
        let run: { finished: boolean; entries: { kind: string; text?: string }[] }
        for (;;) {
          run = (await (await fetch(url(`/api/runs/${runId}`))).json()) as typeof run
          if (run.finished) break
          await new Promise((resolve) => setTimeout(resolve, 10))
        }
        expect(run.entries.filter((entry) => entry.kind === 'text').map((entry) => entry.text)).toEqual([
          'Order 9 is refunded; the money is on its way.',
        ])
      } finally {
        await server.close()
        await sessionService.close()
      }
    },
  )

  it('the offline reply asks which order when none is named', () => {
    expect(deskReply({ contents: [{ role: 'user', parts: [{ text: 'hello' }] }], config: {}, toolsDict: {} })).toEqual({
      content: { role: 'model', parts: [{ text: 'Which order should I refund?' }] },
    })
  })
})
