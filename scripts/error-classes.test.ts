import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// Every error adk-fluent throws is an AdkFluentError with a stable code (docs/errors.md): no package exports an error
// class on plain Error, neither from its entry points nor from any of its modules.
const root = join(import.meta.dirname, '..')
const packages = readdirSync(join(root, 'packages'))

/** The `@adk-fluent/source` entry points of every package (`.`, `./internal`, `./testing`). */
const entries = packages.flatMap((name) => {
  const manifest = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')) as {
    exports?: Record<string, unknown>
  }
  return Object.entries(manifest.exports ?? {}).flatMap(([subpath, target]) => {
    const source = (target as Record<string, unknown> | null)?.['@adk-fluent/source']
    return typeof source === 'string'
      ? [{ name: `${name}${subpath.slice(1)}`, file: join(root, 'packages', name, source) }]
      : []
  })
})

/** The names of the classes from `error`'s class up to `Error`. */
function chainOf(errorClass: Function): string[] {
  const names: string[] = []
  for (
    let klass: unknown = errorClass;
    typeof klass === 'function' && klass !== Error;
    klass = Object.getPrototypeOf(klass)
  )
    names.push((klass as { name: string }).name)
  return names
}

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path)
    return /\.ts$/.test(entry.name) && !/\.test(-d)?\.ts$|\.test-helper\.ts$/.test(entry.name) ? [path] : []
  })
}

describe('exported error classes', () => {
  it('every error class a package entry point exports extends AdkFluentError', async () => {
    expect(entries.length).toBeGreaterThanOrEqual(12)
    const plain: string[] = []
    let errorClasses = 0
    for (const entry of entries) {
      const exported = (await import(entry.file)) as Record<string, unknown>
      for (const [name, value] of Object.entries(exported)) {
        if (typeof value !== 'function' || !(value.prototype instanceof Error)) continue
        errorClasses++
        if (!chainOf(value).includes('AdkFluentError')) plain.push(`${entry.name}: ${name}`)
      }
    }
    expect(errorClasses).toBeGreaterThan(20)
    expect(plain).toEqual([])
  }, 60_000)

  it('no module of any package exports a class on a built-in error (Error, TypeError, …)', () => {
    const builtIn =
      /export\s+(?:abstract\s+)?class\s+(\w+)\s+extends\s+(Error|TypeError|RangeError|SyntaxError|ReferenceError)\b/g
    const found = packages.flatMap((name) =>
      sources(join(root, 'packages', name, 'src')).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(builtIn)]
          .filter((match) => !(match[1] === 'AdkFluentError' && file.endsWith('adk-fluent-error.ts')))
          .map((match) => `${relative(root, file)}: ${match[1]} extends ${match[2]}`),
      ),
    )
    expect(found).toEqual([])
  })
})
