import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** The files of the page (all served by the package itself: no CDN, no fonts, no network). */
const types: Readonly<Record<string, string>> = {
  'index.html': 'text/html; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'api.js': 'text/javascript; charset=utf-8',
  'dom.js': 'text/javascript; charset=utf-8',
  'graph.js': 'text/javascript; charset=utf-8',
  'anatomy.js': 'text/javascript; charset=utf-8',
  'chat.js': 'text/javascript; charset=utf-8',
  'trace.js': 'text/javascript; charset=utf-8',
  'sessions.js': 'text/javascript; charset=utf-8',
}

/** A file of the page. */
export interface UiAsset {
  readonly type: string
  readonly body: Buffer
}

function uiDirectory(): string {
  // Sources: next to this file. Built (`dist/cli.js`): the sources shipped in the package's `src`.
  const base = typeof __dirname === 'string' ? pathToFileURL(`${__dirname}/`).href : import.meta.url
  const candidates = [new URL('./ui/', base), new URL('../src/web/ui/', base)]
  const found = candidates.find((candidate) => existsSync(fileURLToPath(new URL('index.html', candidate))))
  if (!found)
    throw new Error(
      `The dev UI's files are missing (looked in ${candidates.map((candidate) => fileURLToPath(candidate)).join(', ')}).`,
    )
  return fileURLToPath(found)
}

let cache: Map<string, UiAsset> | undefined

/** The page's file called `name` (`undefined` for any other name: nothing else on disk is ever served). */
export function uiAsset(name: string): UiAsset | undefined {
  if (!cache) {
    const directory = uiDirectory()
    cache = new Map(
      Object.entries(types).map(([file, type]) => [file, { type, body: readFileSync(`${directory}/${file}`) }]),
    )
  }
  return cache.get(name)
}
