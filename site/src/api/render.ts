// The API reference's pages: one per entry point, an element id for every exported name (`Agent`), every member
// (`AgentBuilder.instruct`) and every name inside a namespace export (`P.role`). Type names in declarations link to
// where they are documented.
import { Marked } from 'marked'
import { escapeHtml, highlightScript } from '../highlight.js'
import type { Doc } from './declarations.js'
import type { ApiEntry, ApiItem, ApiKind, ApiMember } from './model.js'

const kindTitles: readonly [ApiKind, string][] = [
  ['namespace', 'Namespaces'],
  ['class', 'Classes'],
  ['function', 'Functions'],
  ['interface', 'Interfaces'],
  ['type', 'Types'],
  ['variable', 'Constants'],
  ['enum', 'Enums'],
]

/** Where each exported name is documented: `name → page#anchor`, preferring the entry being rendered. */
export class ApiIndex {
  readonly #byName = new Map<string, { entry: string; anchor: string }[]>()

  constructor(readonly entries: readonly ApiEntry[]) {
    const add = (entry: ApiEntry, item: ApiItem) => {
      const list = this.#byName.get(item.name) ?? []
      list.push({ entry: entry.id, anchor: item.anchor })
      this.#byName.set(item.name, list)
    }
    // Public entries first, so a name found in several links to its public home.
    const ordered = [...entries].sort((a, b) => Number(a.subpath !== '.') - Number(b.subpath !== '.'))
    for (const entry of ordered) for (const item of entry.items) add(entry, item)
  }

  /** The href of `name` from the API page `fromEntry` (or from the page `fromPage` elsewhere on the site). */
  href(name: string, fromEntry: string, prefix = ''): string | undefined {
    const list = this.#byName.get(name)
    if (!list) return undefined
    const home = list.find((candidate) => candidate.entry === fromEntry) ?? list[0]!
    return home.entry === fromEntry && prefix === '' ? `#${home.anchor}` : `${prefix}${home.entry}.html#${home.anchor}`
  }

  /** The item named `path` (`P` or `P.role`) of entry `entryId`. */
  find(entryId: string, path: string): ApiItem | undefined {
    const entry = this.entries.find((candidate) => candidate.id === entryId)
    let items = entry?.items ?? []
    let found: ApiItem | undefined
    for (const part of path.split('.')) {
      found = items.find((item) => item.name === part)
      items = found?.items ?? []
    }
    return found
  }

  /** How many names and members the reference documents. */
  count(): { names: number; members: number } {
    let names = 0
    let members = 0
    const walk = (items: readonly ApiItem[]) => {
      for (const item of items) {
        names++
        members += item.members.length
        walk(item.items)
      }
    }
    for (const entry of this.entries) walk(entry.items)
    return { names, members }
  }
}

// A fenced block in a doc comment is an excerpt like `@example`: shown as text, not as a compiled sample.
const markdown = new Marked({ gfm: true }).use({
  renderer: {
    code: (token) => `<pre class="excerpt">${escapeHtml(token.text)}</pre>\n`,
  },
})

