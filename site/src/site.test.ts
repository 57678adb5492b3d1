import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumFlags, chromiumPath } from '../../scripts/chromium.mjs'
import { entryPoints } from './api/model.js'
import { buildSite, type BuildResult } from './build.js'
import { repoRoot } from './config.js'
import { publishedPackages } from './pages.js'
import { startDocsServer, type DocsServer } from './dev.js'

// The real site, built into a temporary folder: no problem found, every page of docs/ and every exported value of
// every entry point present, every code block checked; then opened in Chromium from file:// and from a server.

const outDir = mkdtempSync(join(tmpdir(), 'adk-fluent-site-'))
let result: BuildResult
const read = (path: string) => readFileSync(join(outDir, path), 'utf8')
const allPages = () =>
  (readdirSync(outDir, { recursive: true, encoding: 'utf8' }) as string[]).filter((path) => path.endsWith('.html'))

beforeAll(() => {
  result = buildSite({ outDir })
}, 300_000)
afterAll(() => rmSync(outDir, { recursive: true, force: true }))

describe('the documentation site', () => {
  it('builds without a problem: every sample compiles, every include, snippet and internal link resolves', () => {
    expect(result.problems).toEqual([])
    expect(existsSync(join(outDir, 'index.html'))).toBe(true)
    expect(result.pages).toBeGreaterThan(50)
  })

  it('has a page for every docs/*.md and every published package', () => {
    for (const name of readdirSync(join(repoRoot, 'docs')).filter((file) => file.endsWith('.md')))
      expect(existsSync(join(outDir, 'docs', name.replace(/\.md$/, '.html'))), name).toBe(true)
    for (const { name } of publishedPackages(repoRoot))
      expect(read(`packages/${name}.html`)).toContain(`@adk-fluent/${name}`)
  })

  it('documents every exported value of every entry point, and every factory of P C S T A G M, at its own anchor', async () => {
    const entries = entryPoints(
      repoRoot,
      publishedPackages(repoRoot).map(({ name }) => name),
    )
    let checked = 0
    for (const entry of entries) {
      const html = read(`api/${entry.id}.html`)
      const module = (await import(entry.specifier)) as Record<string, unknown>
      for (const name of Object.keys(module)) {
        expect(html, `${entry.specifier}: ${name}`).toContain(`id="${name}"`)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(250)
    const fluent = read('api/fluent.html')
    const namespaces = (await import('@adk-fluent/fluent')) as unknown as Record<string, Record<string, unknown>>
    for (const namespace of ['P', 'C', 'S', 'T', 'A', 'G', 'M']) {
      const factories = Object.keys(namespaces[namespace]!)
      expect(factories.length).toBeGreaterThan(3)
      for (const factory of factories)
        expect(fluent, `${namespace}.${factory}`).toContain(`id="${namespace}.${factory}"`)
      expect(read('concepts/namespaces.html')).toContain(`api/fluent.html#${namespace}.${factories[0]}`)
    }
    for (const [page, name] of [
      ['core', 'LlmAgent'],
      ['core', 'Runner'],
      ['core', 'InMemoryRunner'],
      ['core', 'BaseLlm'],
      ['fluent', 'AgentBuilder'],
      ['fluent', 'AgentBuilder.instruct'],
      ['core-testing', 'ScriptedLlm'],
    ])
      expect(read(`api/${page}.html`).includes(`id="${name}"`), name).toBe(true)
  })

  it('marks every TypeScript block as checked: a snippet of a compiled file, compiled, an example file or a declaration', () => {
    let blocks = 0
    for (const path of allPages()) {
      for (const match of read(path).matchAll(
        /<pre([^>]*)><code class="language-(ts|typescript|tsx|js|javascript|mjs)"/g,
      )) {
        expect(match[1], path).toMatch(/data-checked="(snippet|compiled|file|declaration)"/)
        blocks++
      }
    }
    expect(blocks).toBeGreaterThan(1000)
  })

  it('works from file:// and a static server: navigation, search, a guide and an API page', async () => {
    if (!existsSync(chromiumPath)) {
      process.stderr.write(`[site] SKIPPING the browser check: no Chromium at ${chromiumPath}\n`)
      return
    }
    const browser: Browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: [...chromiumFlags],
    })
    let server: DocsServer | undefined
    try {
      const problems: string[] = []
      const open = async (url: string): Promise<Page> => {
        const page = await browser.newPage()
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
        })
        page.on('pageerror', (error) => problems.push(error.message))
        page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`))
        await page.goto(url)
        return page
      }

      // Navigation from file://: the menu, then the next-page link.
      const page = await open(pathToFileURL(join(outDir, 'index.html')).href)
      expect(await page.title()).toBe('adk-fluent — adk-fluent')
      await page.click('.sidebar a:text-is("Get started")')
      expect(page.url()).toMatch(/\/getting-started\.html$/)
      expect(await page.title()).toBe('Get started — adk-fluent')
      expect(await page.locator('pre[data-checked="snippet"]').count()).toBeGreaterThanOrEqual(3)
      await page.click('.pager a.next')
      expect(page.url()).toMatch(/\/tour\.html$/)

      // Search, offline: a namespace factory by name, then Enter opens it.
      await page.click('#search')
      await page.keyboard.type('P.role')
      await page.waitForSelector('#search-results li a')
      expect(await page.textContent('#search-results li:first-child strong')).toBe('P.role')
      await page.keyboard.press('Enter')
      await page.waitForURL(/api\/fluent\.html#P\.role$/)
      expect(await page.locator('[id="P.role"]').isVisible()).toBe(true)
      expect(await page.textContent('[id="P.role"] + pre')).toContain('function role')

      // A member of a class by its full name.
      await page.fill('#search', 'AgentBuilder.instruct')
      await page.waitForSelector('#search-results li a')
      expect(await page.textContent('#search-results li:first-child strong')).toBe('AgentBuilder.instruct')

      // Search for words of a guide, from a page one folder down.
      await page.fill('#search', 'keep conversations')
      await page.waitForSelector('#search-results li a')
      const first = await page.getAttribute('#search-results li:first-child a', 'href')
      expect(first).toMatch(/^\.\.\/(tour|guides\/sessions)\.html#keep-conversations$/)
      await page.click('#search-results li:first-child a')
      expect(await page.locator('[id="keep-conversations"]').count()).toBe(1)

      // The same site from a static server: the API index links to each entry point's page.
      server = await startDocsServer({ dir: outDir })
      const served = await open(`${server.url}api/index.html`)
      await served.click('article a[href="core.html"]')
      expect(await served.title()).toBe('@adk-fluent/core — adk-fluent')
      expect(await served.locator('[id="LlmAgent"]').count()).toBe(1)
      await served.goto(`${server.url}guides/dev-ui.html`)
      expect(await served.locator('article img').count()).toBeGreaterThanOrEqual(2)
      expect(
        await served.$$eval('article img', (images) =>
          images.every((image) => (image as unknown as { naturalWidth: number }).naturalWidth > 0),
        ),
      ).toBe(true)
      expect(problems).toEqual([])
    } finally {
      await server?.close()
      await browser.close()
    }
  }, 120_000)
})
