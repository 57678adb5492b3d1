// `pnpm readme`: rewrites README.md's snippets and outputs from the code.
import { readFileSync, writeFileSync } from 'node:fs'
import { readmePath, renderReadme } from './render-readme.js'

const before = readFileSync(readmePath, 'utf8')
const after = await renderReadme(before)
writeFileSync(readmePath, after)
process.stdout.write(after === before ? 'README.md is up to date.\n' : 'README.md updated.\n')
