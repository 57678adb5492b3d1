import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs'
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

/** Real paths of the page folders served (a package manager may link them from elsewhere). */
const realFolders = new Map<string, string>()

/**
 * The file at `path` (relative to the page's folder, `''` for `index.html`), or `undefined` when there is none. Only
 * regular files inside `directory` are ever read: the path is resolved (`..`, also decoded from `%2e%2e`) and so is
 * every symbolic link on the way, and a file whose real path is outside the folder's real path is not served.
 */
export function adkWebFile(directory: string, path: string): StaticFile | undefined {
  let folder = realFolders.get(directory)
  if (folder === undefined) realFolders.set(directory, (folder = realpathSync(directory)))
  const file = resolve(folder, path === '' ? 'index.html' : path)
  if (!file.startsWith(folder + sep) || !existsSync(file)) return undefined
  const real = realpathSync(file)
  if (!real.startsWith(folder + sep) || !statSync(real).isFile()) return undefined
  return { type: contentTypeOf(real), body: readFileSync(real) }
}
