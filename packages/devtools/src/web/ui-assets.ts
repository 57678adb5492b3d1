import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { contentTypeOf, type StaticFile } from '../http/static-file.js'

/** The files of the page (all served by the package itself: no CDN, no fonts, no network). */
const files = [
  'index.html',
  'app.css',
  'app.js',
  'api.js',
  'dom.js',
  'graph.js',
  'anatomy.js',
  'chat.js',
  'trace.js',
  'sessions.js',
  'memory.js',
  'interrupts.js',
] as const

function uiDirectory(): string {
  // Next to the code that serves it: `src/web/ui/` beside this file in the sources, `dist/ui/` beside the bundle in
  // an installed package (the build copies it there: scripts/copy-ui.mjs).
  const base = typeof __dirname === 'string' ? pathToFileURL(`${__dirname}/`).href : import.meta.url
  const directory = new URL('./ui/', base)
  if (!existsSync(fileURLToPath(new URL('index.html', directory))))
    throw new Error(`The dev UI's files are missing (looked in ${fileURLToPath(directory)}).`)
  return fileURLToPath(directory)
}

let cache: Map<string, StaticFile> | undefined

/** The page's file called `name` (`undefined` for any other name: nothing else on disk is ever served). */
export function uiAsset(name: string): StaticFile | undefined {
  if (!cache) {
    const directory = uiDirectory()
    cache = new Map(
      files.map((file) => [file, { type: contentTypeOf(file), body: readFileSync(`${directory}/${file}`) }]),
    )
  }
  return cache.get(name)
}
