import { describe, expect, it } from 'vitest'
import { ConfigError } from '@adk-fluent/core'
import * as P from './index.js'
import { compilePrompt } from './compile-prompt.js'
import { isPromptSpec } from './compile-prompt.js'

const reviewer = P.role('You are a senior code reviewer.')
  .add(P.task('Review the provided code for bugs and style issues.'))
  .add(P.constraint('Be concise.', 'Focus on correctness.'))
  .add(P.format('Return a bulleted list of findings.'))
  .add(P.example({ input: 'x = eval(user_input)', output: '- Security: injection risk via eval()' }))

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

describe('P golden output', () => {
  it('renders the API §2.4 example byte for byte', () => {
    expect(compilePrompt(reviewer)).toBe(
      'You are a senior code reviewer.\n\nTask:\nReview the provided code for bugs and style issues.\n\nConstraints:\nBe concise.\nFocus on correctness.\n\nOutput Format:\nReturn a bulleted list of findings.\n\nExamples:\nInput: x = eval(user_input)\nOutput: - Security: injection risk via eval()',
    )
  })

  it('renders the reference example with a context and a custom section, whatever the order of .add()', () => {
    const prompt = P.section('style_guide', 'PEP8')
      .add(P.example({ input: 'x=eval(y)', output: 'Critical' }))
      .add(P.context('Py 3.11'))
      .add(P.format('Markdown.'))
      .add(P.constraint('Be concise.', 'No jargon.'))
      .add(P.task('Review the code.'))
      .add(P.role('You are a senior reviewer.'))
    expect(compilePrompt(prompt)).toBe(
      [
        'You are a senior reviewer.',
        'Context:\nPy 3.11',
        'Task:\nReview the code.',
        'Constraints:\nBe concise.\nNo jargon.',
        'Output Format:\nMarkdown.',
        'Examples:\nInput: x=eval(y)\nOutput: Critical',
        'Style Guide:\nPEP8',
      ].join('\n\n'),
    )
  })

  it('renders each factory alone', () => {
    expect(compilePrompt(P.role('R.'))).toBe('R.')
    expect(compilePrompt(P.context('C.'))).toBe('Context:\nC.')
    expect(compilePrompt(P.task('T.'))).toBe('Task:\nT.')
    expect(compilePrompt(P.constraint('A.'))).toBe('Constraints:\nA.')
    expect(compilePrompt(P.format('F.'))).toBe('Output Format:\nF.')
    expect(compilePrompt(P.example('free text example'))).toBe('Examples:\nfree text example')
    expect(compilePrompt(P.section('api_notes', 'N.'))).toBe('Api Notes:\nN.')
    expect(compilePrompt(P.section('Style Guide', 'S.'))).toBe('Style Guide:\nS.')
  })

  it('merges blocks of one kind into one section, one per line, and custom sections keep insertion order', () => {
    const prompt = P.section('zeta', 'Z.')
      .add(P.task('First.'))
      .add(P.section('alpha', 'A.'))
      .add(P.task('Second.'))
      .add(P.section('zeta', 'Z2.'))
    expect(compilePrompt(prompt)).toBe('Task:\nFirst.\nSecond.\n\nZeta:\nZ.\nZ2.\n\nAlpha:\nA.')
  })

  it('leaves {key} templates in static text for the agent to resolve', () => {
    expect(compilePrompt(P.task('Write about {topic}.'))).toBe('Task:\nWrite about {topic}.')
  })
})

describe('P transforms', () => {
  it('P.only keeps the named sections, through .add() and through .pipe()', () => {
    const expected = 'You are a senior code reviewer.\n\nTask:\nReview the provided code for bugs and style issues.'
    expect(compilePrompt(reviewer.add(P.only('role', 'task')))).toBe(expected)
    expect(compilePrompt(reviewer.pipe(P.only('task', 'role')))).toBe(expected)
  })

  it('P.without drops the named sections, accepting labels and plural forms', () => {
    const text = compilePrompt(reviewer.pipe(P.without('Examples', 'constraints', 'Output Format')))
    expect(text).toBe('You are a senior code reviewer.\n\nTask:\nReview the provided code for bugs and style issues.')
    expect(compilePrompt(reviewer.add(P.without('examples')))).not.toContain('Examples:')
  })

  it('P.reorder really reorders sections, the rest keeping their order', () => {
    const prompt = P.role('R.').add(P.task('T.')).add(P.format('F.')).add(P.section('notes', 'N.'))
    expect(compilePrompt(prompt.pipe(P.reorder('notes', 'task')))).toBe(
      'Notes:\nN.\n\nTask:\nT.\n\nR.\n\nOutput Format:\nF.',
    )
    expect(compilePrompt(prompt.add(P.reorder('format')))).toBe('Output Format:\nF.\n\nR.\n\nTask:\nT.\n\nNotes:\nN.')
  })

  it('.pipe(fn) post-processes the rendered text after section transforms', () => {
    const upper = (text: string) => text.toUpperCase()
    expect(compilePrompt(P.role('r.').add(P.task('t.')).pipe(upper).add(P.only('task')))).toBe('TASK:\nT.')
  })
})

