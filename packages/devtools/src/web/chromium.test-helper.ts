import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { chromiumFlags, chromiumPath } from '../../../../scripts/chromium.mjs'
import { startWebServer, type WebServer, type WebServerOptions } from './web-server.js'

export { chromiumPath }

/** Why the browser tests cannot run here, or `undefined` when they can. */
export const chromiumMissing = existsSync(chromiumPath)
  ? undefined
  : `no Chromium at ${chromiumPath} (install it with: apt-get update && apt-get install -y chromium)`

if (chromiumMissing) process.stderr.write(`\n[web] SKIPPING the browser tests of the dev UI: ${chromiumMissing}\n\n`)

/** A headless Chromium with a fresh profile (its own user-data-dir, removed by `close`). */
export async function launchChromium(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'adk-fluent-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumFlags],
    viewport: { width: 1280, height: 800 },
  })
  return {
    context,
    close: async () => {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** What a page did that a test must see: console errors, uncaught errors, and requests that left 127.0.0.1. */
export interface PageWatch {
  readonly problems: string[]
  readonly outside: string[]
}

/** Records console errors, page errors and any request whose host is not 127.0.0.1. */
export function watchPage(page: Page): PageWatch {
  const watch: PageWatch = { problems: [], outside: [] }
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      watch.problems.push(`console.${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => watch.problems.push(`page error: ${error.message}`))
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol !== 'data:' && url.hostname !== '127.0.0.1') watch.outside.push(request.url())
  })
  return watch
}

/**
 * The hooks of a suite of dev-UI pages: one Chromium for the suite; after each test every page is closed and must have
 * had no console error and no request leaving 127.0.0.1, and every server is closed. Returns `open(options)`, which
 * starts a server and opens its page, started (a test that expects a problem takes it out of `watch`).
 */
export function devUiPages(): (
  options: WebServerOptions,
) => Promise<{ page: Page; server: WebServer; watch: PageWatch }> {
  let browser: Awaited<ReturnType<typeof launchChromium>>
  const servers: WebServer[] = []
  const pages: { page: Page; watch: PageWatch }[] = []

  beforeAll(async () => {
    browser = await launchChromium()
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
  })

  afterEach(async () => {
    for (const { page, watch } of pages.splice(0)) {
      await page.close()
      expect(watch.problems).toEqual([])
      expect(watch.outside).toEqual([])
    }
    await Promise.all(servers.splice(0).map((server) => server.close()))
  })

  return async (options) => {
    const server = await startWebServer(options)
    servers.push(server)
    const page = await browser.context.newPage()
    const watch = watchPage(page)
    pages.push({ page, watch })
    await page.goto(server.url)
    await page.waitForSelector('body[data-ready="true"]')
    return { page, server, watch }
  }
}
