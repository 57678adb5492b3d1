import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The layering of fluent's folders (docs/architecture.md): ir ← parse ← check ← compile ← introspect ← builders ← files
// (agent configs and skills read into builders; the command line and the dev UI sit on top, in @adk-fluent/devtools).
// `namespaces` (P C S T A) is vocabulary that ir and parse describe; it uses only parse's checks. `agents` are
// fluent's own core agents, which compile instantiates; `ask` runs a built agent once. `flow-types` is the type-level
// state flow (what builders' types know of the state keys), below everything and importing nothing. Type imports
// count too.
const allowed: Readonly<Record<string, readonly string[]>> = {
  'flow-types': [],
  ir: ['namespaces'],
  namespaces: ['parse', 'flow-types'],
  parse: ['ir', 'namespaces'],
  check: ['ir', 'parse', 'namespaces'],
  agents: ['ir', 'parse', 'namespaces'],
  compile: ['check', 'agents', 'ir', 'parse', 'namespaces'],
  introspect: ['compile', 'check', 'ir', 'parse', 'namespaces'],
  ask: ['agents', 'ir', 'parse', 'namespaces'],
  builders: ['introspect', 'compile', 'check', 'agents', 'ask', 'ir', 'parse', 'namespaces', 'flow-types'],
  files: ['builders', 'introspect', 'compile', 'check', 'agents', 'ask', 'ir', 'parse', 'namespaces'],
}

const root = dirname(fileURLToPath(import.meta.url))

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.ts$/.test(entry.name) && !/\.test(-d)?\.ts$|\.test-helper\.ts$/.test(entry.name) ? [path] : []
  })
}

function topFolder(path: string): string {
  return relative(root, path).split('/')[0] as string
}

function importViolations(): string[] {
  const violations: string[] = []
  for (const file of sourceFiles(root)) {
    const from = topFolder(file)
    const rule = allowed[from]
    if (!rule) continue
    for (const match of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const target = topFolder(resolve(dirname(file), match[1] as string))
      if (target !== from && !rule.includes(target))
        violations.push(`${relative(root, file)} imports ${target}/ (${match[1]})`)
    }
  }
  return violations
}

describe('fluent folder layering', () => {
  it('has no import that runs against the layering', () => {
    expect(importViolations()).toEqual([])
  })

  it('names every folder in the rule table or as a top layer', () => {
    const folders = readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    const topLayers: string[] = []
    expect(folders.filter((folder) => !(folder in allowed) && !topLayers.includes(folder))).toEqual([])
  })
})
