// `pnpm readme`: rewrites the snippets and outputs of README.md and docs/*.md from the code.
import { readFileSync, writeFileSync } from 'node:fs'
import { relative } from 'node:path'
import { markdownPaths, renderReadme } from './render-readme.js'

for (const path of markdownPaths) {
  const before = readFileSync(path, 'utf8')
  const after = await renderReadme(before)
  if (after !== before) writeFileSync(path, after)
  process.stdout.write(`${relative(process.cwd(), path)} ${after === before ? 'is up to date' : 'updated'}.\n`)
}
