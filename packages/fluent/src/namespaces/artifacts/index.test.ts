import { describe, expect, it } from 'vitest'
import { ConfigError, StateError } from '@adk-fluent/core'
import * as A from './index.js'
import { createTestContext } from '../shared/test-context.js'
import { isArtifactOperation } from './artifact-operation.js'

function expectConfigError(run: () => unknown, ...fragments: string[]): void {
  let caught: unknown
  try {
    run()
  } catch (error) {
    caught = error
  }
  expect(ConfigError.isConfigError(caught)).toBe(true)
  for (const fragment of fragments) expect((caught as Error).message).toContain(fragment)
}

describe('A operations against a real Context and InMemoryArtifactService', () => {
  it('publish saves a state value and records the version in artifactDelta', async () => {
    const { context, artifactService, session } = await createTestContext({
      state: { report: '# Findings', data: { n: 1 } },
    })
    await A.publish('report.md', { fromKey: 'report' }).run(context)
    await A.publish('report.md', { fromKey: 'report' }).run(context)
    await A.publish('data.json', { fromKey: 'data', mime: 'application/json' }).run(context)
    expect(context.actions.artifactDelta).toEqual({ 'report.md': 1, 'data.json': 0 })
    const key = { appName: 'app', userId: 'u1', sessionId: session.id }
    expect(await artifactService.loadArtifact({ ...key, filename: 'report.md' })).toEqual({ text: '# Findings' })
    expect(await artifactService.loadArtifact({ ...key, filename: 'data.json' })).toEqual({
      inlineData: { mimeType: 'application/json', data: Buffer.from('{"n":1}').toString('base64') },
    })
  })

  it('publish of a missing (or null) key is a StateError naming the key and the fix', async () => {
    const { context } = await createTestContext({ state: { other: 1, gone: null } })
    for (const fromKey of ['report', 'gone']) {
      await expect(A.publish('report.md', { fromKey }).run(context)).rejects.toSatisfy(
        (error: unknown) =>
          StateError.isInstance(error) &&
          (error as Error).message.includes(`state key "${fromKey}" is missing`) &&
          (error as Error).message.includes('keys in state: other') &&
          (error as Error).message.includes(`.writes('${fromKey}')`),
      )
    }
    expect(context.actions.artifactDelta).toEqual({})
  })

  it('save, snapshot, load and list round-trip through state deltas', async () => {
    const { context } = await createTestContext()
    await A.save('notes.txt', 'Reviewed.').run(context)
    await A.save('data.json', {
      inlineData: { mimeType: 'application/json', data: Buffer.from('[1,2]').toString('base64') },
    }).run(context)
    await A.save('logo.png', new Uint8Array([137, 80, 78, 71])).run(context)
    await A.save('config.json', { retries: 3 }).run(context)
    await A.snapshot('notes.txt', { intoKey: 'notes' }).run(context)
    await A.load('data.json').run(context)
    await A.load('logo.png', { intoKey: 'logo' }).run(context)
    await A.load('config.json', { intoKey: 'config' }).run(context)
    await A.list({ intoKey: 'files' }).run(context)
    expect(context.actions.stateDelta).toEqual({
      notes: 'Reviewed.',
      'data.json': '[1,2]',
      logo: { mimeType: 'application/octet-stream', data: Buffer.from([137, 80, 78, 71]).toString('base64') },
      config: '{"retries":3}',
      files: ['config.json', 'data.json', 'logo.png', 'notes.txt'],
    })
    expect(context.actions.artifactDelta).toEqual({ 'notes.txt': 0, 'data.json': 0, 'logo.png': 0, 'config.json': 0 })
  })

  it('delete removes every version; loading it afterwards is a StateError listing what exists', async () => {
    const { context } = await createTestContext()
    await A.save('a.txt', 'A').run(context)
    await A.save('b.txt', 'B').run(context)
    await A.delete('a.txt').run(context)
    await A.list({ intoKey: 'files' }).run(context)
    expect(context.state.get('files')).toEqual(['b.txt'])
    await expect(A.snapshot('a.txt', { intoKey: 'x' }).run(context)).rejects.toSatisfy(
      (error: unknown) =>
        StateError.isInstance(error) &&
        (error as Error).message.includes('artifact "a.txt" not found (artifacts: b.txt)'),
    )
  })

  it('user: artifacts are shared across the sessions of a user', async () => {
    const first = await createTestContext({ state: { profile: 'likes tea' } })
    await A.publish('user:profile.txt', { fromKey: 'profile' }).run(first.context)
    const part = await first.artifactService.loadArtifact({
      appName: 'app',
      userId: 'u1',
      sessionId: 'another',
      filename: 'user:profile.txt',
    })
    expect(part).toEqual({ text: 'likes tea' })
  })
})

describe('A descriptors', () => {
  it('are frozen with op, name, description, reads and writes', () => {
    const operations = [
      [
        A.publish('r.md', { fromKey: 'report', mime: 'text/markdown' }),
        'publish',
        'r.md',
        ['report'],
        [],
        "A.publish('r.md', { fromKey: 'report', mime: 'text/markdown' })",
      ],
      [
        A.snapshot('r.md', { intoKey: 'text' }),
        'snapshot',
        'r.md',
        [],
        ['text'],
        "A.snapshot('r.md', { intoKey: 'text' })",
      ],
      [A.save('n.txt', 'hi'), 'save', 'n.txt', [], [], "A.save('n.txt', 'hi')"],
      [A.load('n.txt'), 'load', 'n.txt', [], ['n.txt'], "A.load('n.txt')"],
      [A.list({ intoKey: 'files' }), 'list', 'files', [], ['files'], "A.list({ intoKey: 'files' })"],
      [A.delete('n.txt'), 'delete', 'n.txt', [], [], "A.delete('n.txt')"],
    ] as const
    for (const [operation, op, name, reads, writes, description] of operations) {
      expect(operation).toMatchObject({ kind: 'artifact-op', op, name, reads, writes, description })
      expect(Object.isFrozen(operation)).toBe(true)
      expect(Object.isFrozen(operation.reads)).toBe(true)
      expect(isArtifactOperation(operation)).toBe(true)
    }
    expect(isArtifactOperation({ kind: 'artifact-op' })).toBe(false)
  })

  it('reject bad input at the call', () => {
    expectConfigError(() => A.publish('', { fromKey: 'a' }), 'A.publish()', 'not a valid artifact filename')
    expectConfigError(() => A.publish('r.md', { fromKey: 'bad key' }), 'A.publish()', 'not a valid state key')
    expectConfigError(() => A.publish('r.md', { fromKey: 'a', mime: 'markdown' }), 'A.publish()', 'MIME type')
    expectConfigError(() => A.snapshot('r.md', {} as never), 'A.snapshot()')
    expectConfigError(() => A.save(' n.txt', 'x'), 'A.save()')
    expectConfigError(() => A.save('n.txt', undefined as never), 'A.save()', 'no content')
    expectConfigError(() => A.load('n.txt', { intoKey: 'a b' }), 'A.load()')
    expectConfigError(() => A.list({ intoKey: '' }), 'A.list()')
    expectConfigError(() => A.delete(42 as never), 'A.delete()')
  })
})
