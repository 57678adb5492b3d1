import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'

let cached: string | undefined

/** The version of `@adk-fluent/devtools` (from its package.json, next to `src/` or `dist/`). */
export function packageVersion(): string {
  if (cached !== undefined) return cached
  const base = typeof __dirname === 'string' ? pathToFileURL(`${__dirname}/`).href : import.meta.url
  for (const candidate of ['../package.json', '../../package.json']) {
    const file = fileURLToPath(new URL(candidate, base))
    if (!existsSync(file)) continue
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string }
    if (parsed.name === '@adk-fluent/devtools' && parsed.version) return (cached = parsed.version)
  }
  return (cached = 'unknown')
}
