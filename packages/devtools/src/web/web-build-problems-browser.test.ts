import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { FlowBuilder } from '@adk-fluent/fluent'
import { chromiumMissing, devUiPages } from './chromium.test-helper.js'
import { brokenFlow, brokenModule, explodingBuild } from './web-fixtures.test-helper.js'

// A module that does not build, in a real headless Chromium: the page still draws what can be drawn. Skipped, loudly,
// only where no Chromium is installed; `.ci/run` installs it.

const title = chromiumMissing
  ? `the dev UI of a module that does not build, in Chromium (SKIPPED: ${chromiumMissing})`
  : 'the dev UI of a module that does not build, in Chromium'

describe.skipIf(chromiumMissing !== undefined)(title, () => {
  // Every page: no console error (a refused request would log one) and no request leaving 127.0.0.1.
  const openPage = devUiPages()
  const open = async (builder: FlowBuilder | undefined, noBuilder?: string) =>
    (await openPage(brokenModule(builder, noBuilder))).page

  const chatIsOff = async (page: Page, reason: string) => {
    await page.click('[data-tab="chat"]')
    expect(await page.isDisabled('.chat-input')).toBe(true)
    expect(await page.isDisabled('.send')).toBe(true)
    expect(await page.textContent('#tab-chat .chat-off')).toBe(reason)
  }

  it('draws the graph, lists every build issue, marks the boxes they concern, and turns chat off with the reason', async () => {
    const page = await open(brokenFlow())
    const nodes = await page.$$eval('svg.graph .node', (list) =>
      list.map((node) => [node.getAttribute('data-label'), node.classList.contains('build-issue')]),
    )
    expect(nodes).toEqual([
      ['drafter (Agent)', false],
      ['publisher (Agent)', true],
      ['reviewer (Agent)', true],
      ['reviewer (Agent)', true],
      ['initial state', false],
      ['not written', false],
    ])
    expect(await page.getAttribute('svg.graph .node[data-name="publisher"]', 'class')).toContain('issue-error')
    expect(await page.getAttribute('svg.graph .group[data-name="flow"]', 'class')).toContain('build-issue')
    const issues = await page.$$eval('.build-issues .build-issue', (list) =>
      list.map((item) => [item.getAttribute('data-code'), item.getAttribute('data-agent'), item.textContent ?? '']),
    )
    expect(issues.map(([code, agent]) => [code, agent])).toEqual([
      ['duplicate_name', 'flow'],
      ['state_not_written', 'publisher'],
      ['model_unknown', 'reviewer'],
    ])
    expect(issues[1]?.[2]).toContain('state key "article"')
    expect(issues[2]?.[2]).toContain('Unknown model "gpt-unknown"')
    // Listed once: the checker's error about "article" is the build issue, not repeated under contract issues.
    expect(await page.$$eval('.issues .issue', (list) => list.length)).toBe(0)
    const reason =
      'Chat is off: the agent tree of agents/broken.ts does not build (3 problems, listed on the Graph tab).'
    expect(await page.textContent('#tab-graph .build-error')).toBe(reason)
    await chatIsOff(page, reason)
  })

  it('keeps the anatomy and previews an agent alone; an agent that cannot be built says why for itself', async () => {
    const page = await open(brokenFlow())
    await page.click('svg.graph .node[data-name="drafter"]')
    await page.waitForFunction(() =>
      (
        globalThis as unknown as { document: { querySelector(s: string): { textContent: string | null } | null } }
      ).document
        .querySelector('.anatomy-text')
        ?.textContent?.startsWith('LLM Call Anatomy: drafter'),
    )
    await page.fill('.state-input', '{"topic": "bees"}')
    await page.click('.preview-form button')
    await page.waitForSelector('.preview-call mark.from-state')
    expect(await page.textContent('.preview-scope')).toContain('preview ran drafter alone')
    expect(
      await page.$$eval('.preview-call mark.from-state', (list) =>
        list.map((mark) => [mark.getAttribute('data-key'), mark.textContent]),
      ),
    ).toEqual([['topic', 'bees']])
    await page.click('.agent-list li[data-agent="reviewer"]')
    await page.waitForSelector('.anatomy-main > .error-text:not([hidden])')
    expect(await page.textContent('.anatomy-main > .error-text')).toMatch(
      /^"reviewer" cannot be built on its own: .*Unknown model "gpt-unknown"/,
    )
    expect(
      await page.$$eval('.agent-build-issues li', (list) => list.map((item) => item.getAttribute('data-code'))),
    ).toEqual(['model_unknown'])
  })

  it('a builder whose build() throws another error: the graph is drawn and the page names the file and the error', async () => {
    const page = await open(explodingBuild())
    expect(await page.$$eval('svg.graph .node', (list) => list.map((node) => node.getAttribute('data-name')))).toEqual([
      'writer',
      'critic',
    ])
    expect(await page.textContent('.build-problem .build-error-text')).toBe(
      'Building the agent tree of agents/broken.ts threw TypeError: boom',
    )
    await chatIsOff(page, 'Chat is off: Building the agent tree of agents/broken.ts threw TypeError: boom')
  })

  it('a module without a builder: a clear page naming the file, nothing to draw, chat off', async () => {
    const why = 'agents/broken.ts exports no fluent builder. Export one, for example: …'
    const page = await open(undefined, why)
    expect(await page.textContent('#tab-graph .graph-error')).toBe(why)
    expect(await page.$$eval('svg.graph', (list) => list.length)).toBe(0)
    await page.click('[data-tab="anatomy"]')
    expect(await page.textContent('.anatomy-text')).toBe('No LLM agents to show.')
    await chatIsOff(page, `Chat is off: ${why}`)
  })
})
