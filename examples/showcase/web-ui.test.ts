import { spawn } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { startWebServer } from '@adk-fluent/devtools'
import { describe, expect, it } from 'vitest'
import { chromiumMissing, launchChromium, watchPage } from '../../packages/devtools/src/web/chromium.test-helper.js'
import { measureGraph } from '../../packages/devtools/src/web/graph-measure.test-helper.js'
import { mockScript, showcase } from './index.js'

// `adk-fluent web examples/showcase/index.ts`: the page is served and a chat run works offline. The browser test also
// takes the README's screenshots (docs/images/web-*.png): written when missing or with ADK_FLUENT_SCREENSHOTS=1.

const bin = fileURLToPath(new URL('../../packages/devtools/bin/adk-fluent.mjs', import.meta.url))
const showcaseFile = fileURLToPath(new URL('./index.ts', import.meta.url))
const images = fileURLToPath(new URL('../../docs/images/', import.meta.url))

describe('the showcase in the dev UI', () => {
  it('adk-fluent web examples/showcase/index.ts serves the page and runs a chat turn offline', async () => {
    const env: Record<string, string | undefined> = { ...process.env, ADK_FLUENT_CLI_FROM_SOURCE: '1' }
    for (const name of ['GOOGLE_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_GENAI_USE_VERTEXAI', 'ADK_FLUENT_MODEL'])
      delete env[name]
    const child = spawn(process.execPath, [bin, 'web', showcaseFile, '--port', '0'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
    try {
      await expect.poll(() => out, { timeout: 30_000 }).toMatch(/at http:\/\/127\.0\.0\.1:\d+\//)
      const url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)?.[1] as string
      expect(out).toContain('adk-fluent web: showcase at')
      expect(out).toContain('models: offline, the mockScript replies')
      expect(await (await fetch(url)).text()).toContain('<script type="module" src="/ui/app.js"></script>')
      const session = (await (await fetch(new URL('/api/sessions', url), { method: 'POST', body: '{}' })).json()) as {
        id: string
      }
      const run = (await (
        await fetch(new URL(`/api/sessions/${session.id}/runs`, url), {
          method: 'POST',
          body: '{"text":"How do honeybees communicate?"}',
        })
      ).json()) as { runId: string }
      const stream = await (await fetch(new URL(`/api/runs/${run.runId}/stream`, url))).text()
      const entries = stream
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as { kind: string; agent?: string; text?: string; ok?: boolean })
      expect(entries.filter((entry) => entry.kind === 'llm-call').map((entry) => entry.agent)).toEqual([
        'researcher',
        'writer',
        'reviewer',
        'writer',
        'reviewer',
      ])
      const texts = entries.filter((entry) => entry.kind === 'text')
      expect(texts.at(-2)?.text).toBe('Score: 9/10\nClear, accurate and vivid. Publish.')
      // reviewLoop answers with the accepted draft.
      expect(texts.at(-1)).toMatchObject({ agent: 'judge_quality' })
      expect(texts.at(-1)?.text).toMatch(/^Honeybees share directions by dancing\./)
      expect(entries.at(-1)).toMatchObject({ kind: 'end', ok: true })
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
    expect(err).toBe('')
  }, 60_000)

  it.skipIf(chromiumMissing !== undefined)(
    `shows the graph and a finished chat in Chromium (and takes the README screenshots)${chromiumMissing ? ` — SKIPPED: ${chromiumMissing}` : ''}`,
    async () => {
      const server = await startWebServer({
        builder: showcase,
        module: { mockScript },
        file: 'examples/showcase/index.ts',
        env: {},
        port: 0,
      })
      const browser = await launchChromium()
      try {
        const page = await browser.context.newPage()
        await page.setViewportSize({ width: 1280, height: 760 })
        const watch = watchPage(page)
        await page.goto(server.url)
        await page.waitForSelector('body[data-ready="true"]')
        const labels = await page.$$eval('svg.graph .edge-data text', (list) => list.map((label) => label.textContent))
        // One label per key where it leaves its writer ("topic" reaches two readers).
        expect(labels).toEqual(['topic', 'findings', 'feedback', 'draft'])
        const write = !existsSync(`${images}web-graph.png`) || process.env['ADK_FLUENT_SCREENSHOTS'] === '1'
        if (write) mkdirSync(images, { recursive: true })
        if (write) await page.screenshot({ path: `${images}web-graph.png` })
        await page.click('[data-tab="chat"]')
        await page.fill('.chat-input', 'How do honeybees communicate?')
        await page.click('.send')
        await page.waitForSelector('.timeline .row-end')
        await page.click('#tab-chat .row-llm-call[data-call="2"]')
        expect(await page.textContent('#tab-chat .call-detail h3')).toBe('Model call #2 · writer')
        // Offline, the request still names the writer's own model (the mockScript answers for it).
        const request = JSON.parse((await page.textContent('#tab-chat .call-detail .request-json')) ?? '{}') as {
          model?: string
        }
        expect(request.model).toBe(process.env['ADK_FLUENT_MODEL'] || 'gemini-2.5-flash')
        if (write) await page.screenshot({ path: `${images}web-chat.png` })
        // At 800 and 1400 px: every label inside its box, no two overlapping, no edge through one.
        await page.click('[data-tab="graph"]')
        for (const width of [800, 1400]) {
          await page.setViewportSize({ width, height: 760 })
          const found = await page.evaluate(measureGraph)
          expect({ width, outside: found.outside, overlapping: found.overlapping, crossing: found.crossing }).toEqual({
            width,
            outside: [],
            overlapping: [],
            crossing: [],
          })
          expect(found.counted).toEqual({ texts: 12, edges: 10 })
        }
        expect(watch.problems).toEqual([])
        expect(watch.outside).toEqual([])
      } finally {
        await browser.close()
        await server.close()
      }
    },
    60_000,
  )
})
