// The HTML around every page: the top bar with search, the navigation, the page's table of contents and the links
// to the previous and next pages. Every link is relative, so the site works from file:// and under any path.
import { sections, type ProjectUrls, type Section } from './config.js'
import { escapeHtml } from './highlight.js'
import { relativeHref } from './resolve-link.js'

export interface NavEntry {
  readonly id: string
  readonly title: string
  readonly section: Section
  readonly order: number
}

export interface TocEntry {
  readonly depth: number
  readonly id: string
  readonly text: string
}

/** The pages in navigation order: by section, then order, then title. */
export function navOrder<T extends NavEntry>(pages: readonly T[]): T[] {
  return [...pages].sort(
    (a, b) =>
      sections.indexOf(a.section) - sections.indexOf(b.section) || a.order - b.order || a.title.localeCompare(b.title),
  )
}

/** The headings of a rendered page (levels 2 and 3) for its table of contents. */
export function tocOf(html: string, maxDepth = 3): TocEntry[] {
  const entries: TocEntry[] = []
  for (const match of html.matchAll(/<h([1-6]) id="([^"]+)">([\s\S]*?)<\/h\1>/g)) {
    const depth = Number(match[1])
    if (depth < 2 || depth > maxDepth) continue
    const text = match[3]!
      .replace(/<a class="anchor"[^>]*>#<\/a>/, '')
      .replace(/<a class="source"[\s\S]*?<\/a>/, '')
      .replace(/<[^>]+>/g, '')
      .trim()
    entries.push({ depth, id: match[2]!, text })
  }
  return entries
}

function navHtml(pages: readonly NavEntry[], current: string): string {
  const groups: string[] = []
  for (const section of sections) {
    const inSection = pages.filter((page) => page.section === section)
    if (inSection.length === 0) continue
    const items = inSection
      .map((page) => {
        const attributes = page.id === current ? ' aria-current="page" class="current"' : ''
        return `<li><a href="${escapeHtml(relativeHref(current, `${page.id}.html`))}"${attributes}>${escapeHtml(page.title)}</a></li>`
      })
      .join('')
    const open = inSection.some((page) => page.id === current) || section !== 'Examples' ? ' open' : ''
    groups.push(`<details${open}><summary>${escapeHtml(section)}</summary><ul>${items}</ul></details>`)
  }
  return groups.join('\n')
}

export interface LayoutInput {
  readonly page: NavEntry
  readonly body: string
  readonly nav: readonly NavEntry[]
  readonly toc: readonly TocEntry[]
  readonly urls: ProjectUrls
  /** The repository file the page shows. */
  readonly source?: string
}

/** A whole HTML document for a page. */
export function layout({ page, body, nav, toc, urls, source }: LayoutInput): string {
  const root = relativeHref(page.id, 'index.html').replace(/index\.html$/, '')
  const at = nav.findIndex((entry) => entry.id === page.id)
  const previous = at > 0 ? nav[at - 1] : undefined
  const next = at >= 0 ? nav[at + 1] : undefined
  const href = (id: string) => escapeHtml(relativeHref(page.id, `${id}.html`))
  const pager = [
    previous ? `<a class="previous" href="${href(previous.id)}">← ${escapeHtml(previous.title)}</a>` : '<span></span>',
    next ? `<a class="next" href="${href(next.id)}">${escapeHtml(next.title)} →</a>` : '<span></span>',
  ].join('')
  const tocHtml = toc
    .map(
      (entry) =>
        `<li class="depth-${entry.depth}"><a href="#${escapeHtml(entry.id)}">${escapeHtml(entry.text)}</a></li>`,
    )
    .join('')
  const sourceLink = source
    ? `<p class="page-source"><a href="${escapeHtml(`${urls.repository}/blob/main/${source}`)}">This page's source: ${escapeHtml(source)}</a></p>`
    : ''
  return `<!doctype html>
<html lang="en" data-root="${escapeHtml(root)}" data-page="${escapeHtml(page.id)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(page.title)} — adk-fluent</title>
<link rel="stylesheet" href="${escapeHtml(root)}assets/site.css">
</head>
<body>
<header class="top">
<button class="nav-toggle" type="button" aria-label="Menu" aria-controls="sidebar">☰</button>
<a class="brand" href="${escapeHtml(root)}index.html">adk-fluent</a>
<div class="search" role="search">
<input id="search" type="search" placeholder="Search the docs and the API (press /)" autocomplete="off" aria-label="Search">
<ol id="search-results" hidden></ol>
</div>
<nav class="top-links"><a href="${escapeHtml(root)}getting-started.html">Get started</a><a href="${escapeHtml(root)}api/index.html">API</a><a href="${escapeHtml(urls.repository)}">GitHub</a></nav>
</header>
<div class="layout">
<nav class="sidebar" id="sidebar" aria-label="Site">
${navHtml(nav, page.id)}
</nav>
<main id="content">
<article>
${body}
</article>
${sourceLink}
<nav class="pager" aria-label="Previous and next">${pager}</nav>
</main>
<aside class="toc" aria-label="On this page">${toc.length > 0 ? `<div class="toc-title">On this page</div><ol>${tocHtml}</ol>` : ''}</aside>
</div>
<script src="${escapeHtml(root)}assets/site.js"></script>
</body>
</html>
`
}
