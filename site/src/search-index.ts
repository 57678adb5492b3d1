// The offline search's index: one entry per heading of every page (a section of a guide, an exported name, a member
// of a class), with the start of its text. Written as a script that sets a global, so it loads from file:// too.

export interface SearchEntry {
  /** The heading's text (`Agent`, `AgentBuilder.instruct`, `Keep conversations`). */
  readonly title: string
  /** The target, relative to the site's root. */
  readonly url: string
  readonly page: string
  readonly text: string
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

function plain(html: string): string {
  return decode(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
}

/** The entries of one rendered page body. */
export function searchEntries(pageId: string, pageTitle: string, body: string): SearchEntry[] {
  const headings = [...body.matchAll(/<h([1-6]) id="([^"]+)">([\s\S]*?)<\/h\1>/g)]
  const entries: SearchEntry[] = []
  headings.forEach((match, index) => {
    const end = headings[index + 1]?.index ?? body.length
    // In the API reference a member's heading shows `.name`; its id is the full name (`AgentBuilder.instruct`).
    const isApiName = pageId.startsWith('api/') && Number(match[1]) >= 3
    const title = isApiName
      ? decode(match[2]!)
      : plain(
          match[3]!
            .replace(/<a class="anchor"[^>]*>#<\/a>/, '')
            .replace(/<a class="source"[\s\S]*?<\/a>/, '')
            .replace(/<span class="kind">[^<]*<\/span>/, ''),
        )
    const text = plain(body.slice(match.index! + match[0].length, end)).slice(0, 180)
    const url = match[1] === '1' ? `${pageId}.html` : `${pageId}.html#${match[2]}`
    entries.push({ title, url, page: pageTitle, text })
  })
  if (headings.length === 0)
    entries.push({ title: pageTitle, url: `${pageId}.html`, page: pageTitle, text: plain(body).slice(0, 180) })
  return entries
}

/** The script `assets/search-index.js`: `[title, url, page, text]` rows. */
export function searchIndexScript(entries: readonly SearchEntry[]): string {
  const rows = entries.map((entry) => [entry.title, entry.url, entry.page, entry.text])
  return `window.ADK_FLUENT_SEARCH = ${JSON.stringify(rows)};\n`
}
