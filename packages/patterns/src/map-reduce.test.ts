import { describe, expect, it } from 'vitest'
import { Agent, ConfigError } from '@adk-fluent/fluent'
import { mapReduce } from './map-reduce.js'
import { reply, runFlow, seen, sleep, type RequestShape, type SeenRequest } from './run-flow.test-helper.js'

/** The item a mapper request is about: the text after `Summarize: ` in its instruction. */
function itemOf(request: SeenRequest): string {
  return /Summarize: (\S+)/.exec(request.system)?.[1] ?? 'unknown'
}

/** A mapper model reply that takes `delays[item]` ms and tracks how many replies run at once. */
function trackedReply(
  delays: Readonly<Record<string, number>>,
  tracker: { active: number; peak: number; finished: string[] },
) {
  return async (request: RequestShape) => {
    const item = itemOf(seen(request))
    tracker.active += 1
    tracker.peak = Math.max(tracker.peak, tracker.active)
    await sleep(delays[item] ?? 0)
    tracker.active -= 1
    tracker.finished.push(item)
    return `summary of ${item}`
  }
}

function configIssue(run: () => unknown) {
  try {
    run()
  } catch (error) {
    if (ConfigError.isConfigError(error)) {
      // Every issue has a stable code; the assertions below compare the rest.
      const { code, ...issue } = error.issues[0] as (typeof error.issues)[number]
      expect(code).toMatch(/^[a-z_]+$/)
      return issue
    }
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('mapReduce', () => {
  it("collects the mapper's outputs (not the items) in item order, then runs the reducer on them", async () => {
    const tracker = { active: 0, peak: 0, finished: [] as string[] }
    const delays = { alpha: 60, beta: 5, gamma: 30, delta: 1 }
    const reductions: SeenRequest[] = []
    const flow = mapReduce({
      mapper: Agent('summarizer')
        .instruct('Summarize: {doc}')
        .mock(Object.keys(delays).map(() => trackedReply(delays, tracker))),
      reducer: Agent('editor')
        .instruct('Combine the summaries.')
        .reads('summaries')
        .mock([reply(reductions, 'digest')]),
      itemsKey: 'documents',
      itemKey: 'doc',
      resultKey: 'summaries',
      concurrency: 4,
    })
    const { state, events } = await runFlow(flow, { state: { documents: ['alpha', 'beta', 'gamma', 'delta'] } })
    expect(tracker.finished).not.toEqual(['alpha', 'beta', 'gamma', 'delta'])
    expect(state['summaries']).toEqual(['summary of alpha', 'summary of beta', 'summary of gamma', 'summary of delta'])
    expect(reductions[0]?.system).toContain(
      '<conversation_context>\n[summaries]: ["summary of alpha","summary of beta","summary of gamma","summary of delta"]\n</conversation_context>',
    )
    expect(events.at(-1)?.author).toBe('editor')
  })

  it('stores what the mapper wrote to its .writes() key, and accepts a function as the reducer', async () => {
    const flow = mapReduce({
      mapper: Agent('scorer').instruct('Score {item}.').writes('score').mock(['3', '1', '2']),
      reducer: (state) => ({
        total: (state['results'] as string[]).map(Number).reduce((sum, value) => sum + value, 0),
      }),
      itemsKey: 'answers',
      concurrency: 1,
    })
    const { state } = await runFlow(flow, { state: { answers: ['a', 'b', 'c'] } })
    expect(state).toMatchObject({ results: ['3', '1', '2'], total: 6 })
  })

  it('runs at most `concurrency` mappers at once', async () => {
    const tracker = { active: 0, peak: 0, finished: [] as string[] }
    const items = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6']
    const delays = Object.fromEntries(items.map((item) => [item, 40]))
    const flow = mapReduce({
      mapper: Agent('summarizer')
        .instruct('Summarize: {item}')
        .mock(items.map(() => trackedReply(delays, tracker))),
      reducer: () => undefined,
      itemsKey: 'items',
      concurrency: 2,
    })
    const { state } = await runFlow(flow, { state: { items } })
    expect(tracker.peak).toBe(2)
    expect(tracker.finished).toHaveLength(6)
    expect(state['results']).toEqual(items.map((item) => `summary of ${item}`))
  })

  it('rejects bad options with a ConfigError naming the field and the fix', () => {
    const mapper = Agent('summarizer')
    const reducer = Agent('editor')
    expect(configIssue(() => mapReduce({ mapper, reducer } as never))).toEqual({
      path: ['mapReduce', 'itemsKey'],
      message: 'the state key is missing.',
      hint: "Name it, for example itemsKey: 'documents'.",
    })
    expect(configIssue(() => mapReduce({ mapper, reducer, itemsKey: 'docs', concurrency: 0 }))).toEqual({
      path: ['mapReduce', 'concurrency'],
      message: 'must be a whole number >= 1, got 0 (number).',
      hint: 'Pass concurrency: 1 or more (default 4).',
    })
    expect(configIssue(() => mapReduce({ mapper, itemsKey: 'docs' } as never))?.path).toEqual(['mapReduce', 'reducer'])
    expect(configIssue(() => mapReduce({ mapper, reducer: 42 as never, itemsKey: 'docs' }))?.path).toEqual([
      'mapReduce',
      'reducer',
    ])
    expect(configIssue(() => mapReduce({ mapper: 'summarizer' as never, reducer, itemsKey: 'docs' }))?.path).toEqual([
      'mapReduce',
      'mapper',
    ])
    expect(configIssue(() => mapReduce({ mapper, reducer, itemsKey: 'docs', itemKey: 'docs' }))?.path).toEqual([
      'mapReduce',
      'itemKey',
    ])
    expect(configIssue(() => mapReduce({ mapper, reducer, itemsKey: 'the docs' }))?.message).toContain(
      'is not a valid state key',
    )
  })
})
