// Where a link of a Markdown source points on the site. Links between Markdown files become links between pages
// (an anchor goes to the page that shows that heading); links to other files of the repository become links to
// the repository's web view (the file must exist), images are copied next to the pages; links to the site's own
// public address become relative. What cannot be resolved is a problem that fails the build.
import { existsSync, statSync } from 'node:fs'
import { posix } from 'node:path'
import { join } from 'node:path'
import type { ProjectUrls } from './config.js'

export interface LinkTargets {
  readonly root: string
  readonly urls: ProjectUrls
  /** The page showing a whole Markdown file, by repository path. */
  readonly pageOfFile: ReadonlyMap<string, string>
  /** The page showing a heading, by `file#id`. */
  readonly pageOfAnchor: ReadonlyMap<string, string>
}

export type ResolvedLink = { readonly href: string; readonly asset?: string } | { readonly problem: string }

const imageFile = /\.(png|jpe?g|gif|svg|webp)$/i

/** `target` (a page id or an output path with `.html`) relative to the page `fromPage`. */
export function relativeHref(fromPage: string, target: string): string {
  const relativePath = posix.relative(posix.dirname(fromPage), target)
  return relativePath === '' ? posix.basename(target) : relativePath
}

function pageHref(fromPage: string, page: string, fragment: string): string {
  if (page === fromPage) return fragment ? `#${fragment}` : relativeHref(fromPage, `${page}.html`)
  return relativeHref(fromPage, `${page}.html`) + (fragment ? `#${fragment}` : '')
}

function repositoryPath(targets: LinkTargets, url: string): string | undefined {
  for (const kind of ['blob', 'tree']) {
    const prefix = `${targets.urls.repository}/${kind}/main/`
    if (url.startsWith(prefix)) return decodeURIComponent(url.slice(prefix.length).split('#')[0]!)
  }
  return undefined
}

/** Resolves `href`, written in the Markdown file `source`, for the page `fromPage`. */
export function resolveLink(targets: LinkTargets, href: string, source: string, fromPage: string): ResolvedLink {
  if (/^(mailto|tel|data):/i.test(href)) return { href }
  if (/^https?:\/\//i.test(href)) {
    if (href.startsWith(targets.urls.site)) {
      const path = href.slice(targets.urls.site.length) || 'index.html'
      return {
        href: relativeHref(fromPage, path.split('#')[0]!) + (path.includes('#') ? `#${path.split('#')[1]}` : ''),
      }
    }
    const inRepository = repositoryPath(targets, href)
    if (inRepository !== undefined && !existsSync(join(targets.root, inRepository)))
      return { problem: `${href}: ${inRepository} does not exist in the repository` }
    return { href }
  }
  const hash = href.indexOf('#')
  const pathPart = hash < 0 ? href : href.slice(0, hash)
  const fragment = hash < 0 ? '' : decodeURIComponent(href.slice(hash + 1))
  const file =
    pathPart === '' ? source : posix.normalize(posix.join(posix.dirname(source), decodeURIComponent(pathPart)))
  if (file.startsWith('../') || posix.isAbsolute(file)) return { problem: `${href}: outside the repository` }
  if (file.startsWith('site/pages/') && file.endsWith('.html')) {
    // A page of the site named by its output path (site/pages mirrors the site's layout).
    return { href: relativeHref(fromPage, file.slice('site/pages/'.length)) + (fragment ? `#${fragment}` : '') }
  }
  const anchorPage = fragment ? targets.pageOfAnchor.get(`${file}#${fragment}`) : undefined
  if (anchorPage) return { href: pageHref(fromPage, anchorPage, fragment) }
  const filePage = targets.pageOfFile.get(file)
  if (filePage) return { href: pageHref(fromPage, filePage, fragment) }
  const onDisk = file.replace(/\/$/, '')
  if (!existsSync(join(targets.root, onDisk))) return { problem: `${href}: ${onDisk} does not exist` }
  if (imageFile.test(onDisk)) return { href: relativeHref(fromPage, `assets/files/${onDisk}`), asset: onDisk }
  const kind = statSync(join(targets.root, onDisk)).isDirectory() ? 'tree' : 'blob'
  return { href: `${targets.urls.repository}/${kind}/main/${onDisk}${fragment ? `#${fragment}` : ''}` }
}
