import { existsSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { AdkFluentError, registerErrorCode } from '@adk-fluent/core'
import { contentTypeOf, type StaticFile } from '../http/static-file.js'

declare module '@adk-fluent/core' {
  interface ErrorCodes {
    ADK_WEB_MISSING: true
  }
}

registerErrorCode('ADK_WEB_MISSING', {
  endsTheRun: false,
  description: 'The adk-web page was asked for but @google/adk-devtools (or the folder given) does not have it.',
})

/** `--adk-web` was asked for but `@google/adk-devtools` (which ships the built adk-web page) is not installed. */
export class AdkWebMissingError extends AdkFluentError {
  declare readonly code: 'ADK_WEB_MISSING'

  constructor(message: string) {
    super('ADK_WEB_MISSING', message)
  }
}

const moduleBase = () => (typeof __dirname === 'string' ? pathToFileURL(`${__dirname}/`).href : import.meta.url)

const resolveFromHere = (id: string) => createRequire(moduleBase()).resolve(id)

/**
 * The folder of the built adk-web page: `true` takes the one inside an installed `@google/adk-devtools` (its
 * `dist/browser`, found with `resolveModule`, default: resolved from this package); a string is such a folder.
 * Throws {@link AdkWebMissingError} saying what to install when it is not there.
 */
export function findAdkWeb(where: true | string, resolveModule: (id: string) => string = resolveFromHere): string {
  if (typeof where === 'string') {
    const directory = resolve(where)
    if (!existsSync(join(directory, 'index.html')))
      throw new AdkWebMissingError(`There is no built adk-web page in ${directory} (no index.html).`)
    return directory
  }
  let entry: string
  try {
    entry = resolveModule('@google/adk-devtools')
  } catch {
    throw new AdkWebMissingError(
      '--adk-web serves the adk-web page of @google/adk-devtools, which is not installed. Install it next to ' +
        '@adk-fluent/devtools: npm install -D @google/adk-devtools (with npm overrides pinning @mikro-orm/* to ' +
        '6.6.16 if the registry lacks @mikro-orm/knex 6.6.17).',
    )
  }
  // The entry is dist/{cjs,esm}/index.js; the page is dist/browser.
  const directory = resolve(dirname(entry), '..', 'browser')
  if (!existsSync(join(directory, 'index.html')))
    throw new AdkWebMissingError(
      `@google/adk-devtools is installed (${entry}) but has no built adk-web page at ${directory}. Reinstall it.`,
    )
  return directory
}

/**
 * The file at `path` (relative to the page's folder, `''` for `index.html`), or `undefined` when there is none. Only
 * files inside `directory` are ever read.
 */
export function adkWebFile(directory: string, path: string): StaticFile | undefined {
  const file = resolve(directory, path === '' ? 'index.html' : path)
  if (!file.startsWith(directory + sep)) return undefined
  if (!existsSync(file) || !statSync(file).isFile()) return undefined
  return { type: contentTypeOf(file), body: readFileSync(file) }
}
