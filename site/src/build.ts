// `pnpm docs:build`: the documentation site, static, in site/dist/ (index.html at its root; every link relative, so it
// works from file:// or any static server). Fails (exit 1) when a code sample does not compile, an internal link
// does not resolve, an include or snippet is missing, or — with --check-published, after `pnpm build` — the API
// reference's names differ from what the built .d.ts files export.
//
//   tsx site/src/build.ts [--out dir] [--check-published]
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import ts from 'typescript'
import { ApiIndex, renderApiEntry } from './api/render.js'
import { ApiReader, entryPoints } from './api/model.js'
import { publishedNameProblems } from './api/published.js'
import { checkLinks } from './check-links.js'
import { projectUrls, repoRoot } from './config.js'
import { listExamples, renderExample } from './examples.js'
import { generatedHtml } from './generated.js'
import { layout, navOrder, tocOf, type NavEntry } from './layout.js'
import { collectPages, MarkdownFiles, publishedPackages } from './pages.js'
import { createSiteProgram } from './program.js'
import { renderChunk } from './render-markdown.js'
import type { LinkTargets } from './resolve-link.js'
import { Samples, typecheckedFiles } from './samples.js'
import { searchEntries, searchIndexScript, type SearchEntry } from './search-index.js'
import { Slugger } from './slug.js'

export interface BuildOptions {
  readonly root?: string
  readonly outDir?: string
  /** Also compare the API reference's names with the built packages' .d.ts exports (needs `pnpm build`). */
  readonly checkPublished?: boolean
  /** The previous build's program, to reuse unchanged files (`pnpm docs:dev`). */
  readonly previous?: ts.Program
}

export interface BuildResult {
  readonly outDir: string
  readonly pages: number
  readonly api: { readonly entries: number; readonly names: number; readonly members: number }
  readonly samples: { readonly snippets: number; readonly compiled: number; readonly exampleFiles: number }
  readonly problems: readonly string[]
  readonly milliseconds: number
  readonly program: ts.Program
}

const siteDir = join(repoRoot, 'site')

function clientScript(): string {
  const source = readFileSync(join(siteDir, 'client', 'site.ts'), 'utf8')
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.ESNext, removeComments: false },
  })
  return outputText.replace(/^export \{\};?\s*$/m, '')
}

