// Two fixes to the bundled declaration files tsup writes, so that a consumer compiles them with skipLibCheck: false.
// 1. tsup's declaration bundler (rollup-plugin-dts) emits a type exported from a namespace module (`export * as C`) as
// `declare const index$4_ContextSpec: typeof ContextSpec`, which does not compile when `ContextSpec` is only a
// type (TS2693 for every consumer with skipLibCheck: false). This rewrites such members into type aliases. A target
// is a type when it is PascalCase (the namespaces' values are all camelCase functions) and no value of that name is
// declared in the file.
// 2. @google/genai ships ESM-only types (its `node` types condition is a module .d.ts): a CommonJS consumer's
// compiler refuses to `require` them (TS1479) unless the import says `resolution-mode: import`.
// Usage: node scripts/fix-dts.mjs <dir with .d.ts/.d.cts files>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path)
    return /\.d\.c?ts$/.test(name) ? [path] : []
  })
}

for (const file of files(process.argv[2] ?? 'dist')) {
  let text = readFileSync(file, 'utf8')
  const isValue = (name) =>
    new RegExp(`declare (?:const|let|function|class|enum|namespace) ${name.replace(/\$/g, '\\$')}\\b`).test(text)
  const rewritten = []
  text = text.replace(/^declare const (\S+): typeof (\w+);$/gm, (line, alias, target) => {
    if (!/^[A-Z]/.test(target) || isValue(target)) return line
    rewritten.push(alias)
    return `type ${alias} = ${target};`
  })
  for (const alias of rewritten) {
    text = text.replace(new RegExp(`(?<!type )\\b${alias.replace(/\$/g, '\\$')} as `, 'g'), `type ${alias} as `)
  }
  const before = text
  if (file.endsWith('.d.cts')) {
    text = text.replace(
      /^import (?:type )?(\{[^}]*\}) from '@google\/genai';$/gm,
      `import type $1 from '@google/genai' with { 'resolution-mode': 'import' };`,
    )
  }
  if (rewritten.length > 0 || text !== before) writeFileSync(file, text)
}
