// Tables the pages ask for with `<!-- generated: name args -->`, made from the API model and the repository, so they
// list every factory, package, entry point and example without being edited.
import { Marked } from 'marked'
import type { ApiEntry, ApiItem } from './api/model.js'
import { firstSentence, type Example } from './examples.js'
import { escapeHtml } from './highlight.js'
import { relativeHref } from './resolve-link.js'

export interface GeneratedInput {
  readonly entries: readonly ApiEntry[]
  readonly examples: readonly Example[]
  readonly packages: readonly { readonly name: string; readonly description: string }[]
}

const markdown = new Marked({ gfm: true })
const inline = (text: string) => markdown.parseInline(firstSentence(text).replace(/</g, '&lt;')) as string

function namespaceTable(input: GeneratedInput, pageId: string, name: string): string | undefined {
  const entry = input.entries.find((candidate) => candidate.id === 'fluent')
  const namespace = entry?.items.find((item) => item.name === name && item.kind === 'namespace')
  if (!namespace) return undefined
  const href = (item: ApiItem) => escapeHtml(`${relativeHref(pageId, 'api/fluent.html')}#${item.anchor}`)
  const rows = namespace.items
    .filter((item) => item.kind === 'function')
    .map(
      (item) =>
        `<tr><td><a href="${href(item)}"><code>${escapeHtml(item.anchor)}</code></a></td><td>${inline(item.doc.text)}</td></tr>`,
    )
  return `<table class="factories"><thead><tr><th>factory</th><th>what it does</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

function packagesTable(input: GeneratedInput, pageId: string): string {
  const rows = input.packages.map((pkg) => {
    const page = escapeHtml(relativeHref(pageId, `packages/${pkg.name}.html`))
    const api = escapeHtml(relativeHref(pageId, `api/${pkg.name}.html`))
    return `<tr><td><a href="${page}"><code>@adk-fluent/${escapeHtml(pkg.name)}</code></a></td><td>${escapeHtml(pkg.description)}</td><td><a href="${api}">API</a></td></tr>`
  })
  return `<table><thead><tr><th>package</th><th>what it is</th><th></th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

function apiIndex(input: GeneratedInput, pageId: string): string {
  const rows = input.entries.map((entry) => {
    const href = escapeHtml(relativeHref(pageId, `api/${entry.id}.html`))
    const about = entry.subpath === '.' ? entry.description : firstSentence(entry.intro || entry.description)
    return `<tr><td><a href="${href}"><code>${escapeHtml(entry.specifier)}</code></a></td><td>${escapeHtml(about)}</td><td>${entry.items.length}</td></tr>`
  })
  return `<table><thead><tr><th>entry point</th><th>what it holds</th><th>names</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

function examplesTable(input: GeneratedInput, pageId: string): string {
  const rows = input.examples.map((example) => {
    const href = escapeHtml(relativeHref(pageId, `examples/${example.name}.html`))
    const run = example.commands[0] ? `<code>${escapeHtml(example.commands[0])}</code>` : ''
    return `<tr><td><a href="${href}">${escapeHtml(example.name)}</a></td><td>${inline(example.description)}</td><td>${run}</td></tr>`
  })
  return `<table><thead><tr><th>example</th><th>what it shows</th><th>run it</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

function packageApi(input: GeneratedInput, pageId: string, name: string): string {
  const links = input.entries
    .filter((entry) => entry.packageName === `@adk-fluent/${name}`)
    .map(
      (entry) =>
        `<a href="${escapeHtml(relativeHref(pageId, `api/${entry.id}.html`))}"><code>${escapeHtml(entry.specifier)}</code></a> (${entry.items.length} names)`,
    )
  return `<h2 id="api-reference">API reference</h2>\n<p>${links.join(' · ')}</p>`
}

/** The HTML of one generated part, or undefined when `name` or its arguments are unknown. */
export function generatedHtml(
  input: GeneratedInput,
  pageId: string,
  name: string,
  args: readonly string[],
): string | undefined {
  if (name === 'namespace' && args[0]) return namespaceTable(input, pageId, args[0])
  if (name === 'packages') return packagesTable(input, pageId)
  if (name === 'api-index') return apiIndex(input, pageId)
  if (name === 'examples') return examplesTable(input, pageId)
  if (name === 'package-api' && args[0]) return packageApi(input, pageId, args[0])
  return undefined
}
