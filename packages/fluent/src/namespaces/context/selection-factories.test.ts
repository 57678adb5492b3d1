import { describe, expect, it } from 'vitest'
import { ConfigError, createEvent, type Event } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent } from '../../builders/workflow-factories.js'
import { runBuilder } from '../../agents/run-builder.test-helper.js'
import * as C from './index.js'
import { compileContext, contextStateKeys, contextWriteKeys, describeContext } from './compile-context.js'
import { createTestContext, type TestTurn } from '../shared/test-context.js'

const turns: TestTurn[] = [
  ['user', 'u1'],
  ['a', 'a1'],
  ['b', 'b1'],
  ['user', 'u2'],
  ['a', 'a2'],
  ['b', 'b2'],
  ['user', 'u3'],
]

async function render(
  spec: ReturnType<typeof C.none>,
  options: Parameters<typeof createTestContext>[0] = { turns },
): Promise<string | undefined> {
  const { readonlyContext } = await createTestContext(options)
  return compileContext(spec).provider?.(readonlyContext)
}

function expectConfigError(run: () => unknown, fragment: string): void {
  let caught: unknown
  try {
    run()
  } catch (error) {
    caught = error
  }
  expect(ConfigError.isConfigError(caught)).toBe(true)
  expect((caught as Error).message).toContain(fragment)
}

describe('C selection factories', () => {
  it('recent keeps events while 0.5^(age/halfLife) >= minWeight', async () => {
    expect(await render(C.recent({ halfLife: 1, minWeight: 0.25 }))).toBe('[a]: a2\n[b]: b2\n[user]: u3')
    expect(describeContext(C.recent())).toBe(
      'C.recent({ halfLife: 10, minWeight: 0.1 }) — newest 34 events (weight 0.5^(age/10) ≥ 0.1)',
    )
    expect(compileContext(C.recent()).includeContents).toBe('isolated')
    expectConfigError(() => C.recent({ minWeight: 2 }), 'C.recent().minWeight')
  })

  it('user picks all, first, last or bookend user messages', async () => {
    expect(await render(C.user())).toBe('[user]: u1\n[user]: u2\n[user]: u3')
    expect(await render(C.user({ strategy: 'first' }))).toBe('[user]: u1')
    expect(await render(C.user({ strategy: 'last' }))).toBe('[user]: u3')
    expect(await render(C.user({ strategy: 'bookend' }))).toBe('[user]: u1\n[user]: u3')
    expectConfigError(
      () => C.user({ strategy: 'middle' as never }),
      "C.user().strategy: expected one of 'all', 'first', 'last', 'bookend'",
    )
  })

  it('fromAgentsWindowed keeps user messages and the last n events per agent', async () => {
    expect(await render(C.fromAgentsWindowed({ a: 1, b: 2 }))).toBe(
      '[user]: u1\n[b]: b1\n[user]: u2\n[a]: a2\n[b]: b2\n[user]: u3',
    )
    expectConfigError(() => C.fromAgentsWindowed({ a: 0 }), 'C.fromAgentsWindowed().a')
    expectConfigError(() => C.fromAgentsWindowed({}), 'expected { agentName: count }')
  })

  it('project keeps only the named fields of JSON answers', async () => {
    const json: TestTurn[] = [
      ['user', 'q'],
      ['classifier', '{"intent":"billing","confidence":0.9,"debug":"x"}'],
    ]
    expect(await render(C.project('intent', 'confidence'), { turns: json })).toBe(
      '[user]: q\n[classifier]: {"intent":"billing","confidence":0.9}',
    )
    expectConfigError(() => C.project(), 'no fields given')
  })

  it('fresh drops (or marks) events older than maxAge seconds', async () => {
    const old = Date.now() - 2 * 3600 * 1000
    const events = (): Event[] => [
      createEvent({ author: 'user', timestamp: old, content: { role: 'user', parts: [{ text: 'old' }] } }),
      createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'new' }] } }),
    ]
    expect(await render(C.fresh({ maxAge: 3600 }), { events: events() })).toBe('[user]: new')
    expect(await render(C.fresh({ maxAge: 3600, staleAction: 'mark' }), { events: events() })).toBe(
      '[user]: [stale] old\n[user]: new',
    )
  })

  it('select filters by type and tag', async () => {
    const events = (): Event[] => [
      createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'hi' }] } }),
      createEvent({ author: 'a', content: { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] } }),
      createEvent({
        author: 'a',
        content: { role: 'model', parts: [{ text: 'decided X' }] },
        customMetadata: { tags: ['decision'] },
      }),
    ]
    expect(await render(C.select({ type: 'tool-call' }), { events: events() })).toBe('[a]: called f({})')
    expect(await render(C.select({ tag: 'decision' }), { events: events() })).toBe('[a]: decided X')
    expect(await render(C.select({ author: 'a', type: 'message' }), { events: events() })).toBe('[a]: decided X')
    expect(describeContext(C.select({ type: 'message', tag: ['decision', 'fact'] }))).toBe(
      "C.select({ type: 'message', tag: ['decision', 'fact'] }) — of type message, tagged decision or fact",
    )
    expectConfigError(() => C.select({ type: 'picture' as never }), "C.select().type: expected one of 'message'")
  })

  it('priority renders lower tiers first inside the context block', async () => {
    const spec = C.priority(3, C.window(1)).add(C.priority(1, C.fromState('goal')))
    expect(await render(spec, { turns, state: { goal: 'ship' } })).toBe('[goal]: ship\n[user]: u3')
    expect(describeContext(spec)).toContain("C.priority(1, C.fromState('goal'))")
    expectConfigError(() => C.priority(-1, C.none()), 'C.priority().tier')
  })
})

