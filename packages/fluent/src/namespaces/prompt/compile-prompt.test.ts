import { describe, expect, it } from 'vitest'
import { ReadonlyContext, StateError } from '@adk-fluent/core'
import * as P from './index.js'
import { compilePrompt, type PromptSpec } from './compile-prompt.js'
import { createTestContext } from '../shared/test-context.js'

async function render(spec: PromptSpec, state: Record<string, unknown>): Promise<string> {
  const compiled = compilePrompt(spec)
  if (typeof compiled === 'string') throw new Error('expected a run-time provider')
  const { readonlyContext } = await createTestContext({ state })
  return compiled(readonlyContext)
}

describe('compilePrompt: static vs dynamic', () => {
  it('static blocks compile to a string; when/fromState/template to a provider', () => {
    expect(typeof compilePrompt(P.role('R.').add(P.task('T.')))).toBe('string')
    expect(typeof compilePrompt(P.role('R.').add(P.when('x', P.task('T.'))))).toBe('function')
    expect(typeof compilePrompt(P.role('R.').add(P.fromState('x')))).toBe('function')
    expect(typeof compilePrompt(P.role('R.').add(P.template('{x}')))).toBe('function')
  })
})

describe('P.when at run time', () => {
  const prompt = P.role('R.')
    .add(P.when('verbose', P.context('Extra.')))
    .add(P.task('T.'))

  it('includes the block when the state key is truthy, and leaves it out otherwise', async () => {
    expect(await render(prompt, { verbose: true })).toBe('R.\n\nContext:\nExtra.\n\nTask:\nT.')
    expect(await render(prompt, { verbose: false })).toBe('R.\n\nTask:\nT.')
    expect(await render(prompt, {})).toBe('R.\n\nTask:\nT.')
    expect(await render(prompt, { verbose: null })).toBe('R.\n\nTask:\nT.')
  })

  it('evaluates a predicate over the state, without null values', async () => {
    const seen: Record<string, unknown>[] = []
    const vip = (state: Readonly<Record<string, unknown>>) => {
      seen.push({ ...state })
      return state['tier'] === 'gold'
    }
    const spec = P.role('R.').add(P.when(vip, P.constraint('Be extra polite.')))
    expect(await render(spec, { tier: 'gold', gone: null })).toBe('R.\n\nConstraints:\nBe extra polite.')
    expect(await render(spec, { tier: 'silver' })).toBe('R.')
    expect(seen[0]).toEqual({ tier: 'gold' })
  })

  it('accepts async predicates and nested conditions', async () => {
    const spec = P.task('T.').add(
      P.when(async (state) => state['a'] === 1, P.when('b', P.section('notes', 'Both.')).add(P.context('Only a.'))),
    )
    expect(await render(spec, { a: 1, b: true })).toBe('Context:\nOnly a.\n\nTask:\nT.\n\nNotes:\nBoth.')
    expect(await render(spec, { a: 1 })).toBe('Context:\nOnly a.\n\nTask:\nT.')
    expect(await render(spec, { b: true })).toBe('Task:\nT.')
  })

  it('sees the state of the moment: one provider, two different states', async () => {
    const compiled = compilePrompt(prompt)
    if (typeof compiled === 'string') throw new Error('expected a provider')
    const on = await createTestContext({ state: { verbose: 'yes' } })
    const off = await createTestContext({ state: {} })
    expect(await compiled(on.readonlyContext)).toContain('Extra.')
    expect(await compiled(off.readonlyContext)).not.toContain('Extra.')
  })
})

describe('P.fromState at run time', () => {
  it('renders key: value lines in the Context section, skipping absent and null keys', async () => {
    const spec = P.role('R.')
      .add(P.context('Py 3.11'))
      .add(P.fromState('name', 'missing', 'gone', 'prefs'))
    expect(await render(spec, { name: 'Ada', gone: null, prefs: { tone: 'formal' } })).toBe(
      'R.\n\nContext:\nPy 3.11\nname: Ada\nprefs: {"tone":"formal"}',
    )
  })

  it('renders no Context section when every key is absent', async () => {
    expect(await render(P.role('R.').add(P.fromState('missing')), {})).toBe('R.')
  })

  it('reads prefixed keys and values written in the pending delta', async () => {
    const { invocationContext } = await createTestContext({ state: { 'app:region': 'EU' } })
    const compiled = compilePrompt(P.fromState('app:region', 'draft'))
    if (typeof compiled === 'string') throw new Error('expected a provider')
    const context = new ReadonlyContext(invocationContext, { draft: 'v2' })
    expect(await compiled(context)).toBe('Context:\napp:region: EU\ndraft: v2')
  })
})

describe('P.template at run time', () => {
  it('resolves {key} and {key?} with core templates, and static text of a dynamic prompt too', async () => {
    const spec = P.task('Write about {topic}.').add(P.template('Tone: {tone}. Extra: {extra?}. Braces: {{x}}.'))
    expect(await render(spec, { topic: 'cats', tone: 'formal' })).toBe(
      'Task:\nWrite about cats.\n\nTone: formal. Extra: . Braces: {x}.',
    )
  })

  it('never expands a substituted value again', async () => {
    expect(await render(P.template('Say {a}.'), { a: '{b}', b: 'nope' })).toBe('Say {b}.')
    expect(await render(P.fromState('a'), { a: '{b}', b: 'nope' })).toBe('Context:\na: {b}')
  })

  it('a missing required key is a StateError naming the key', async () => {
    await expect(render(P.template('About {topic}.'), { other: 1 })).rejects.toSatisfy(
      (error: unknown) => StateError.isInstance(error) && (error as Error).message.includes('`topic`'),
    )
  })

  it('does not resolve templates of sections removed by P.only', async () => {
    const spec = P.role('R.')
      .add(P.section('notes', 'About {missing}.'))
      .add(P.fromState('x'))
      .add(P.only('role', 'context'))
    expect(await render(spec, { x: 1 })).toBe('R.\n\nContext:\nx: 1')
  })

  it('applies reorder and text functions at run time', async () => {
    const spec = P.role('R.')
      .add(P.template('Hi {name}.'))
      .pipe(P.reorder('template'))
      .pipe((text) => `${text}!`)
    expect(await render(spec, { name: 'Ada' })).toBe('Hi Ada.\n\nR.!')
  })
})
