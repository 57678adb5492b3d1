import { describe, expect, it } from 'vitest'
import { ConfigError, InMemoryRunner, StateError } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent } from '../../builders/workflow-factories.js'
import { runBuilder } from '../../agents/run-builder.test-helper.js'
import * as A from './index.js'
import * as S from '../state/index.js'
import { createTestContext } from '../shared/test-context.js'

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

function artifactRunner(builder: { build(): ReturnType<ReturnType<typeof Agent>['build']> }) {
  return new InMemoryRunner({ agent: builder.build() })
}

async function loadText(runner: InMemoryRunner, filename: string): Promise<unknown> {
  const part = await runner.artifactService?.loadArtifact({
    appName: runner.appName,
    userId: 'user',
    sessionId: 's1',
    filename,
  })
  return part?.text
}

describe('Agent(...).artifacts()', () => {
  it("the design's example: publishes the agent's stored reply after it is written", async () => {
    const generator = Agent('generator')
      .mock(['# Report\nAll good.'])
      .writes('report_text')
      .artifacts(A.publish('report.md', { fromKey: 'report_text' }))
    const runner = artifactRunner(generator)
    const { events, state } = await runBuilder(generator, { runner })
    expect(state['report_text']).toBe('# Report\nAll good.')
    expect(await loadText(runner, 'report.md')).toBe('# Report\nAll good.')
    const artifactEvent = events.at(-1)
    expect(artifactEvent?.author).toBe('generator')
    expect(artifactEvent?.actions.artifactDelta).toEqual({ 'report.md': 0 })
    expect(generator.dataFlow()).toContain(
      "writes:   state['report_text']; then A.publish('report.md', { fromKey: 'report_text' })",
    )
    expectConfigError(() => Agent('a').artifacts(), 'no operations given')
    expectConfigError(() => Agent('a').artifacts('report.md' as never), 'expected an A operation')
  })

  it('runs after every after-agent callback that answers, and the checker sees its reads', async () => {
    const agent = Agent('g')
      .mock(['text'])
      .writes('out')
      .afterAgent(() => ({ role: 'model', parts: [{ text: 'extra' }] }))
      .artifacts(A.publishMany({ 'a.txt': 'out', 'b.txt': 'out' }))
    const runner = artifactRunner(agent)
    await runBuilder(agent, { runner })
    expect(await loadText(runner, 'a.txt')).toBe('text')
    expect(await loadText(runner, 'b.txt')).toBe('text')
  })
})

describe('more A operations', () => {
  it('version reports the versions of an artifact', async () => {
    const { context } = await createTestContext({ state: { r: 'x' } })
    await A.publish('r.md', { fromKey: 'r' }).run(context)
    await A.publish('r.md', { fromKey: 'r' }).run(context)
    await A.version('r.md', { intoKey: 'v' }).run(context)
    await A.version('none.md', { intoKey: 'w' }).run(context)
    expect(context.state.get('v')).toEqual({ filename: 'r.md', latest: 1, versions: [0, 1] })
    expect(context.state.get('w')).toEqual({ filename: 'none.md', latest: null, versions: [] })
  })

  it('publishMany and snapshotMany work in batches; reads and writes list every key', async () => {
    const { context } = await createTestContext({ state: { a: 'A', b: 'B' } })
    const publish = A.publishMany({ 'a.txt': 'a', 'b.txt': 'b' })
    expect(publish.reads).toEqual(['a', 'b'])
    await publish.run(context)
    const snapshot = A.snapshotMany({ 'a.txt': 'a2', 'b.txt': 'b2' })
    expect(snapshot.writes).toEqual(['a2', 'b2'])
    await snapshot.run(context)
    expect([context.state.get('a2'), context.state.get('b2')]).toEqual(['A', 'B'])
    expectConfigError(() => A.publishMany({}), 'A.publishMany(): expected { filename: stateKey }')
    expectConfigError(() => A.snapshotMany({ 'a.txt': 'bad key' }), 'not a valid state key')
  })

  it('when runs the operation only when the state key is truthy or the predicate holds', async () => {
    const { context } = await createTestContext({ state: { r: 'x', approved: false } })
    await A.when('approved', A.publish('r.md', { fromKey: 'r' })).run(context)
    expect(await context.listArtifacts()).toEqual([])
    await A.when((state) => state['r'] === 'x', A.publish('r.md', { fromKey: 'r' })).run(context)
    expect(await context.listArtifacts()).toEqual(['r.md'])
    expect(A.when('approved', A.publish('r.md', { fromKey: 'r' })).reads).toEqual(['approved', 'r'])
    expectConfigError(() => A.when('approved', 'op' as never), 'A.when().operation')
  })

  it('content transforms convert around publish and snapshot', async () => {
    const state = {
      data: { n: 1 },
      rows: [
        { name: 'a, b', score: 1 },
        { name: 'c', score: 2 },
      ],
      report: { Summary: 'ok', Items: ['x', 'y'] },
    }
    expect(await A.fromJson('data').apply(state)).toEqual({ data: '{\n  "n": 1\n}' })
    expect(await A.fromCsv('rows', { into: 'csv' }).apply(state)).toEqual({ csv: 'name,score\n"a, b",1\nc,2' })
    expect(await A.fromMarkdown('report').apply(state)).toEqual({ report: '## Summary\n\nok\n\n## Items\n\n- x\n- y' })
    expect(await A.asJson('j').apply({ j: '{"a":[1]}' })).toEqual({ j: { a: [1] } })
    expect(await A.asCsv('c').apply({ c: 'name,score\n"a, b",1\nc,2\n' })).toEqual({
      c: [
        { name: 'a, b', score: '1' },
        { name: 'c', score: '2' },
      ],
    })
    expect(
      await A.asText('t').apply({
        t: { mimeType: 'application/octet-stream', data: Buffer.from('hi').toString('base64') },
      }),
    ).toEqual({ t: 'hi' })
    expect(A.fromJson('data').description).toBe("A.fromJson('data')")
    await expect(Promise.resolve().then(() => A.asJson('j').apply({ j: 'nope' }))).rejects.toSatisfy((error: unknown) =>
      StateError.isInstance(error),
    )
  })

  it('content transforms run as pipeline steps around artifact operations', async () => {
    const flow = Agent('w')
      .mock(['ignored'])
      .then(S.set({ rows: [{ k: 1 }] }))
      .then(A.fromCsv('rows'))
      .then(A.publish('rows.csv', { fromKey: 'rows' }))
      .then(A.snapshot('rows.csv', { intoKey: 'back' }))
      .then(A.asCsv('back'))
    const runner = new InMemoryRunner({ agent: flow.build() })
    const { state } = await runBuilder(flow, { runner })
    expect(state['back']).toEqual([{ k: '1' }])
  })

  it('forLlm shows the artifact in the context block of the agent', async () => {
    const llm = new ScriptedLlm(['Edited.'])
    const flow = Agent('writer')
      .mock(['Draft one.'])
      .writes('draft')
      .artifacts(A.publish('draft.md', { fromKey: 'draft' }))
      .then(Agent('editor').model(llm).instruct('Edit the draft.').context(A.forLlm('draft.md')))
    const runner = new InMemoryRunner({ agent: flow.build() })
    await runBuilder(flow, { runner })
    expect(llm.requests[0]?.config.systemInstruction).toContain(
      'Edit the draft.\n\n<conversation_context>\n[artifact: draft.md]\nDraft one.\n</conversation_context>',
    )
    expectConfigError(() => A.forLlm('x.md', { maxChars: 0 }), 'A.forLlm().maxChars')
  })
})
