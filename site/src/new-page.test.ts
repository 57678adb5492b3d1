import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { projectUrls, repoRoot } from './config.js'
import { collectPages, MarkdownFiles } from './pages.js'
import { createSiteProgram } from './program.js'
import { renderChunk, type RenderContext } from './render-markdown.js'
import { regionOf, Samples, typecheckedFiles } from './samples.js'
import { Slugger } from './slug.js'

// A page added to docs/ by anyone gets its page, its samples compiled and its links resolved, with no change to the
// site's code: checked here on a small repository of its own.

const root = mkdtempSync(join(tmpdir(), 'adk-fluent-site-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true })
  writeFileSync(join(root, path), text)
}
write('README.md', '# demo\n\nIntro.\n\n## Usage\n\nUse it.\n')
write('packages/thing/package.json', JSON.stringify({ name: '@adk-fluent/thing', description: 'A thing.' }))
write('packages/thing/README.md', '# @adk-fluent/thing\n\nA thing.\n')
write(
  'site/pages/index.md',
  '---\ntitle: Home\nsection: Start\norder: 0\n---\n\n<!-- include: README.md#demo intro -->\n',
)
write(
  'docs/wire-taps.md',
  [
    '# Guards',
    '',
    'See [usage](../README.md#usage) and [nothing](./nothing.md).',
    '',
    '```ts',
    "import { Agent, G } from '@adk-fluent/fluent'",
    "export const safe = Agent('safe').guard(G.pii())",
    '```',
    '',
    '```ts',
    "const broken: number = 'text'",
    '```',
    '',
  ].join('\n'),
)

describe('a new page in docs/', () => {
  it('is a page of its own, under "More docs", with README sections no page includes on pages of their own', () => {
    const { pages, problems } = collectPages(new MarkdownFiles(root))
    expect(problems).toEqual([])
    expect(pages.map((page) => [page.id, page.section])).toEqual([
      ['index', 'Start'],
      ['docs/wire-taps', 'More docs'],
      ['packages/thing', 'Packages'],
      ['readme/usage', 'From the README'],
    ])
    expect(pages.find((page) => page.id === 'docs/wire-taps')?.title).toBe('Guards')
  })

  it('has its TypeScript blocks compiled against the workspace (an error names the page and line) and its links checked', () => {
    const { pages } = collectPages(new MarkdownFiles(root))
    const page = pages.find((candidate) => candidate.id === 'docs/wire-taps')!
    const samples = new Samples(repoRoot, new Set())
    const context: RenderContext = {
      pageId: page.id,
      slugger: new Slugger(),
      targets: {
        root,
        urls: projectUrls(),
        pageOfFile: new Map([['docs/wire-taps.md', 'docs/wire-taps']]),
        pageOfAnchor: new Map([['README.md#usage', 'readme/usage']]),
      },
      samples,
      assets: new Set(),
      problems: [],
    }
    const part = page.parts[0]!
    const html = part.kind === 'markdown' ? renderChunk(part.chunk, context) : ''
    expect(html).toContain('<a href="../readme/usage.html#usage">usage</a>')
    expect(context.problems).toEqual([
      'docs/wire-taps.md (page docs/wire-taps): broken link ./nothing.md: docs/nothing.md does not exist',
    ])
    expect(html.match(/data-checked="compiled"/g)).toHaveLength(2)
    samples.check(createSiteProgram(repoRoot, [], samples.compiled))
    expect(samples.problems).toEqual([
      "docs/wire-taps.md:10 (line 1 of the block): TS2322 Type 'string' is not assignable to type 'number'.",
    ])
  }, 120_000)
})

describe('snippets', () => {
  it('show a region of a file that pnpm typecheck compiles, without its indentation', () => {
    expect(regionOf('a\n  // #region r\n  const x = 1\n    f(x)\n  // #endregion r\n', 'r')).toBe('const x = 1\n  f(x)')
    const samples = new Samples(repoRoot, typecheckedFiles(repoRoot))
    expect(samples.region('first-agent/agent.ts#ask', 'page.md:3')).toContain("answer.ask('How do bees talk?')")
    expect(samples.region('first-agent/agent.ts#nothing', 'page.md:4')).toBeUndefined()
    expect(samples.region('no-such-file.ts#x', 'page.md:5')).toBeUndefined()
    expect(samples.problems).toEqual([
      'page.md:4: snippet first-agent/agent.ts#nothing: no region "nothing" in examples/readme/first-agent/agent.ts',
      'page.md:5: snippet no-such-file.ts#x: examples/readme/no-such-file.ts does not exist',
    ])
  })
})
