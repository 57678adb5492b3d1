// A page per example of examples/: what it shows (its main file's leading comment), how to run it, and the source of
// every file (each compiled by `pnpm typecheck`, and each example tested offline). New examples appear by themselves.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Marked } from 'marked'
import { escapeHtml, highlight } from './highlight.js'

export interface Example {
  readonly name: string
  /** The leading comment of its main file, as Markdown. */
  readonly description: string
  /** Commands that run it (`pnpm example weather-agent`, `pnpm demo:a2a`). */
  readonly commands: readonly string[]
  /** Its source files (not tests), relative to the repository, main file first. */
  readonly files: readonly string[]
  /** Its other files (tests, data), relative to the repository. */
  readonly others: readonly string[]
}

const notExamples = new Set(['node_modules', 'shared', 'readme'])
const mainFiles = ['index.ts', 'main.ts']

function walk(root: string, dir: string): string[] {
  return readdirSync(join(root, dir))
    .filter((name) => name !== 'node_modules')
    .flatMap((name) =>
      statSync(join(root, dir, name)).isDirectory() ? walk(root, `${dir}/${name}`) : [`${dir}/${name}`],
    )
}

/** The leading comment of a file (a `/** … *\/` block or `//` lines), as text. */
export function leadingComment(source: string): string {
  const block = /^\/\*\*([\s\S]*?)\*\//.exec(source)
  if (block) return block[1]!.replace(/^\s*\* ?/gm, '').trim()
  const lines: string[] = []
  for (const line of source.split('\n')) {
    if (!line.startsWith('//')) break
    lines.push(line.replace(/^\/\/ ?/, ''))
  }
  return lines.join('\n').trim()
}

export function listExamples(root: string): Example[] {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts
  return readdirSync(join(root, 'examples'))
    .filter((name) => !notExamples.has(name) && statSync(join(root, 'examples', name)).isDirectory())
    .sort()
    .flatMap((name) => {
      const all = walk(root, `examples/${name}`).sort()
      const isSource = (file: string) => /\.(ts|mts)$/.test(file) && !/\.test(-d)?\.ts$/.test(file)
      const main = mainFiles.map((file) => `examples/${name}/${file}`).find((file) => all.includes(file))
      const files = all.filter(isSource).sort((a, b) => Number(b === main) - Number(a === main))
      if (files.length === 0) return []
      const commands = Object.entries(scripts)
        .filter(([, command]) => command.includes(`examples/${name}/`))
        .map(([script]) => `pnpm ${script}`)
      const index = `examples/${name}/index.ts`
      if (existsSync(join(root, index)) && /export const example\b/.test(readFileSync(join(root, index), 'utf8')))
        commands.unshift(`pnpm example ${name}`)
      const description = leadingComment(readFileSync(join(root, files[0]!), 'utf8'))
      return [{ name, description, commands, files, others: all.filter((file) => !isSource(file)) }]
    })
}

const markdown = new Marked({ gfm: true })

/** The body of an example's page; `checked` tells whether `pnpm typecheck` compiles a file. */
export function renderExample(
  example: Example,
  root: string,
  repository: string,
  checked: (file: string) => boolean,
  problems: string[],
): string {
  const blob = (file: string) => escapeHtml(`${repository}/blob/main/${file}`)
  const parts = [
    `<h1 id="top">${escapeHtml(example.name)}</h1>`,
    markdown.parse(example.description.replace(/</g, '&lt;')) as string,
  ]
  const [first, ...more] = example.commands
  if (first?.startsWith('pnpm example '))
    parts.push(
      `<p>Run it: <code>${escapeHtml(first)}</code> — on Gemini when <code>GOOGLE_API_KEY</code> is set, otherwise offline on its scripted model.${more.map((command) => ` Also: <code>${escapeHtml(command)}</code>.`).join('')}</p>`,
    )
  else if (first)
    parts.push(`<p>Run it: ${example.commands.map((command) => `<code>${escapeHtml(command)}</code>`).join(', ')}.</p>`)
  if (example.others.length > 0)
    parts.push(
      `<p>Also: ${example.others.map((file) => `<a href="${blob(file)}">${escapeHtml(file.slice(`examples/${example.name}/`.length))}</a>`).join(', ')}.</p>`,
    )
  for (const file of example.files) {
    const relative = file.slice(`examples/${example.name}/`.length)
    if (!checked(file)) problems.push(`${file}: shown on the site but not compiled by pnpm typecheck`)
    const code = highlight(readFileSync(join(root, file), 'utf8').trimEnd(), 'ts')
    parts.push(
      `<h2 id="${escapeHtml(relative.replace(/[^\w-]/g, '-'))}"><a href="${blob(file)}">${escapeHtml(relative)}</a></h2>`,
      `<pre class="code" data-checked="file"><code class="language-ts">${code}</code></pre>`,
    )
  }
  return parts.join('\n')
}

/** The first sentence of a description's first paragraph (a period outside code spans ends it). */
export function firstSentence(text: string): string {
  const paragraph = (text.trim().split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ')
  let inCode = false
  for (let index = 0; index < paragraph.length; index++) {
    const character = paragraph[index]
    if (character === '`') inCode = !inCode
    else if (!inCode && character === '.' && (index === paragraph.length - 1 || paragraph[index + 1] === ' '))
      return paragraph.slice(0, index + 1)
  }
  return paragraph
}
