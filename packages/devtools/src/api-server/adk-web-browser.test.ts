// Google's dev UI (adk-web, from @google/adk-devtools) in headless Chromium, served by our server with `adkWeb`,
// lists the app, creates a session and chats with an adk-fluent pipeline on scripted models, all offline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent } from '@adk-fluent/fluent'
import { ScriptedLlm, text } from '@adk-fluent/core/testing'
import { startAdkApiServer, type AdkApiServer } from '../index.js'
import { chromiumMissing, launchChromium } from '../web/chromium.test-helper.js'

let server: AdkApiServer
let browser: Awaited<ReturnType<typeof launchChromium>> | undefined

beforeAll(async () => {
  const drafter = Agent('drafter')
    .instruct('Draft a reply.')
    .model(new ScriptedLlm([text('a rough draft')]))
    .writes('draft')
  const editor = Agent('editor')
    .instruct('Polish {draft}.')
    .model(new ScriptedLlm([text('Polished reply from adk-fluent')]))
  server = await startAdkApiServer({ apps: { pipeline: drafter.then(editor) }, port: 0, adkWeb: true })
  if (!chromiumMissing) browser = await launchChromium()
}, 30_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe.skipIf(chromiumMissing !== undefined)('adk-web drives an adk-fluent pipeline', () => {
  it('lists the app, chats through /run_sse and shows the reply', async () => {
    const page = await (browser as NonNullable<typeof browser>).context.newPage()
    const calls: string[] = []
    const refused: string[] = []
    // Offline: the page's web fonts are the only requests that would leave 127.0.0.1; refuse them.
    await page.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => {
        refused.push(route.request().url())
        return route.abort()
      },
    )
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.hostname === '127.0.0.1' && !url.pathname.startsWith('/dev-ui/'))
        calls.push(`${request.method()} ${url.pathname}`)
    })
    const failed: string[] = []
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (url.hostname === '127.0.0.1' && response.status() >= 500) failed.push(`${response.status()} ${url.pathname}`)
    })
    await page.goto(`${server.url}/dev-ui/?app=pipeline`)
    const input = page.locator('textarea').first()
    await input.waitFor({ timeout: 15_000 })
    await input.fill('hi')
    await input.press('Enter')
    await page.getByText('Polished reply from adk-fluent').first().waitFor({ timeout: 15_000 })
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /list-apps',
        'GET /dev/apps/pipeline/build_graph',
        'POST /apps/pipeline/users/user/sessions',
        'POST /run_sse',
        'GET /dev/apps/pipeline/eval_sets',
      ]),
    )
    // It asks for the session's trace once the turn ends, and gets the run's spans.
    await expect
      .poll(() => calls.some((call) => /^GET \/dev\/apps\/pipeline\/debug\/trace\/session\/[\w-]+$/.test(call)))
      .toBe(true)
    expect(failed).toEqual([])
    expect(refused.every((url) => /fonts\.(googleapis|gstatic)\.com/.test(url))).toBe(true)
    await page.close()
  }, 40_000)
})
