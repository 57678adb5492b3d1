import { ScriptedLlm, call, text } from '@adk-fluent/core/testing'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { Agent, type FlowBuilder } from '@adk-fluent/fluent'
import { chromiumMissing, devUiPages } from './chromium.test-helper.js'
import { failingFlow, gatedFlow, newsFlow, reviewFlow, tripFlow } from './web-fixtures.test-helper.js'

// The dev UI in a real headless Chromium (Debian's package, driven by playwright-core). Skipped, loudly, only where
// no Chromium is installed; `.ci/run` installs it.

/** The little of the DOM these tests read inside the page (the repo's TypeScript has no DOM library). */
interface DomElementLike {
  getAttribute(name: string): string | null
  querySelector(selector: string): DomElementLike | null
  readonly textContent: string | null
}
interface DomLike {
  querySelectorAll(selector: string): Iterable<DomElementLike>
  querySelector(selector: string): DomElementLike | null
}

const title = chromiumMissing ? `the dev UI in Chromium (SKIPPED: ${chromiumMissing})` : 'the dev UI in Chromium'

describe.skipIf(chromiumMissing !== undefined)(title, () => {
  // Every page of every test: no console error and no request that leaves 127.0.0.1.
  const openPage = devUiPages()
  const open = (builder: FlowBuilder) => openPage({ builder, module: {}, file: 'fixture.ts', env: {}, port: 0 })

  async function graphOf(page: Page) {
    return page.evaluate(() => {
      const document = (globalThis as unknown as { document: DomLike }).document
      const nodes = [...document.querySelectorAll('svg.graph .node')].map((node) => node.getAttribute('data-label'))
      const groups = [...document.querySelectorAll('svg.graph .group .group-label')].map((label) => label.textContent)
      const name = (id: string | null) =>
        document.querySelector(`svg.graph [data-id="${id}"]`)?.getAttribute('data-name')
      const edges = [...document.querySelectorAll('svg.graph .edge')].map((edge) => [
        edge.getAttribute('data-kind'),
        name(edge.getAttribute('data-from')),
        name(edge.getAttribute('data-to')),
        edge.querySelector('text')?.textContent ?? null,
      ])
      return { nodes, groups, edges }
    })
  }

  async function chat(page: Page, text: string): Promise<void> {
    await page.click('[data-tab="chat"]')
    await page.fill('.chat-input', text)
    await page.click('.send')
    await page.waitForSelector('.timeline .row-end')
  }

  const rows = (page: Page) =>
    page.$$eval('#tab-chat .timeline .row', (list) =>
      list.map((row) => [row.getAttribute('data-kind'), row.textContent ?? '']),
    )

  it('draws a pipeline: its agents, the run order and the state key between them', async () => {
    const { page } = await open(tripFlow().flow)
    expect(await graphOf(page)).toEqual({
      nodes: ['forecaster (Agent)', 'advisor (Agent)'],
      groups: ['trip (Pipeline)'],
      edges: [
        ['control', 'forecaster', 'advisor', null],
        ['data', 'forecaster', 'advisor', 'forecast'],
      ],
    })
  })

  it('draws a fan-out: branches side by side, each feeding the merging agent with its key', async () => {
    const { page } = await open(newsFlow().flow)
    const graph = await graphOf(page)
    expect(graph.nodes).toEqual(['sports (Agent)', 'weather (Agent)', 'editor (Agent)'])
    expect(graph.groups).toEqual(['news (Pipeline)', 'gather (FanOut)'])
    expect(graph.edges.filter((edge) => edge[0] === 'data')).toEqual([
      ['data', 'sports', 'editor', 'sports'],
      ['data', 'weather', 'editor', 'weather'],
    ])
    const [sports, weather] = await Promise.all(
      ['sports', 'weather'].map((name) =>
        page.$eval(`svg.graph .node[data-name="${name}"] rect`, (rect) => Number(rect.getAttribute('y'))),
      ),
    )
    expect(sports).toBe(weather)
  })

  it('draws a review loop: the repeat edge and the keys going both ways, and marks agents with contract issues', async () => {
    const { page } = await open(reviewFlow().flow)
    const graph = await graphOf(page)
    expect(graph.nodes).toEqual(['writer (Agent)', 'reviewer (Agent)', 'initial state'])
    expect(graph.groups).toEqual(['haiku (Pipeline)', 'polish (Loop: until a predicate holds, max 3)'])
    expect(graph.edges).toEqual([
      ['control', 'writer', 'reviewer', null],
      ['repeat', 'reviewer', 'writer', 'repeat, max 3'],
      ['data', 'initial state', 'writer', 'topic'],
      ['data', 'reviewer', 'writer', 'feedback'],
      ['data', 'writer', 'reviewer', 'draft'],
    ])
  })

  it('runs a chat: user, tool call, tool result and final text in order; the 2nd call shows the exact request received', async () => {
    const { flow, llm } = tripFlow()
    const { page } = await open(flow)
    await chat(page, 'Paris next week')
    const shown = await rows(page)
    expect(shown.map(([kind]) => kind)).toEqual([
      'user',
      'llm-call',
      'tool-call',
      'tool-result',
      'llm-call',
      'text',
      'state',
      'llm-call',
      'text',
      'state',
      'end',
    ])
    expect(shown[0]?.[1]).toContain('Paris next week')
    expect(shown[2]?.[1]).toContain('getWeather({"city":"Paris"})')
    expect(shown[3]?.[1]).toContain('"sky":"sunny"')
    expect(shown[8]?.[1]).toContain('Pack sunglasses.')
    await page.click('#tab-chat .row-llm-call[data-call="2"]')
    const request = await page.textContent('#tab-chat .call-detail .request-json')
    const received = llm.requests[1]
    expect(request).toBe(
      JSON.stringify({ model: received?.model, contents: received?.contents, config: received?.config }, null, 2),
    )
    expect(await page.textContent('#tab-chat .state-view')).toBe(
      JSON.stringify({ forecast: 'Sunny in Paris, 21 °C.', advice: 'Pack sunglasses.' }, null, 2),
    )
  })

  it('shows a failing model call as an error row, and the stream ends cleanly', async () => {
    const { page } = await open(failingFlow().flow)
    await chat(page, 'hello')
    const shown = await rows(page)
    expect(shown.map(([kind]) => kind)).toEqual(['user', 'llm-call', 'error', 'end'])
    expect(shown[2]?.[1]).toContain('quota exceeded')
    expect(shown[3]?.[1]).toContain('ended with an error')
    expect(await page.isEnabled('.send')).toBe(true)
  })

  it('reconnects a dropped stream without repeating an event', async () => {
    const { flow, release } = gatedFlow()
    const { page, server } = await open(flow)
    const streams: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/stream'))
        void request.allHeaders().then((headers) => streams.push(headers['last-event-id'] ?? ''))
    })
    await page.click('[data-tab="chat"]')
    await page.fill('.chat-input', 'find it')
    await page.click('.send')
    await page.waitForSelector('.timeline .row-tool-call')
    server.dropStreams()
    release()
    await page.waitForSelector('.timeline .row-end')
    const shown = await page.$$eval('#tab-chat .timeline .row', (list) =>
      list.map((row) => `${row.getAttribute('data-kind')}#${row.getAttribute('data-id')}`),
    )
    expect(shown).toEqual(['user#1', 'llm-call#3', 'tool-call#4', 'tool-result#5', 'llm-call#7', 'text#8', 'end#9'])
    expect(streams.length).toBeGreaterThanOrEqual(2)
    expect(streams[0]).toBe('')
    expect(Number(streams[1])).toBeGreaterThanOrEqual(4)
  })

  it('lists sessions, replays one step by step, and continues it in the chat', async () => {
    const { flow } = tripFlow(
      new ScriptedLlm([
        call('getWeather', { city: 'Oslo' }),
        text('Cold in Oslo.'),
        text('Pack a coat.'),
        text('Snow, then.'),
        text('Boots too.'),
      ]),
    )
    const { page } = await open(flow)
    await chat(page, 'Oslo')
    await page.click('[data-tab="sessions"]')
    await page.waitForSelector('#tab-sessions tbody tr[data-session] .open')
    expect(
      await page.$$eval('#tab-sessions tbody tr[data-session] td:nth-child(2)', (cells) =>
        cells.map((cell) => cell.textContent),
      ),
    ).toEqual(['5'])
    await page.click('#tab-sessions .open')
    await page.waitForSelector('.replay .step-counter')
    const replayRows = () =>
      page.$$eval('.replay .timeline .row', (list) => list.map((row) => row.getAttribute('data-kind')))
    expect(await page.textContent('.replay .step-counter')).toBe('step 1 of 5')
    expect(await replayRows()).toEqual(['user'])
    await page.click('.replay .next')
    await page.click('.replay .next')
    expect(await replayRows()).toEqual(['user', 'tool-call', 'tool-result'])
    await page.click('.replay .next')
    expect(await page.textContent('.replay .state-view')).toBe(JSON.stringify({ forecast: 'Cold in Oslo.' }, null, 2))
    await page.click('.replay .last')
    expect(await page.textContent('.replay .step-counter')).toBe('step 5 of 5')
    await page.click('.replay .prev')
    expect(await page.textContent('.replay .step-counter')).toBe('step 4 of 5')
    await page.click('#tab-sessions tbody tr[data-session] .continue')
    await page.waitForSelector('#tab-chat:not([hidden]) .timeline .row-end')
    expect((await rows(page)).map(([kind]) => kind)).toHaveLength(11)
    await page.fill('.chat-input', 'And tomorrow?')
    await page.click('.send')
    await page.waitForFunction(
      () =>
        [...(globalThis as unknown as { document: DomLike }).document.querySelectorAll('#tab-chat .timeline .row-end')]
          .length === 2,
    )
    const shown = await rows(page)
    expect(shown.slice(11).map(([kind]) => kind)).toEqual([
      'user',
      'llm-call',
      'text',
      'state',
      'llm-call',
      'text',
      'state',
      'end',
    ])
    expect(await page.textContent('#tab-chat .state-view')).toBe(
      JSON.stringify({ forecast: 'Snow, then.', advice: 'Boots too.' }, null, 2),
    )
  })

  it('shows the anatomy of a clicked agent and its exact requests in the pipeline preview, parts from state marked', async () => {
    const { page } = await open(reviewFlow().flow)
    await page.click('svg.graph .node[data-name="writer"]')
    await page.waitForSelector('#tab-anatomy:not([hidden]) .anatomy-text')
    await page.waitForFunction(() =>
      (globalThis as unknown as { document: DomLike }).document
        .querySelector('.anatomy-text')
        ?.textContent?.startsWith('LLM Call Anatomy: writer'),
    )
    await page.fill('.state-input', '{"topic": "autumn leaves"}')
    await page.fill('.message-input', 'Go')
    await page.click('.preview-form button')
    await page.waitForSelector('.preview-call mark.from-state')
    const calls = await page.$$eval('.preview-call', (list) => list.map((call) => call.getAttribute('data-agent')))
    expect(calls.length).toBeGreaterThan(0)
    expect(new Set(calls)).toEqual(new Set(['writer']))
    const marks = await page.$$eval('.preview-call mark.from-state', (list) =>
      list.map((mark) => [mark.getAttribute('data-key'), mark.textContent]),
    )
    // The posted topic in every call; from the second round on, also the reviewer's answer the loop wrote to feedback.
    expect(marks).toEqual(
      calls.flatMap((_, round) => [
        ['topic', 'autumn leaves'],
        ...(round > 0 ? [['feedback', "⟨reviewer's reply⟩"]] : []),
      ]),
    )
  })

  it('leaves no model call at "calling…" when the turn fails (a script with no reply left)', async () => {
    const { page } = await open(Agent('dry').model(new ScriptedLlm([])).instruct('Say hi.'))
    await chat(page, 'hello')
    const shown = await rows(page)
    expect(shown.at(-1)?.[0]).toBe('end')
    expect(shown.filter(([, text]) => text.includes('calling…'))).toEqual([])
  })

  it('replaces the "Pick an agent." hint once a preview shows (Preview pressed before picking an agent)', async () => {
    const { page } = await open(reviewFlow().flow)
    await page.click('[data-tab="anatomy"]')
    expect(await page.textContent('.anatomy-text')).toBe('Pick an agent.')
    await page.fill('.state-input', '{"topic": "autumn leaves"}')
    await page.click('.preview-form button')
    await page.waitForSelector('.preview-call')
    await page.waitForFunction(() =>
      (globalThis as unknown as { document: DomLike }).document
        .querySelector('.anatomy-text')
        ?.textContent?.startsWith('LLM Call Anatomy: writer'),
    )
    expect(await page.$$eval('.agent-list li.selected', (list) => list.map((item) => item.textContent))).toEqual([
      'writer',
    ])
  })
})
