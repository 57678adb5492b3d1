import { pathToFileURL } from 'node:url'

/**
 * Imports a module the user named on the command line through tsx (a dependency of this package): TypeScript is
 * compiled on the fly, no build step; JavaScript loads as it is. tsx is loaded on the first call only, so commands
 * that load no module (`--help`, `--version`) never pay for it.
 */
export async function importUserModule(path: string): Promise<Record<string, unknown>> {
  // Stack traces of the module's errors point at its own TypeScript lines (tsx's source maps).
  process.setSourceMapsEnabled(true)
  const { tsImport } = await import('tsx/esm/api')
  return (await tsImport(pathToFileURL(path).href, import.meta.url)) as Record<string, unknown>
}
