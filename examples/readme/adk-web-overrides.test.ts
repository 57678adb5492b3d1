// docs/adk-api-server.md gives the overrides that install Google's adk-web: they must be the pins this repository
// installs it with (pnpm-workspace.yaml) and cover every @mikro-orm package @google/adk-devtools and @google/adk reach.
import { readFileSync, realpathSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url))

it('the npm overrides of docs/adk-api-server.md are the pnpm pins and cover every @mikro-orm dependency', () => {
  const page = readFileSync(root('docs/adk-api-server.md'), 'utf8')
  const block = /With npm:\n\n```json\n([\s\S]*?)\n```/.exec(page)?.[1]
  const documented = (JSON.parse(block ?? '{}') as { overrides?: Record<string, string> }).overrides ?? {}
  const workspace = readFileSync(root('pnpm-workspace.yaml'), 'utf8')
  const pinned = Object.fromEntries(
    [...workspace.matchAll(/^ {2}'(@mikro-orm\/[a-z]+)': ([\d.]+)$/gm)].map((match) => [match[1], match[2]]),
  )
  expect(Object.keys(pinned).length).toBeGreaterThan(5)
  expect(documented).toEqual(pinned)
  // Every @mikro-orm package the two Google packages depend on (directly or as peers) is pinned.
  // (Their exports do not include package.json: found through the installed folders, pnpm's layout.)
  const devtools = realpathSync(root('packages/devtools/node_modules/@google/adk-devtools'))
  const devtoolsJson = join(devtools, 'package.json')
  const adkJson = join(dirname(devtools), 'adk', 'package.json')
  const reached = new Set<string>()
  for (const file of [devtoolsJson, adkJson]) {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string> | undefined>
    for (const field of ['dependencies', 'peerDependencies']) {
      for (const name of Object.keys(manifest[field] ?? {})) if (name.startsWith('@mikro-orm/')) reached.add(name)
    }
  }
  expect(reached.size).toBeGreaterThan(0)
  for (const name of reached) expect(Object.keys(documented), name).toContain(name)
})
