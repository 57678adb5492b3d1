// `pnpm example <name> ["prompt"]`: runs examples/<name> on Gemini when GOOGLE_API_KEY is set, else offline.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Example } from '../examples/shared/example.js'
import { runExample } from '../examples/shared/run-example.js'

const examplesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'examples')
const available = readdirSync(examplesDir).filter(
  (name) =>
    name !== 'shared' &&
    name !== 'node_modules' &&
    statSync(join(examplesDir, name)).isDirectory() &&
    existsSync(join(examplesDir, name, 'index.ts')),
)
const [name, prompt] = process.argv.slice(2)
if (!name || !available.includes(name)) {
  process.stderr.write(`Usage: pnpm example <name> ["prompt"]\nExamples: ${available.join(', ')}\n`)
  process.exit(2)
}
const module = (await import(pathToFileURL(join(examplesDir, name, 'index.ts')).href)) as { example: Example }
await runExample(module.example, prompt === undefined ? {} : { prompt })
