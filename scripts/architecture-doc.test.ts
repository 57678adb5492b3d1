import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// docs/architecture.md promises to describe every part of the code: every package, every folder of source (a folder
// of test helpers or fixtures only is not a part) and every namespace of fluent. A new folder without a line in the
// document fails here.
const root = join(import.meta.dirname, '..')
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8')

function hasSource(folder: string): boolean {
  return readdirSync(folder, { withFileTypes: true }).some((entry) =>
    entry.isDirectory()
      ? hasSource(join(folder, entry.name))
      : /\.ts$/.test(entry.name) && !/\.test(-d)?\.ts$|\.test-helper\.ts$/.test(entry.name),
  )
}

function sourceFolders(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'fixtures' && hasSource(join(folder, entry.name)))
    .map((entry) => entry.name)
}

const packages = readdirSync(join(root, 'packages'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

describe('docs/architecture.md', () => {
  it('describes every package', () => {
    const missing = packages.filter((name) => !doc.includes(`packages/${name}/src`))
    expect(missing).toEqual([])
  })

  it('names every source folder of every package and every fluent namespace', () => {
    const missing: string[] = []
    for (const name of packages) {
      for (const folder of sourceFolders(join(root, 'packages', name, 'src'))) {
        if (!doc.includes(`\`${folder}/`)) missing.push(`${name}: ${folder}/`)
      }
    }
    for (const namespace of sourceFolders(join(root, 'packages/fluent/src/namespaces'))) {
      if (!doc.includes(`namespaces/${namespace}`)) missing.push(`fluent: namespaces/${namespace}`)
    }
    expect(missing).toEqual([])
  })
})
