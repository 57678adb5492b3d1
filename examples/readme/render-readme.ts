// Fills README.md's marked blocks: `<!-- snippet: file#region -->` with code from examples/readme, and
// `<!-- output: name -->` with the real output (see outputs.ts).
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { outputs } from './outputs.js'

const here = dirname(fileURLToPath(import.meta.url))
export const readmePath = join(here, '..', '..', 'README.md')

function region(file: string, name: string): string {
  const source = readFileSync(join(here, file), 'utf8')
  const start = source.indexOf(`// #region ${name}\n`)
  const end = source.indexOf(`// #endregion ${name}`)
  if (start < 0 || end < 0) throw new Error(`README snippet ${file}#${name} not found`)
  return source.slice(start + `// #region ${name}\n`.length, end).trimEnd()
}

const block = /<!-- (snippet|output): ([^ ]+) -->\n```(\w*)\n(?:(?!```)[^\n]*\n)*```/g

/** README.md with every marked block replaced by the current snippet or output. */
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
