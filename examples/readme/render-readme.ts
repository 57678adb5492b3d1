// Fills the marked blocks of README.md and docs/*.md: `<!-- snippet: file#region -->` with code from examples/readme
// (type-checked in strict mode by `pnpm typecheck`), and `<!-- output: name -->` with the real output (see outputs.ts).
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { outputs } from './outputs.js'

const here = dirname(fileURLToPath(import.meta.url))
export const readmePath = join(here, '..', '..', 'README.md')
const docs = join(here, '..', '..', 'docs')

/** Every Markdown page whose code blocks are checked: README.md and docs/*.md. */
export const markdownPaths: readonly string[] = [
  readmePath,
  ...readdirSync(docs)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(docs, name)),
]

function region(file: string, name: string): string {
  const source = readFileSync(join(here, file), 'utf8')
  const start = source.indexOf(`// #region ${name}\n`)
  const end = source.indexOf(`// #endregion ${name}`)
  if (start < 0 || end < 0) throw new Error(`README snippet ${file}#${name} not found`)
  const lines = source
    .slice(start + `// #region ${name}\n`.length, end)
    .trimEnd()
    .split('\n')
  // A region inside a function shows without the function's indentation.
  const indent = Math.min(
    ...lines.filter((line) => line.trim() !== '').map((line) => /^ */.exec(line)?.[0].length ?? 0),
  )
  return lines.map((line) => line.slice(indent)).join('\n')
}

const block = /<!-- (snippet|output): ([^ ]+) -->\n```(\w*)\n(?:(?!```)[^\n]*\n)*```/g

/** A Markdown page with every marked block replaced by the current snippet or output. */
export async function renderReadme(readme: string): Promise<string> {
  const replacements: string[] = []
  for (const match of readme.matchAll(block)) {
    const [, kind, name, language] = match as unknown as [string, string, string, string]
    let body: string
    if (kind === 'snippet') {
      const [file, regionName] = name.split('#') as [string, string]
      body = region(file, regionName)
    } else {
      const compute = outputs[name]
      if (!compute) throw new Error(`README output "${name}" is not defined in outputs.ts`)
      body = (await compute()).trimEnd()
    }
    replacements.push(`<!-- ${kind}: ${name} -->\n\`\`\`${language}\n${body}\n\`\`\``)
  }
  let index = 0
  return readme.replace(block, () => replacements[index++] as string)
}
