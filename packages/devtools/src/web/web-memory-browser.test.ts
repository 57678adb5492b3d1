import { InMemoryMemoryService } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent } from '@adk-fluent/fluent'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumMissing, launchChromium, watchPage } from './chromium.test-helper.js'
import { startWebServer } from './web-server.js'

// The Memory tab and the Sessions tab's "Add to memory" in a real headless Chromium.

const title = chromiumMissing
  ? `the dev UI's memory in Chromium (SKIPPED: ${chromiumMissing})`
  : "the dev UI's memory in Chromium"

describe.skipIf(chromiumMissing !== undefined)(title, () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>
  beforeAll(async () => {
    browser = await launchChromium()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
  })

  it('adds a replayed session to memory and finds its memories in the Memory tab', async () => {
    const memoryService = new InMemoryMemoryService()
    const builder = Agent('assistant')
      .model(new ScriptedLlm(['Lisbon is lovely.']))
      .instruct('Help.')
      .memory()
    const server = await startWebServer({ builder, module: {}, file: 'x.ts', env: {}, port: 0, memoryService })
    const page = await browser.context.newPage()
    const watch = watchPage(page)
    try {
      const post = (path: string, body: unknown) =>
        fetch(new URL(path, server.url), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.json() as Promise<Record<string, string>>)
      const session = await post('/api/sessions', {})
      const run = await post(`/api/sessions/${session['id']}/runs`, { text: 'I live in Lisbon.' })
      for (;;) {
        const state = (await (await fetch(new URL(`/api/runs/${run['runId']}`, server.url))).json()) as {
          finished: boolean
        }
        if (state.finished) break
        await new Promise((resolve) => setTimeout(resolve, 10))
      }

      await page.goto(server.url)
      await page.waitForSelector('body[data-ready="true"]')
      expect(await page.textContent('#badges')).toContain('memory: memory:')
      await page.click('[data-tab="sessions"]')
      await page.click(`#tab-sessions tr[data-session="${session['id']}"] .open`)
      await page.click('#tab-sessions .remember')
      await page.waitForFunction(() =>
        (globalThis as unknown as { document: { querySelector(s: string): { textContent: string } | null } }).document
          .querySelector('#tab-sessions .remembered')
          ?.textContent.startsWith('added'),
      )
      expect(await page.textContent('#tab-sessions .remembered')).toBe('added: 2 memories (events with text)')

      await page.click('[data-tab="memory"]')
      await page.fill('#tab-memory .memory-query', 'lisbon')
      await page.click('#tab-memory .memory-search button')
      await page.waitForSelector('#tab-memory tr.memory')
      const rows = await page.$$eval('#tab-memory tr.memory', (list) =>
        list.map((row) =>
          [...(row as unknown as { children: { textContent: string }[] }).children]
            .slice(1)
            .map((cell) => cell.textContent),
        ),
      )
      expect(rows).toEqual([
        ['user', 'I live in Lisbon.'],
        ['assistant', 'Lisbon is lovely.'],
      ])
      expect(await page.textContent('#tab-memory .memory-status')).toBe(
        '2 memories (the newest 50 at most), oldest first.',
      )
      await page.fill('#tab-memory .memory-query', 'Porto')
      await page.click('#tab-memory .memory-search button')
      await page.waitForFunction(
        () =>
          (
            globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }
          ).document.querySelectorAll('#tab-memory tr.memory').length === 0,
      )
      expect(await page.textContent('#tab-memory .memory-status')).toBe('No memory shares a word with "Porto".')
      expect(watch.problems).toEqual([])
      expect(watch.outside).toEqual([])
    } finally {
      await page.close()
      await server.close()
    }
  }, 60_000)
})
