// The site's pages and where their content comes from: the pages of site/pages (which include README sections and
// generated tables), every docs/*.md, every published package's README.md, and any README section no page includes.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { docsPlaces, packageOrder, sections, type Section } from './config.js'
import { lexMarkdown, type Chunk, type MarkdownFile } from './markdown-file.js'

export type Part =
  /** `anchor`: the id of an included section whose heading is left out (`body`), kept as an empty element. */
  | { readonly kind: 'markdown'; readonly chunk: Chunk; readonly anchor?: string }
  | { readonly kind: 'html'; readonly html: string }
  /** Filled once the API model exists: `namespace P`, `packages`, `api-index`, `examples`. */
  | { readonly kind: 'generated'; readonly name: string; readonly args: readonly string[]; readonly where: string }

export interface Page {
  /** The output path without `.html`: `index`, `guides/sessions`, `api/core`. */
  readonly id: string
  readonly title: string
  readonly section: Section
  readonly order: number
  readonly parts: readonly Part[]
  /** The repository file the page shows, for its "source" link. */
  readonly source?: string
}

/** Markdown files by repository path, each lexed once. */
export class MarkdownFiles {
  readonly #files = new Map<string, MarkdownFile>()
  constructor(readonly root: string) {}

  get(source: string): MarkdownFile | undefined {
    let file = this.#files.get(source)
    if (!file && existsSync(join(this.root, source))) {
      file = lexMarkdown(source, readFileSync(join(this.root, source), 'utf8'))
      this.#files.set(source, file)
    }
    return file
  }
}

const directive = /^<!-- (include|generated): (.+?) -->$/

