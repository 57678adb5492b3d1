import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { tsImport } from 'tsx/esm/api'
import { CliUsageError } from './cli-usage-error.js'

/**
 * Imports a module given on the command line (TypeScript or JavaScript, no build step: tsx compiles it on the fly).
 * A missing file or a module that fails to load is a {@link CliUsageError} with one line saying why.
 */
export async function loadModule(file: string, cwd: string): Promise<Readonly<Record<string, unknown>>> {
  const path = resolve(cwd, file)
  if (!existsSync(path) || !statSync(path).isFile()) throw new CliUsageError(`file not found: ${file}`)
  try {
    return (await tsImport(pathToFileURL(path).href, import.meta.url)) as Record<string, unknown>
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    throw new CliUsageError(`cannot load ${file}: ${reason}`)
  }
}
