// Issue 42: adk-web (Google's dev UI, from @google/adk-devtools) in headless Chromium, served by our server, shows
// its confirmation dialog for a tool that needs approval and its input form for a RequestInput; what the user submits
// resumes the run, all offline on scripted models.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Page } from 'playwright-core'
import { FunctionTool, LlmAgent, RequestInput } from '@adk-fluent/core'
import { ScriptedLlm, call, text } from '@adk-fluent/core/testing'
import { z } from 'zod'
import { startAdkApiServer, type AdkApiServer } from '../index.js'
import { chromiumMissing, launchChromium } from '../web/chromium.test-helper.js'

const refund = vi.fn(({ order }: { order: number }) => ({ refunded: order }))
const deskModel = new ScriptedLlm([call('refund', { order: 42 }, 'c1'), text('Refunded order 42.')])
const clerkModel = new ScriptedLlm([call('ask_amount', {}, 'c1'), text('Refunding 12 euros.')])
let server: AdkApiServer
let browser: Awaited<ReturnType<typeof launchChromium>> | undefined

beforeAll(async () => {
  const desk = new LlmAgent({
    name: 'desk',
    model: deskModel,
    tools: [
      new FunctionTool({
        name: 'refund',
        description: 'Refunds an order.',
        parameters: z.object({ order: z.number() }),
        execute: refund,
        requireConfirmation: true,
      }),
    ],
  })
  const askAmount = new FunctionTool({
    name: 'ask_amount',
    description: 'Asks how much to refund.',
    execute: () =>
      new RequestInput({ message: 'How much should we refund?', responseSchema: z.object({ amount: z.number() }) }),
  })
  const clerk = new LlmAgent({ name: 'clerk', model: clerkModel, tools: [askAmount] })
  server = await startAdkApiServer({ apps: { desk, clerk }, port: 0, adkWeb: true })
  if (!chromiumMissing) browser = await launchChromium()
}, 30_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** A page of adk-web on `app`, offline, recording the bodies it posts to /run_sse and every failed run, session or 5xx answer. */
async function openApp(app: string): Promise<{ page: Page; runs: Record<string, any>[]; failed: string[] }> {
  const page = await (browser as NonNullable<typeof browser>).context.newPage()
  await page.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort(),
  )
  const runs: Record<string, any>[] = []
  const failed: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/run_sse')
      runs.push(JSON.parse(request.postData() ?? '{}') as Record<string, any>)
  })
  page.on('response', (response) => {
    const url = new URL(response.url())
    // (adk-web also asks for a stylesheet and a builder route neither server has: 404s unrelated to the run.)
    const run = url.pathname.startsWith('/run') || url.pathname.includes('/sessions')
    if (url.hostname === '127.0.0.1' && (response.status() >= 500 || (run && response.status() >= 400)))
      failed.push(`${response.status()} ${url.pathname}`)
  })
  await page.goto(`${server.url}/dev-ui/?app=${app}`)
  const input = page.locator('textarea').first()
  await input.waitFor({ timeout: 15_000 })
  return { page, runs, failed }
}

async function say(page: Page, words: string): Promise<void> {
  const input = page.locator('textarea').first()
  await input.fill(words)
  await input.press('Enter')
}

describe.skipIf(chromiumMissing !== undefined)("adk-web's pause dialogs on our server", () => {
  it('shows the confirmation dialog; the user approves, the tool runs once and the answer appears', async () => {
    const { page, runs, failed } = await openApp('desk')
    await say(page, 'Refund order 42')
    const confirmed = page.locator('input[type="checkbox"][id^="confirmed-checkbox-"]').first()
    await confirmed.waitFor({ timeout: 15_000 })
    expect(refund).not.toHaveBeenCalled()
    await confirmed.check()
    await page.getByRole('button', { name: 'Submit' }).first().click()
    await page.getByText('Refunded order 42.').first().waitFor({ timeout: 15_000 })
    expect(refund).toHaveBeenCalledTimes(1)
    expect(runs).toHaveLength(2)
    expect(runs[1]?.['newMessage'].parts[0].functionResponse).toMatchObject({
      name: 'adk_request_confirmation',
      response: { confirmed: true, payload: { order: 42 } },
    })
    expect(deskModel.requests[1]?.contents.at(-1)?.parts?.[0]?.functionResponse?.response).toEqual({ refunded: 42 })
    expect(failed).toEqual([])
    await page.close()
  }, 60_000)

  it('shows the input form of a RequestInput (its schema as fields); the reply is the tool result', async () => {
    const { page, runs, failed } = await openApp('clerk')
    await say(page, 'Refund ann')
    await page.getByText('How much should we refund?').first().waitFor({ timeout: 15_000 })
    const amount = page.locator('input[type="number"]').first()
    await amount.waitFor({ timeout: 15_000 })
    await amount.fill('12')
    await page.getByRole('button', { name: 'Submit' }).first().click()
    await page.getByText('Refunding 12 euros.').first().waitFor({ timeout: 15_000 })
    expect(runs[1]?.['newMessage'].parts[0].functionResponse).toMatchObject({
      name: 'adk_request_input',
      response: { amount: 12 },
    })
    expect(clerkModel.requests[1]?.contents.at(-1)?.parts?.[0]?.functionResponse?.response).toEqual({ amount: 12 })
    expect(failed).toEqual([])
    await page.close()
  }, 60_000)
})
