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
  'memory.js': 'text/javascript; charset=utf-8',
}

/** A file of the page. */
export interface UiAsset {
  readonly type: string
  readonly body: Buffer
}

function uiDirectory(): string {
  // Next to the code that serves it: `src/web/ui/` beside this file in the sources, `dist/ui/` beside the bundle in
  // an installed package (the build copies it there: scripts/copy-ui.mjs).
  const base = typeof __dirname === 'string' ? pathToFileURL(`${__dirname}/`).href : import.meta.url
  const directory = new URL('./ui/', base)
  if (!existsSync(fileURLToPath(new URL('index.html', directory))))
    throw new Error(`The dev UI's files are missing (looked in ${fileURLToPath(directory)}).`)
  return fileURLToPath(directory)
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
