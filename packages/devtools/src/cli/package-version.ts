import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The version of `@adk-fluent/devtools`, read from its package.json: the nearest one above this module (the sources
 * in `src/cli/`, or the built `dist/`), whichever layout runs.
 */
export function packageVersion(): string {
  let directory = typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const manifest = join(directory, 'package.json')
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; version?: unknown }
      if (parsed.name === '@adk-fluent/devtools' && typeof parsed.version === 'string') return parsed.version
    }
    const parent = dirname(directory)
    if (parent === directory) throw new Error('the package.json of @adk-fluent/devtools was not found')
    directory = parent
  }
}
