import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { InMemorySessionService } from '@adk-fluent/core'
import { RunPausedError } from '@adk-fluent/fluent'
import { chromiumMissing, devUiPages } from './chromium.test-helper.js'
import { refundFlow } from './web-fixtures.test-helper.js'

// A paused run in the dev UI's page (headless Chromium): its interrupts listed in the chat and answered there.

const title = chromiumMissing
  ? `the dev UI inbox in Chromium (SKIPPED: ${chromiumMissing})`
  : 'the dev UI inbox in Chromium'

describe.skipIf(chromiumMissing !== undefined)(title, () => {
  const openPage = devUiPages()

  async function chat(page: Page, text: string): Promise<void> {
    await page.click('[data-tab="chat"]')
    await page.fill('.chat-input', text)
    await page.click('.send')
  }

  const texts = (page: Page) =>
    page.$$eval('#tab-chat .timeline .row[data-kind="text"]', (rows) => rows.map((row) => row.textContent ?? ''))

  it('lists the approval a run waits for; Approve runs the refund once and the run goes on in the same view', async () => {
    const { flow, refunds } = refundFlow()
    const { page } = await openPage({ builder: flow, module: {}, file: 'desk.ts', env: {}, port: 0 })
    await chat(page, 'refund 42')
    const item = await page.waitForSelector('.inbox-item[data-kind="confirmation"]')
    expect(await item.textContent()).toContain('refund({"order":42})')
    expect(await item.textContent()).toContain('Refund this order?')
    expect(refunds).toEqual([])

    // A payload that is not JSON is said at once, and nothing is sent.
    await page.fill('.inbox-payload', '{not json')
    await page.click('.inbox-item .approve')
    expect(await page.textContent('.inbox-item .inbox-error')).toContain('The payload must be JSON')
    await page.fill('.inbox-payload', '')

    await page.click('.inbox-item .approve')
    await page.waitForFunction(() => {
      const document = (globalThis as unknown as { document: { querySelector(s: string): { hidden: boolean } } })
        .document
      return document.querySelector('.inbox').hidden
    })
    await page.waitForSelector('#tab-chat .timeline .row[data-kind="text"]')
    expect((await texts(page)).join('\n')).toContain('Done: {"refunded":42}')
    expect(refunds).toEqual([42])
  })

  it('shows the interrupts of a session paused elsewhere when it opens, and Approve all answers them together', async () => {
    const { flow, refunds } = refundFlow()
    const sessionService = new InMemorySessionService()
    // Paused by another runner on the same store (as another process would, with a shared --sessions store).
    const paused = await flow.ask('refund 1 and 2', { sessionService, sessionId: 'ticket' }).catch((error) => error)
    expect(RunPausedError.isInstance(paused)).toBe(true)
    const { page } = await openPage({
      builder: flow,
      module: {},
      file: 'desk.ts',
      env: {},
      port: 0,
      sessionService,
      session: 'ticket',
    })
    await page.click('[data-tab="chat"]')
    await page.waitForSelector('.inbox-item')
    expect(await page.$$eval('.inbox-item code', (codes) => codes.map((code) => code.textContent))).toEqual([
      'refund({"order":1})',
      'refund({"order":2})',
    ])
    await page.click('.approve-all')
    await page.waitForSelector('#tab-chat .timeline .row[data-kind="text"]')
    expect(refunds).toEqual([1, 2])
    expect(await page.isHidden('.inbox')).toBe(true)
  })

  it('asks for input: a reply that is not JSON or breaks the schema is shown, a good one resumes the run', async () => {
    const { flow } = refundFlow()
    const { page, watch } = await openPage({ builder: flow, module: {}, file: 'desk.ts', env: {}, port: 0 })
    await chat(page, 'how much?')
    const item = await page.waitForSelector('.inbox-item[data-kind="input"]')
    expect(await item.textContent()).toContain('How much should we refund?')
    expect(await page.textContent('.inbox-schema')).toContain('"amount"')

    await page.fill('.inbox-reply', 'ten')
    await page.click('.inbox-item .reply')
    expect(await page.textContent('.inbox-item .inbox-error')).toContain('The reply must be JSON')

    await page.fill('.inbox-reply', '{"amount":"ten"}')
    await page.click('.inbox-item .reply')
    await page.waitForFunction(() => {
      const document = (globalThis as unknown as { document: { querySelector(s: string): { textContent: string } } })
        .document
      return document.querySelector('.inbox-item .inbox-error').textContent.includes('cannot resume the run')
    })
    // The browser logs the refused request; nothing else went wrong.
    expect(watch.problems.splice(0)).toEqual([
      'console.error: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ])

    await page.fill('.inbox-reply', '{"amount":10}')
    await page.click('.inbox-item .reply')
    await page.waitForSelector('#tab-chat .timeline .row[data-kind="text"]')
    expect((await texts(page)).join('\n')).toContain('Done: {"amount":10}')
    expect(await page.isHidden('.inbox')).toBe(true)
  })
})