describe('C scratchpad and capture', () => {
  it('notes render [Notes: key] in plain, checklist or numbered form', async () => {
    const state = { _notes_todo: ['book hotel', 'buy ticket'] }
    expect(await render(C.notes({ key: 'todo' }), { state })).toBe('[Notes: todo]\nbook hotel\nbuy ticket')
    expect(await render(C.notes({ key: 'todo', format: 'checklist' }), { state })).toBe(
      '[Notes: todo]\n- [ ] book hotel\n- [ ] buy ticket',
    )
    expect(await render(C.notes({ key: 'todo', format: 'numbered' }), { state })).toBe(
      '[Notes: todo]\n1. book hotel\n2. buy ticket',
    )
    expect(compileContext(C.notes()).includeContents).toBe('default')
    expect(contextStateKeys(C.notes({ key: 'todo' }))).toEqual(['_notes_todo'])
  })

  it("writeNotes stores the agent's reply after it runs; the next turn reads it back with C.notes", async () => {
    const llm = new ScriptedLlm(['Book the hotel.', 'Buy tickets.'])
    const agent = Agent('planner')
      .model(llm)
      .context(C.notes({ key: 'plan', format: 'numbered' }).add(C.writeNotes({ key: 'plan', strategy: 'prepend' })))
    const first = await runBuilder(agent)
    expect(first.state['_notes_plan']).toEqual(['Book the hotel.'])
    const second = await runBuilder(agent, { runner: first.runner })
    expect(llm.requests[1]?.config.systemInstruction).toContain('[Notes: plan]\n1. Book the hotel.')
    expect(second.state['_notes_plan']).toEqual(['Buy tickets.', 'Book the hotel.'])
    expect(contextWriteKeys(C.writeNotes({ key: 'plan' }))).toEqual(['_notes_plan'])
  })

  it('writeNotes from a source key, merge skipping repeats', async () => {
    const agent = Agent('a')
      .mock(['x'])
      .context(C.writeNotes({ sourceKey: 'fact', strategy: 'merge' }))
    const { state } = await runBuilder(agent, { state: { fact: 'F', _notes_default: ['F'] } })
    expect(state['_notes_default']).toEqual(['F'])
    expectConfigError(() => C.writeNotes({ strategy: 'overwrite' as never }), 'C.writeNotes().strategy')
  })

  it("capture writes the user's message into a state key before the agent runs", async () => {
    const llm = new ScriptedLlm(['Routed.'])
    const agent = Agent('router').model(llm).context(C.capture('request')).instruct('Route: {request}')
    const { state } = await runBuilder(agent)
    expect(state['request']).toBe('go')
    expect(llm.requests[0]?.config.systemInstruction).toContain('Route: go')
    expect(contextWriteKeys(C.capture('request'))).toEqual(['request'])
    expectConfigError(() => C.capture('bad key'), 'not a valid state key')
  })
})