export function buildSite(options: BuildOptions = {}): BuildResult {
  const started = Date.now()
  const root = options.root ?? repoRoot
  const outDir = options.outDir ?? join(root, 'site', 'dist')
  const urls = projectUrls(root)
  const files = new MarkdownFiles(root)
  const { pages, problems } = collectPages(files)
  const examples = listExamples(root)
  const packages = publishedPackages(root)
  const entries = entryPoints(
    root,
    packages.map((pkg) => pkg.name),
  )
  const nav: NavEntry[] = navOrder([
    ...pages,
    ...examples.map((example, index) => ({
      id: `examples/${example.name}`,
      title: example.name,
      section: 'Examples' as const,
      order: index + 1,
    })),
    ...entries.map((entry, index) => ({
      id: `api/${entry.id}`,
      title: entry.specifier,
      section: 'API reference' as const,
      order: index + 1,
    })),
  ])

  // Which page shows each Markdown file and heading, for links between them.
  const pageOfFile = new Map<string, string>([['README.md', 'index']])
  const pageOfAnchor = new Map<string, string>()
  for (const page of pages) if (page.source && page.source !== 'README.md') pageOfFile.set(page.source, page.id)
  const wholeFileFirst = [...pages].sort(
    (a, b) =>
      Number(a.source === undefined || a.source.startsWith('site/')) -
      Number(b.source === undefined || b.source.startsWith('site/')),
  )
  for (const page of wholeFileFirst)
    for (const part of page.parts)
      if (part.kind === 'markdown')
        for (const id of [...part.chunk.headingIds, ...(part.anchor ? [part.anchor] : [])])
          if (!pageOfAnchor.has(`${part.chunk.source}#${id}`)) pageOfAnchor.set(`${part.chunk.source}#${id}`, page.id)
  const targets: LinkTargets = { root, urls, pageOfFile, pageOfAnchor }

  const checkedFiles = typecheckedFiles(root)
  const samples = new Samples(root, checkedFiles)
  const assets = new Set<string>()
  const bodies = new Map<string, string>()
  for (const page of pages) {
    const context = { pageId: page.id, slugger: new Slugger(), targets, samples, assets, problems }
    const html = page.parts.map((part, index) => {
      if (part.kind === 'markdown') {
        const anchor = part.anchor && context.slugger.take(part.anchor) ? `<span id="${part.anchor}"></span>\n` : ''
        return anchor + renderChunk(part.chunk, context)
      }
      if (part.kind === 'html') return part.html
      return `<!--generated:${index}-->`
    })
    bodies.set(page.id, html.join('\n'))
  }

  const program = createSiteProgram(
    root,
    entries.map((entry) => entry.sourceFile),
    samples.compiled,
    options.previous,
  )
  samples.check(program)
  const reader = new ApiReader(program, root)
  const api = entries.map((entry) => reader.read(entry))
  const apiIndex = new ApiIndex(api)
  for (const name of reader.stripped)
    problems.push(`API: ${name} is exported but marked @internal (not in the published types)`)
  if (options.checkPublished) problems.push(...publishedNameProblems(api))

  const generatedInput = { entries: api, examples, packages }
  for (const page of pages) {
    const body = bodies.get(page.id)!.replace(/<!--generated:(\d+)-->/g, (_all, index: string) => {
      const part = page.parts[Number(index)]
      if (part?.kind !== 'generated') return ''
      const html = generatedHtml(generatedInput, page.id, part.name, part.args)
      if (html === undefined)
        problems.push(`${part.where}: unknown generated part "${part.name} ${part.args.join(' ')}"`)
      return html ?? ''
    })
    bodies.set(page.id, body)
  }
  for (const entry of api)
    bodies.set(
      `api/${entry.id}`,
      renderApiEntry(entry, apiIndex, urls.repository, `../packages/${entry.packageName.split('/')[1]}.html`),
    )
  const exampleProblems: string[] = []
  for (const example of examples)
    bodies.set(
      `examples/${example.name}`,
      renderExample(example, root, urls.repository, (file) => checkedFiles.has(file), exampleProblems),
    )
  problems.push(...exampleProblems, ...samples.problems)

  // Whole documents, the search index and the assets.
  const output = new Map<string, string>()
  const search: SearchEntry[] = []
  const sources = new Map(pages.map((page) => [page.id, page.source]))
  for (const entry of nav) {
    const body = bodies.get(entry.id) ?? ''
    const toc = tocOf(body, entry.id.startsWith('api/') ? 2 : 3)
    const source = sources.get(entry.id)
    output.set(`${entry.id}.html`, layout({ page: entry, body, nav, toc, urls, ...(source ? { source } : {}) }))
    search.push(...searchEntries(entry.id, entry.title, body))
  }
  const written = new Map<string, string | { copy: string }>([
    ['assets/site.css', readFileSync(join(siteDir, 'client', 'site.css'), 'utf8')],
    ['assets/site.js', clientScript()],
    ['assets/search-index.js', searchIndexScript(search)],
    ...[...assets].map((asset): [string, { copy: string }] => [`assets/files/${asset}`, { copy: join(root, asset) }]),
  ])
  if (!output.has('index.html')) problems.push('no index.html: site/pages/index.md is missing')
  problems.push(...checkLinks({ pages: output, assets: new Set(written.keys()) }))

  rmSync(outDir, { recursive: true, force: true })
  for (const [path, content] of [...output, ...written]) {
    const target = join(outDir, path)
    mkdirSync(dirname(target), { recursive: true })
    if (typeof content === 'string') writeFileSync(target, content)
    else copyFileSync(content.copy, target)
  }
  const counts = apiIndex.count()
  return {
    outDir,
    pages: output.size,
    api: { entries: api.length, names: counts.names, members: counts.members },
    samples: {
      snippets: samples.snippets,
      compiled: samples.compiled.length,
      exampleFiles: examples.reduce((n, example) => n + example.files.length, 0),
    },
    problems,
    milliseconds: Date.now() - started,
    program,
  }
}

/** One line saying what was built. */
export function summary(result: BuildResult): string {
  const { api, samples } = result
  return (
    `docs: ${result.pages} pages in ${result.outDir} in ${(result.milliseconds / 1000).toFixed(1)} s; API reference: ` +
    `${api.names} exported names and ${api.members} members of ${api.entries} entry points; code checked: ` +
    `${samples.snippets} snippets of type-checked files, ${samples.compiled} blocks compiled, ${samples.exampleFiles} example files`
  )
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const args = process.argv.slice(2)
  const out = args.indexOf('--out')
  const result = buildSite({
    ...(out >= 0 && args[out + 1] ? { outDir: args[out + 1] } : {}),
    checkPublished: args.includes('--check-published'),
  })
  console.log(summary(result))
  if (result.problems.length > 0) {
    console.error(`docs: ${result.problems.length} problem(s):\n- ${result.problems.join('\n- ')}`)
    process.exit(1)
  }
}
