import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { fixture, runBin } from './run-bin.test-helper.js'

// `adk-fluent run` on a run that pauses: the questions on stderr, the answers read from stdin (piped here, one line
// each), the run goes on; without answers it exits with code 3 and says what it waits for.

const dir = mkdtempSync(join(tmpdir(), 'adk-cli-pause-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const desk = fixture('refund-desk.ts')

describe('adk-fluent run on a run that pauses', { timeout: 180_000 }, () => {
  it('asks to approve the call; "y" runs it once and the run goes on', async () => {
    const result = await runBin(['run', desk, 'refund 42'], {}, 'y\n')
    expect(result.stderr).toContain('Refund this order?\nApprove refund({"order":42})? [y/N] ')
    expect(result.stdout.match(/← refund: /g)).toHaveLength(1)
    expect(result.stdout).toContain('[desk] ← refund: {"refunded":42}')
    expect(result.stdout).toContain('[desk] Done: {"refunded":42}')
    expect(result.code).toBe(0)
  })

  it('refuses on anything but y: the tool never runs and the model is told', async () => {
    const result = await runBin(['run', desk, 'refund 42'], {}, '\n')
    expect(result.stdout).not.toContain('{"refunded":42}')
    expect(result.stdout).toContain('[desk] Done: {"error":"This tool call is rejected."}')
    expect(result.code).toBe(0)
  })

  it('reads an input as JSON when its schema asks for an object, asking again after a bad line', async () => {
    const result = await runBin(['run', desk, 'how much?'], {}, 'ten\n{"amount":"ten"}\n{"amount":10}\n')
    expect(result.stderr).toContain('How much should we refund?\nReply as JSON matching {')
    expect(result.stderr).toContain('The reply must be JSON matching the schema')
    expect(result.stderr).toContain(
      "does not match its responseSchema: Invalid input: expected number, received string at 'amount'",
    )
    expect(result.stdout).toContain('[desk] Done: {"amount":10}')
    expect(result.code).toBe(0)
  })

  it('takes a plain text reply as it is when the input has no schema', async () => {
    const result = await runBin(['run', desk, 'note please'], {}, 'Sorry for the wait\n')
    expect(result.stderr).toContain('Any note for the customer?\n> ')
    expect(result.stdout).toContain('[desk] Done: {"result":"Sorry for the wait"}')
    expect(result.code).toBe(0)
  })

  it('exits with code 3 when stdin ends before the answers, naming what the run waits for', async () => {
    const db = `sqlite:${join(dir, 'paused.db')}`
    const result = await runBin(['run', desk, 'refund 7', '--sessions', db, '--session', 'ticket-7'])
    expect(result.code).toBe(3)
    expect(result.stdout).not.toContain('refunded')
    expect(result.stderr).toMatch(/the run paused and waits for \S+ \(confirmation refund\), but stdin ended/)
    expect(result.stderr).toContain('The paused run is kept in session ticket-7.')
  })
})