/** Doc-comment Markdown as HTML: `{@link X}` becomes a link, stray `<tags>` stay text. */
export function docHtml(text: string, link: (name: string) => string | undefined): string {
  const linked = text.replace(
    /\{@link(?:code|plain)?\s+([^}\s|]+)(?:[\s|]+([^}]*))?\}/g,
    (_all, target: string, label?: string) => {
      const href = link(target.split('.')[0]!)
      const shown = `\`${label?.trim() || target}\``
      return href ? `[${shown}](${href})` : shown
    },
  )
  // Escape `<` outside code spans so `<PAST_CONVERSATIONS>` shows as text, not as an unknown HTML element.
  const escaped = linked
    .split(/(`+[^`]*`+)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/</g, '&lt;')))
    .join('')
  return markdown.parse(escaped) as string
}

function tagsHtml(doc: Doc, link: (name: string) => string | undefined): string {
  const rows: string[] = []
  for (const tag of doc.tags) {
    if (tag.name === 'example') {
      const code = tag.text.replace(/^```\w*\n?/, '').replace(/\n?```$/, '')
      rows.push(
        `<div class="excerpt"><div class="excerpt-title">Example (from the doc comment: an excerpt, not compiled on its own)</div><pre class="excerpt">${escapeHtml(code)}</pre></div>`,
      )
    } else if (tag.name === 'deprecated')
      rows.push(`<p class="deprecated"><strong>Deprecated.</strong> ${escapeHtml(tag.text)}</p>`)
    else if (tag.name !== 'internal' && tag.name !== 'typeParam')
      rows.push(
        `<div class="tag"><span class="tag-name">@${escapeHtml(tag.name)}</span> ${docHtml(tag.text, link)}</div>`,
      )
  }
  return rows.join('\n')
}

function signatureHtml(signatures: readonly string[], link: (name: string) => string | undefined): string {
  // Only capitalised names link (types, classes, namespaces), so parameter names such as `text` stay plain.
  const typeLink = (name: string) => (/^[A-Z]/.test(name) ? link(name) : undefined)
  const code = signatures.map((signature) => highlightScript(signature, typeLink)).join('\n')
  return `<pre class="code signature" data-checked="declaration"><code class="language-ts">${code}</code></pre>`
}

function sourceLink(repository: string, source: string | undefined): string {
  if (!source) return ''
  const [path, line] = source.split(':')
  return `<a class="source" href="${escapeHtml(`${repository}/blob/main/${path}#L${line}`)}">source</a>`
}

function memberHtml(member: ApiMember, depth: number, link: (name: string) => string | undefined): string {
  const id = escapeHtml(member.anchor)
  return `<div class="member"><h${depth} id="${id}"><a class="anchor" href="#${id}" aria-hidden="true">#</a><code>.${escapeHtml(member.name)}</code></h${depth}>
${signatureHtml(member.signatures, link)}
${docHtml(member.doc.text, link)}${tagsHtml(member.doc, link)}</div>`
}

function itemHtml(
  item: ApiItem,
  depth: number,
  repository: string,
  link: (name: string) => string | undefined,
): string {
  const id = escapeHtml(item.anchor)
  const level = Math.min(depth, 6)
  const parts = [
    `<section class="api-item kind-${item.kind}"><h${level} id="${id}"><a class="anchor" href="#${id}" aria-hidden="true">#</a><code>${escapeHtml(item.anchor)}</code> <span class="kind">${item.kind}</span>${sourceLink(repository, item.source)}</h${level}>`,
  ]
  if (item.signatures.length > 0) parts.push(signatureHtml(item.signatures, link))
  parts.push(docHtml(item.doc.text, link), tagsHtml(item.doc, link))
  if (item.members.length > 0)
    parts.push(
      `<div class="members">${item.members.map((member) => memberHtml(member, Math.min(level + 1, 6), link)).join('\n')}</div>`,
    )
  if (item.items.length > 0)
    parts.push(
      `<div class="members">${item.items.map((child) => itemHtml(child, level + 1, repository, link)).join('\n')}</div>`,
    )
  parts.push('</section>')
  return parts.join('\n')
}

/** The body of an entry point's page. */
export function renderApiEntry(entry: ApiEntry, index: ApiIndex, repository: string, packagePage: string): string {
  const link = (name: string) => index.href(name, entry.id)
  const groups = kindTitles
    .map(([kind, title]) => ({ kind, title, items: entry.items.filter((item) => item.kind === kind) }))
    .filter((group) => group.items.length > 0)
  const indexHtml = groups
    .map(
      (group) =>
        `<p><strong>${group.title}</strong>: ${group.items.map((item) => `<a href="#${escapeHtml(item.anchor)}"><code>${escapeHtml(item.name)}</code></a>`).join(', ')}</p>`,
    )
    .join('\n')
  const intro = entry.intro ? docHtml(entry.intro, link) : `<p>${escapeHtml(entry.description)}</p>`
  const parts = [
    `<h1 id="top">${escapeHtml(entry.specifier)}</h1>`,
    intro,
    `<p>Import from <code>${escapeHtml(entry.specifier)}</code> · <a href="${escapeHtml(packagePage)}">the package's page</a> · ${entry.items.length} exported names. Declarations are printed from the source as the published <code>.d.ts</code> shows them.</p>`,
    `<h2 id="api-index">Index</h2>`,
    indexHtml,
    ...groups.map(
      (group) =>
        `<h2 id="kind-${group.kind}">${group.title}</h2>\n${group.items.map((item) => itemHtml(item, 3, repository, link)).join('\n')}`,
    ),
  ]
  return parts.join('\n')
}
