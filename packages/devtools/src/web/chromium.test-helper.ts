import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { chromiumFlags, chromiumPath } from '../../../../scripts/chromium.mjs'

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