describe('P immutability', () => {
  it('returns frozen descriptors and leaves the receiver unchanged', () => {
    const base = P.role('R.')
    const before = { blocks: [...base.blocks], transforms: [...base.transforms] }
    const added = base.add(P.task('T.'))
    const piped = base.pipe(P.only('role'))
    expect(base.blocks).toEqual(before.blocks)
    expect(base.transforms).toEqual(before.transforms)
    for (const spec of [base, added, piped, P.when('x', P.task('T.')), P.fromState('a'), P.template('{a}')]) {
      expect(Object.isFrozen(spec)).toBe(true)
      expect(Object.isFrozen(spec.blocks)).toBe(true)
      expect(Object.isFrozen(spec.transforms)).toBe(true)
      for (const block of spec.blocks) expect(Object.isFrozen(block)).toBe(true)
    }
    expect(added.blocks).toHaveLength(2)
    expect(piped.transforms).toHaveLength(1)
    expect(compilePrompt(base)).toBe('R.')
  })

  it('one base can be reused in several compositions independently', () => {
    const base = P.role('R.')
    const a = base.add(P.task('A.'))
    const b = base.add(P.task('B.'))
    expect(compilePrompt(a)).toBe('R.\n\nTask:\nA.')
    expect(compilePrompt(b)).toBe('R.\n\nTask:\nB.')
  })

  it('descriptors are plain objects with kind "prompt"', () => {
    expect(P.task('T.').kind).toBe('prompt')
    expect(Object.getPrototypeOf(P.task('T.'))).toBe(Object.prototype)
    expect(isPromptSpec(P.task('T.'))).toBe(true)
    expect(isPromptSpec({ kind: 'prompt' })).toBe(false)
    expect(isPromptSpec('Task')).toBe(false)
  })
})

describe('P bad input', () => {
  it('P.section with an empty or invalid name', () => {
    expectConfigError(() => P.section('', 'x'), 'P.section()', 'section name is empty', 'style_guide')
    expectConfigError(() => P.section('   ', 'x'), 'P.section()')
    expectConfigError(() => P.section('9 lives!', 'x'), 'P.section()', 'not valid')
  })

  it('empty or non-string text', () => {
    expectConfigError(() => P.role(''), 'P.role()', 'empty')
    expectConfigError(() => P.task(42 as unknown as string), 'P.task()', 'must be a string')
    expectConfigError(() => P.section('notes', ' '), 'P.section()', 'empty')
    expectConfigError(() => P.template(''), 'P.template()')
  })

  it('constraint and example arguments', () => {
    expectConfigError(() => P.constraint(), 'P.constraint()', 'no rules')
    expectConfigError(() => P.constraint('ok', ''), 'P.constraint()', 'rule is empty')
    expectConfigError(() => P.example({ input: 'x', output: '' }), 'P.example()', 'output is empty')
    expectConfigError(() => P.example(null as unknown as string), 'P.example()', '{ input, output }')
  })

  it('when, fromState and section transforms', () => {
    expectConfigError(() => P.when('not a key!', P.task('T.')), 'P.when()', 'not a valid state key')
    expectConfigError(() => P.when('verbose', 'text' as unknown as P.PromptSpec), 'P.when()', 'prompt made by P.*')
    expectConfigError(() => P.when('verbose', P.task('T.').pipe(P.only('task'))), 'P.when()', 'transforms')
    expectConfigError(() => P.fromState(), 'P.fromState()', 'no state keys')
    expectConfigError(() => P.fromState('ok', 'bad key'), 'P.fromState()', '"bad key"')
    expectConfigError(() => P.only(), 'P.only()', 'no section names')
    expectConfigError(() => P.reorder(''), 'P.reorder()', 'empty')
  })

  it('.add() and .pipe() with the wrong argument', () => {
    expectConfigError(() => P.role('R.').add('text' as unknown as P.PromptSpec), 'P.add()', 'a string')
    expectConfigError(() => P.role('R.').pipe(P.task('T.')), 'P.pipe()', 'Use .add()')
    expectConfigError(() => P.role('R.').pipe(42 as unknown as P.PromptSpec), 'P.pipe()')
  })
})
