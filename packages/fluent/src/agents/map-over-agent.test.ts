import { describe, expect, it } from 'vitest'
import { StateError, type LlmRequest } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent, Pipeline } from '../builders/workflow-factories.js'
import { mapOver, tap } from '../builders/flow-helpers.js'
import { runBuilder, sleep } from './run-builder.test-helper.js'

// Far apart, so the completion order survives a loaded machine (b, c, d finish long before a).
const delays: Record<string, number> = { a: 250, b: 5, c: 20, d: 1 }

function summarizerModel(tracker: { inFlight: number; most: number }, count: number) {
  const reply = async (request: LlmRequest) => {
    const item = /Summarize (\w+)\./.exec(request.config.systemInstruction ?? '')?.[1] ?? '?'
    tracker.inFlight++
    tracker.most = Math.max(tracker.most, tracker.inFlight)
    await sleep(delays[item] ?? 0)
    tracker.inFlight--
    return `summary of ${item}`
  }
  return new ScriptedLlm(Array.from({ length: count }, () => reply))
}

describe('mapOver', () => {
  it('runs the body per item with bounded concurrency and collects its outputs in item order', async () => {
    const tracker = { inFlight: 0, most: 0 }
    const body = Agent('summarizer')
      .model(summarizerModel(tracker, 4))
      .instruct('Summarize {doc}.')
      .writes('summary')
      .isolate()
    const flow = mapOver('docs', body, { itemKey: 'doc', outputKey: 'summaries', concurrency: 2 })
    const { events, state } = await runBuilder(flow, { state: { docs: ['a', 'b', 'c', 'd'] } })
    expect(state['summaries']).toEqual(['summary of a', 'summary of b', 'summary of c', 'summary of d'])
    expect(tracker.most).toBe(2)
    const bodyEvents = events.filter((event) => event.author === 'summarizer')
    expect(bodyEvents.map((event) => event.branch)).toEqual([
      'map_docs.item_1',
      'map_docs.item_2',
      'map_docs.item_3',
      'map_docs.item_0',
    ])
    expect(state['doc']).toBeUndefined()
    expect(events.at(-1)).toMatchObject({
      author: 'map_docs',
      actions: { stateDelta: { summaries: state['summaries'] } },
    })
  })

  it('runs one item at a time by default', async () => {
    const tracker = { inFlight: 0, most: 0 }
    const body = Agent('summarizer').model(summarizerModel(tracker, 3)).instruct('Summarize {item}.').isolate()
    const { state } = await runBuilder(mapOver('docs', body), { state: { docs: ['c', 'b', 'a'] } })
    expect(tracker.most).toBe(1)
    expect(state['results']).toEqual(['summary of c', 'summary of b', 'summary of a'])
  })

  it("gives each item its own state view: a pipeline body sees its own earlier writes, never another item's", async () => {
    const seen: string[] = []
    const echo = (request: LlmRequest) => request.config.systemInstruction ?? ''
    const body = Pipeline('per_item')
      .step(async (state) => {
        await sleep(state['item'] === 'x' ? 10 : 1)
        return { upper: String(state['item']).toUpperCase() }
      })
      .step(tap((state) => seen.push(`${String(state['item'])}:${String(state['upper'])}`)))
      .step(
        Agent('joiner')
          .model(new ScriptedLlm([echo, echo, echo]))
          .instruct('{item}-{upper}')
          .writes('out')
          .isolate(),
      )
    const { state } = await runBuilder(mapOver('letters', body, { concurrency: 3 }), {
      state: { letters: ['x', 'y', 'z'] },
    })
    expect(state['results']).toEqual(['x-X', 'y-Y', 'z-Z'])
    expect(seen.sort()).toEqual(['x:X', 'y:Y', 'z:Z'])
  })

  it('writes an empty list for an empty list, and fails naming the key when the list is missing', async () => {
    const body = Agent('never').mock([])
    expect((await runBuilder(mapOver('items', body), { state: { items: [] } })).state['results']).toEqual([])
    const error = await runBuilder(mapOver('items', body)).catch((caught: unknown) => caught)
    expect(StateError.isInstance(error) && error.message).toBe(
      'mapOver "map_items" maps over state["items"], but state has no value for it. Write a list to "items" in an earlier step (or initial state).',
    )
  })

  it('stops and fails when an item fails', async () => {
    const body = Pipeline('p').step((state) => {
      if (state['item'] === 2) throw new Error('item 2 is broken')
      return { ok: true }
    })
    await expect(
      runBuilder(mapOver('items', body, { concurrency: 2 }), { state: { items: [1, 2, 3] } }),
    ).rejects.toThrow('item 2 is broken')
  })
})
