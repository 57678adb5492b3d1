import { pathToFileURL } from 'node:url'

type TsImport = (specifier: string, parentURL: string) => Promise<unknown>

let tsImport: Promise<TsImport | undefined> | undefined

/** tsx's `tsImport` when tsx is installed (an optional peer dependency of the CLI), else `undefined`. */
function loadTsImport(): Promise<TsImport | undefined> {
  tsImport ??= import('tsx/esm/api').then(
    (api) => api.tsImport as TsImport,
    () => undefined,
  )
  return tsImport
}

/**
 * Imports a module the user named on the command line. TypeScript goes through tsx (compiled on the fly, no build
 * step), which the CLI resolves only here: the library never needs it. Without tsx, JavaScript modules load natively
 * and a TypeScript one fails with a message saying what to install.
 */
export async function importUserModule(path: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(path).href
  const load = await loadTsImport()
  if (load) return (await load(url, import.meta.url)) as Record<string, unknown>
  if (/\.[cm]?tsx?$/.test(path)) {
    throw new Error(
      'loading a TypeScript module needs tsx: install it next to @adk-fluent/fluent (npm install --save-dev tsx)',
    )
  }
  return (await import(url)) as Record<string, unknown>
}
