import { describe, expect, it } from 'vitest'
import * as P from './index.js'
import { describePrompt, promptStateKeys } from './compile-prompt.js'

describe('describePrompt', () => {
  it('shows the layout with templates as written, state reads and conditions', () => {
    const isVip = (state: Readonly<Record<string, unknown>>) => state['tier'] === 'gold'
    const spec = P.role('You help {user}.')
      .add(P.fromState('topic'))
      .add(P.when('verbose', P.context('Extra.')))
      .add(P.when(isVip, P.constraint('Be polite.')))
      .add(P.template('Tone: {tone?}'))
    expect(describePrompt(spec)).toBe(
      'You help {user}.\n\nContext:\ntopic: <state.topic>\n[when state.verbose] Extra.\n\nConstraints:\n[when isVip(state)] Be polite.\n\nTone: {tone?}',
    )
  })

  it('equals the compiled string for static prompts and applies section transforms', () => {
    const spec = P.role('R.').add(P.task('T.')).add(P.reorder('task'))
    expect(describePrompt(spec)).toBe('Task:\nT.\n\nR.')
  })

  it('lists text functions instead of running them', () => {
    const shout = (text: string) => text.toUpperCase()
    expect(describePrompt(P.task('t.').pipe(shout))).toBe('Task:\nt.\n\n[then piped through shout]')
  })
})

describe('promptStateKeys', () => {
  it('splits required and optional keys', () => {
    const spec = P.task('About {topic} for {user:name}.')
      .add(P.template('Tone {tone?}, doc {artifact.report}'))
      .add(P.fromState('history'))
      .add(P.when('verbose', P.context('Detail on {detail}.')))
    expect(promptStateKeys(spec)).toEqual({
      required: ['topic', 'user:name'],
      optional: ['tone', 'history', 'verbose', 'detail'],
    })
  })

  it('a key used both ways is required; removed sections are not counted', () => {
    const spec = P.task('{a} {a?}').add(P.section('notes', '{b}')).add(P.without('notes'))
    expect(promptStateKeys(spec)).toEqual({ required: ['a'], optional: [] })
  })
})
