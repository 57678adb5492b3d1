// One chunk of Markdown as HTML for a page: GitHub's heading ids, links resolved for the site, code coloured and
// every TypeScript/JavaScript block registered for checking (a `<!-- snippet: file#region -->` block shows the region
// of its type-checked file; any other block is compiled by the sample check).
import { Marked, type Token, type Tokens } from 'marked'
import type { Chunk } from './markdown-file.js'
import { headingText } from './markdown-file.js'
import { escapeHtml, highlight } from './highlight.js'
import { resolveLink, type LinkTargets } from './resolve-link.js'
import type { Slugger } from './slug.js'
import type { Samples } from './samples.js'

export interface RenderContext {
  readonly pageId: string
  readonly slugger: Slugger
  readonly targets: LinkTargets
  readonly samples: Samples
  /** Repository files the pages show (images), copied to the site. */
  readonly assets: Set<string>
  readonly problems: string[]
}

const scriptLanguage = /^(ts|typescript|tsx|mts|cts|js|javascript|jsx|mjs|cjs)$/
const snippetMarker = /^<!-- snippet: (\S+) -->/

function lineOf(chunk: Chunk, raw: string, from: { index: number }): number {
  const at = chunk.markdown.indexOf(raw, from.index)
  if (at < 0) return chunk.line
  from.index = at + raw.length
  return chunk.line + chunk.markdown.slice(0, at).split('\n').length - 1
}

/** Renders `chunk` for the page of `context`. */
export function renderChunk(chunk: Chunk, context: RenderContext): string {
  const marked = new Marked({ gfm: true })
  const headingIds = [...chunk.headingIds]
  const search = { index: 0 }
  const link = (href: string): string => {
    const resolved = resolveLink(context.targets, href, chunk.source, context.pageId)
    if ('problem' in resolved) {
      context.problems.push(`${chunk.source} (page ${context.pageId}): broken link ${resolved.problem}`)
      return href
    }
    if (resolved.asset) context.assets.add(resolved.asset)
    return resolved.href
  }
  const tokens = marked.lexer(chunk.markdown)
  // A snippet marker gives the code block after it: the region of a checked file, whatever the page's copy says.
  tokens.forEach((token, index) => {
    const match = token.type === 'html' ? snippetMarker.exec(token.text) : null
    const next = tokens.slice(index + 1).find((candidate) => candidate.type !== 'space')
    if (match && next?.type === 'code') {
      const region = context.samples.region(match[1]!, `${chunk.source}:${lineOf(chunk, token.raw, { index: 0 })}`)
      ;(next as Tokens.Code & { snippet?: string }).snippet = match[1]!
      if (region !== undefined) (next as Tokens.Code).text = region
    }
  })
  marked.use({
    renderer: {
      heading(token: Tokens.Heading) {
        const wanted = headingIds.shift()
        const text = headingText(token)
        const id = wanted !== undefined && context.slugger.take(wanted) ? wanted : context.slugger.slug(text)
        const inner = this.parser.parseInline(token.tokens)
        return `<h${token.depth} id="${escapeHtml(id)}"><a class="anchor" href="#${escapeHtml(id)}" aria-hidden="true">#</a>${inner}</h${token.depth}>\n`
      },
      link(token: Tokens.Link) {
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : ''
        return `<a href="${escapeHtml(link(token.href))}"${title}>${this.parser.parseInline(token.tokens)}</a>`
      },
      image(token: Tokens.Image) {
        return `<img src="${escapeHtml(link(token.href))}" alt="${escapeHtml(token.text)}" loading="lazy">`
      },
      code(token: Tokens.Code & { snippet?: string }) {
        const language = (token.lang ?? '').split(/\s/)[0] ?? ''
        const line = lineOf(chunk, token.raw, search)
        let checked = ''
        if (scriptLanguage.test(language)) {
          const kind = token.snippet ? 'snippet' : context.samples.add(token.text, language, `${chunk.source}:${line}`)
          checked = ` data-checked="${kind}"`
        }
        const lang = language ? ` class="language-${escapeHtml(language)}"` : ''
        return `<pre class="code"${checked}><code${lang}>${highlight(token.text, language)}</code></pre>\n`
      },
    },
  })
  return marked.parser(tokens as Token[])
}