function frontMatter(text: string): { fields: Record<string, string>; body: string; bodyLine: number } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text)
  if (!match) return { fields: {}, body: text, bodyLine: 1 }
  const fields: Record<string, string> = {}
  for (const line of match[1]!.split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0)
      fields[line.slice(0, colon).trim()] = line
        .slice(colon + 1)
        .trim()
        .replace(/^(['"])(.*)\1$/, '$2')
  }
  return { fields, body: text.slice(match[0].length), bodyLine: match[0].split('\n').length }
}

/** What `<!-- include: file#id [intro] [body] -->` brings in: a whole file, or one heading's section. */
function included(
  files: MarkdownFiles,
  argument: string,
  where: string,
  problems: string[],
): { chunk: Chunk; anchor?: string } | undefined {
  const [target = '', ...options] = argument.split(/\s+/)
  const [path = '', id] = target.split('#')
  const file = files.get(path)
  if (!file) return void problems.push(`${where}: include of ${path}: no such file`)
  let chunk = id === undefined ? file.chunk : file.section(id)
  if (!chunk) return void problems.push(`${where}: include of ${target}: ${path} has no heading with id "${id}"`)
  const lines = chunk.markdown.split('\n')
  let ids = chunk.headingIds
  if (options.includes('intro')) {
    const next = lines.findIndex((line, index) => index > 0 && /^#{1,6} /.test(line))
    if (next > 0) chunk = { ...chunk, markdown: lines.slice(0, next).join('\n') + '\n' }
    ids = ids.slice(0, 1)
  }
  if (options.includes('body')) {
    chunk = { ...chunk, markdown: chunk.markdown.split('\n').slice(1).join('\n'), line: chunk.line + 1 }
    return { chunk: { ...chunk, headingIds: ids.slice(1) }, ...(ids[0] ? { anchor: ids[0] } : {}) }
  }
  return { chunk: { ...chunk, headingIds: ids } }
}

function sitePage(files: MarkdownFiles, source: string, problems: string[]): Page {
  const text = readFileSync(join(files.root, source), 'utf8')
  const { fields, body, bodyLine } = frontMatter(text)
  const id = source.replace(/^site\/pages\//, '').replace(/\.md$/, '')
  const section = (fields['section'] ?? 'More docs') as Section
  if (!sections.includes(section)) problems.push(`${source}: unknown section "${section}"`)
  const parts: Part[] = []
  let pending: string[] = []
  let pendingLine = bodyLine
  const flush = (nextLine: number) => {
    const markdown = pending.join('\n')
    if (markdown.trim() !== '') {
      const chunk = lexMarkdown(source, markdown).chunk
      parts.push({ kind: 'markdown', chunk: { ...chunk, line: pendingLine } })
    }
    pending = []
    pendingLine = nextLine
  }
  body.split('\n').forEach((line, index) => {
    const match = directive.exec(line.trim())
    if (!match) return void pending.push(line)
    const where = `${source}:${bodyLine + index}`
    flush(bodyLine + index + 1)
    if (match[1] === 'include') {
      const found = included(files, match[2]!, where, problems)
      if (found) parts.push({ kind: 'markdown', ...found })
    } else {
      const [name = '', ...args] = match[2]!.split(/\s+/)
      parts.push({ kind: 'generated', name, args, where })
    }
  })
  flush(0)
  const title = fields['title'] ?? lexMarkdown(source, body).title ?? id
  return { id, title, section, order: Number(fields['order'] ?? 100), parts, source }
}

function listMarkdown(root: string, dir: string): string[] {
  if (!existsSync(join(root, dir))) return []
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md') && statSync(join(root, dir, name)).isFile())
    .map((name) =>
      relative(root, join(root, dir, name))
        .split('\\')
        .join('/'),
    )
    .sort()
}

/** The published packages (packages/* that are not private), in the site's order. */
export function publishedPackages(root: string): { name: string; description: string }[] {
  return readdirSync(join(root, 'packages'))
    .filter((name) => existsSync(join(root, 'packages', name, 'package.json')))
    .map((name) => ({ name, manifest: JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => manifest.private !== true)
    .map(({ name, manifest }) => ({ name, description: String(manifest.description ?? '') }))
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name))
}

function rank(name: string): number {
  const index = packageOrder.indexOf(name)
  return index < 0 ? packageOrder.length : index
}

/** Every Markdown page of the site, and the problems found while collecting them (missing includes, …). */
export function collectPages(files: MarkdownFiles): { pages: Page[]; problems: string[] } {
  const problems: string[] = []
  const pages: Page[] = listMarkdown(files.root, 'site/pages').map((source) => sitePage(files, source, problems))
  for (const source of listMarkdown(files.root, 'docs').filter((path) => !path.slice(5).includes('/'))) {
    const file = files.get(source)!
    const name = source.slice('docs/'.length, -'.md'.length)
    const place = docsPlaces[name] ?? { section: 'More docs' as const, order: 100 }
    const { title = file.title ?? name, ...where } = place
    pages.push({ id: `docs/${name}`, title, ...where, parts: [{ kind: 'markdown', chunk: file.chunk }], source })
  }
  publishedPackages(files.root).forEach(({ name }, index) => {
    const source = `packages/${name}/README.md`
    const file = files.get(source)
    if (!file) return void problems.push(`${source}: missing (every published package has a README)`)
    const parts: Part[] = [
      { kind: 'markdown', chunk: file.chunk },
      { kind: 'generated', name: 'package-api', args: [name], where: source },
    ]
    pages.push({
      id: `packages/${name}`,
      title: `@adk-fluent/${name}`,
      section: 'Packages',
      order: index,
      parts,
      source,
    })
  })
  // Every README section at level 2 that no page includes gets a page of its own, so each README anchor resolves.
  const readme = files.get('README.md')
  const includedIds = new Set(
    pages.flatMap((page) =>
      page.parts.flatMap((part) =>
        part.kind === 'markdown' && part.chunk.source === 'README.md'
          ? [...part.chunk.headingIds, ...(part.anchor ? [part.anchor] : [])]
          : [],
      ),
    ),
  )
  readme?.headings
    .filter((heading) => heading.depth === 2 && !includedIds.has(heading.id))
    .forEach((heading, index) => {
      const chunk = readme.section(heading.id)!
      pages.push({
        id: `readme/${heading.id}`,
        title: heading.text,
        section: 'From the README',
        order: index,
        parts: [{ kind: 'markdown', chunk }],
        source: 'README.md',
      })
    })
  return { pages, problems }
}
