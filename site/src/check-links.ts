// The built site's internal links: every relative `href` and `src` of every page must name a file of the site, and
// its `#fragment` an element id of that page. External links are left to the pages' sources (links into the
// repository are checked when the pages are rendered).
import { posix } from 'node:path'

export interface SiteFiles {
  /** Output path (`guides/sessions.html`) → HTML, for every page. */
  readonly pages: ReadonlyMap<string, string>
  /** Every other output file (`assets/site.css`, images). */
  readonly assets: ReadonlySet<string>
}

const idsCache = new WeakMap<object, Map<string, Set<string>>>()

function idsOf(files: SiteFiles, path: string): Set<string> {
  let cache = idsCache.get(files)
  if (!cache) idsCache.set(files, (cache = new Map()))
  let ids = cache.get(path)
  if (!ids) {
    ids = new Set([...(files.pages.get(path) ?? '').matchAll(/\sid="([^"]*)"/g)].map((match) => decodeHtml(match[1]!)))
    cache.set(path, ids)
  }
  return ids
}

function decodeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** Every broken internal link, as `page: href (why)`. */
export function checkLinks(files: SiteFiles): string[] {
  const problems: string[] = []
  for (const [path, html] of files.pages) {
    for (const match of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const href = decodeHtml(match[1]!)
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue
      const hash = href.indexOf('#')
      const target = hash < 0 ? href : href.slice(0, hash)
      const fragment = hash < 0 ? undefined : decodeURIComponent(href.slice(hash + 1))
      const resolved =
        target === '' ? path : posix.normalize(posix.join(posix.dirname(path), decodeURIComponent(target)))
      if (resolved.startsWith('../')) {
        problems.push(`${path}: ${href} (outside the site)`)
        continue
      }
      if (!files.pages.has(resolved) && !files.assets.has(resolved)) {
        problems.push(`${path}: ${href} (no file ${resolved})`)
        continue
      }
      if (fragment && files.pages.has(resolved) && !idsOf(files, resolved).has(fragment))
        problems.push(`${path}: ${href} (${resolved} has no element with id "${fragment}")`)
    }
  }
  return problems
}
