// What a state-key mistake looks like in the compiler's output: each fixture program below is type-checked by the
// TypeScript compiler (the project's own options) and must give exactly one error, on the marked line, whose first
// line names the key and whose whole message is at most 4 lines — the `FluentTypeError`, not a list of overloads.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const src = join(dirname(fileURLToPath(import.meta.url)), '..')
const root = join(src, '../../..')

interface Fixture {
  readonly mistake: string
  readonly key: string
  /** The program; the line holding `// <-` is where the error must be. */
  readonly code: string
}

const fixtures: readonly Fixture[] = [
  {
    mistake: "a pipeline's .step()",
    key: 'drfat',
    code: `
export const flow = Pipeline('flow')
  .initialState('topic')
  .step(Agent('writer').instruct('Write about {topic}.').writes('draft'))
  .step(Agent('critic').instruct('Review {drfat}.')) // <-
  .step(Agent('editor').instruct('Edit {draft} with the review of {drfat}.')) // reported once, not again here`,
  },
  {
    mistake: '.then()',
    key: 'drfat',
    code: `
export const flow = Agent('writer')
  .instruct('Write about {topic}.')
  .writes('draft')
  .initialState('topic')
  .then(Agent('critic').reads('drfat')) // <-`,
  },
  {
    mistake: '.then() of a key written only after its reader',
    key: 'draft',
    code: `
export const flow = Agent('critic')
  .instruct('Review {draft}.')
  .then(Agent('writer').writes('draft')) // <-`,
  },
  {
    mistake: "a FanOut's .branch()",
    key: 'topik',
    code: `
export const flow = FanOut('research')
  .initialState('topic')
  .branch(Agent('web').instruct('Search the web for {topic}.').writes('web'))
  .branch(Agent('papers').instruct('Search papers on {topik}.').writes('papers')) // <-`,
  },
  {
    mistake: 'a Route target',
    key: 'questoin',
    code: `
export const flow = Route('intent')
  .initialState('question', 'intent')
  .eq('billing', Agent('billing').instruct('Answer {questoin}.')) // <-
  .otherwise(Agent('general').instruct('Answer {question}.'))`,
  },
  {
    mistake: "a Route's key",
    key: 'intnet',
    code: `
export const flow = Pipeline('support')
  .initialState('question', 'intent')
  .step(Route('intnet').eq('billing', Agent('billing').instruct('Answer {question}.'))) // <-`,
  },
  {
    mistake: "a Loop's .step()",
    key: 'feedbak',
    code: `
export const flow = Loop('refine')
  .initialState('topic')
  .step(Agent('writer').instruct('Write about {topic} using {feedbak}.').writes('draft')) // <-
  .step(Agent('critic').instruct('Critique {draft}.').writes('feedback'))
  .maxIterations(3)`,
  },
  {
    mistake: "a Fallback's .attempt()",
    key: 'questoin',
    code: `
export const flow = Fallback('answer')
  .initialState('question')
  .attempt(Agent('fast').instruct('Answer {question}.'))
  .attempt(Agent('careful').instruct('Answer {questoin} carefully.')) // <-`,
  },
  {
    mistake: '.build() of an agent with a missing read (empty initial state)',
    key: 'topic',
    code: `
export const agent = Agent('writer') // <- (no argument to blame: the error is on the builder it is called on)
  .instruct('Write about {topic}.')
  .initialState()
  .build()`,
  },
  {
    mistake: '.build() of a pipeline with a missing read (initial state declared last)',
    key: 'drfat',
    code: `
export const agent = Pipeline('flow')
  .step(Agent('critic').instruct('Review {drfat}.'))
  .initialState('topic') // <-
  .build()`,
  },
]

/** A fixture's source: the program, after an import of the factories it uses. */
function sourceOf(fixture: Fixture): string {
  const used = ['Agent', 'Fallback', 'FanOut', 'Loop', 'Pipeline', 'Route'].filter((name) =>
    fixture.code.includes(`${name}(`),
  )
  return `import { ${used.join(', ')} } from '../index.js'\n${fixture.code}`
}
const fixtureDir = join(src, '__type-error-fixtures__')
const fixturePath = (index: number): string => join(fixtureDir, `fixture-${index}.ts`)

let checked: ts.Diagnostic[][] | undefined
/** Type-checks every fixture in one program (the files exist only in memory, checked once) and returns each one's errors. */
function typeCheck(): ts.Diagnostic[][] {
  checked ??= typeCheckFixtures()
  return checked
}

function typeCheckFixtures(): ts.Diagnostic[][] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )
  if (!config) throw new Error('cannot read tsconfig.json')
  const options = { ...config.options, noEmit: true }
  const sources = new Map(fixtures.map((fixture, index) => [fixturePath(index), sourceOf(fixture)]))
  const host = ts.createCompilerHost(options)
  const { fileExists, readFile, getSourceFile } = host
  host.fileExists = (file) => sources.has(file) || fileExists.call(host, file)
  host.readFile = (file) => sources.get(file) ?? readFile.call(host, file)
  host.getSourceFile = (file, language, ...rest) => {
    const text = sources.get(file)
    return text === undefined
      ? getSourceFile.call(host, file, language, ...rest)
      : ts.createSourceFile(file, text, language, true)
  }
  const program = ts.createProgram([...sources.keys()], options, host)
  return fixtures.map((_, index) => [...ts.getPreEmitDiagnostics(program, program.getSourceFile(fixturePath(index)))])
}

describe('a state-key mistake gives one short error naming the key', () => {
  it('in every kind of step: one error on the marked line, the key on its first line, at most 4 lines', () => {
    const results = typeCheck()
    const report = fixtures.map((fixture, index) => {
      const diagnostics = results[index] ?? []
      const markedLine = sourceOf(fixture)
        .split('\n')
        .findIndex((line) => line.includes('// <-'))
      const first = diagnostics[0]
      const lines = first ? ts.flattenDiagnosticMessageText(first.messageText, '\n').split('\n') : []
      const at = first?.file && first.start !== undefined ? first.file.getLineAndCharacterOfPosition(first.start) : null
      return {
        mistake: fixture.mistake,
        errors: diagnostics.length,
        onMarkedLine: at?.line === markedLine,
        firstLineNamesKey: lines[0]?.includes(`FluentTypeError<"state key '${fixture.key}'`) ?? false,
        atMostFourLines: lines.length > 0 && lines.length <= 4,
      }
    })
    const said = fixtures
      .map((fixture, index) => {
        const messages = (results[index] ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
        return `${fixture.mistake}:\n${messages.join('\n')}`
      })
      .join('\n\n')
    expect(report, `the compiler said:\n${said}`).toEqual(
      fixtures.map(({ mistake }) => ({
        mistake,
        errors: 1,
        onMarkedLine: true,
        firstLineNamesKey: true,
        atMostFourLines: true,
      })),
    )
  }, 120_000)

  it("says what docs/typed-data-flow.md shows for a pipeline's .step(): two lines, the key's message on the first", () => {
    const [diagnostic] = typeCheck()[0] ?? []
    const lines = diagnostic ? ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n').split('\n') : []
    const error =
      'FluentTypeError<"state key \'drfat\' is not written before this step; write it in an earlier step or add it to .initialState(...)">'
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^Argument of type 'AgentBuilder<.*>' is not assignable to parameter of type '(.*)'\.$/)
    expect(lines[0]).toContain(`parameter of type '${error}'.`)
    expect(lines[1]).toContain("Property '[fluentTypeError]' is missing in type 'AgentBuilder<")
  }, 120_000)
})
