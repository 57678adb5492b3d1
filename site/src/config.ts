// Where things are, and where each page of docs/ goes in the navigation. A docs/*.md file not named here still gets
// its page (under "More docs"), so pages added to docs/ appear without a change to the site's code.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's root folder (the site reads README.md, docs/, examples/ and packages/ from it). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

/** The canonical addresses, read from the root package.json (the manifests of the packages use the same). */
export interface ProjectUrls {
  /** `https://github.com/<org>/<repo>` */
  readonly repository: string
  /** The site's public address, ending with `/`. */
  readonly site: string
  readonly issues: string
}

export function projectUrls(root = repoRoot): ProjectUrls {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    repository?: { url?: string }
    homepage?: string
    bugs?: { url?: string }
  }
  const repository = (manifest.repository?.url ?? '').replace(/^git\+/, '').replace(/\.git$/, '')
  const site = manifest.homepage ?? ''
  if (!repository.startsWith('https://') || !site.endsWith('/'))
    throw new Error('the root package.json needs repository.url and a homepage ending with "/"')
  return { repository, site, issues: manifest.bugs?.url ?? `${repository}/issues` }
}

/** The navigation's sections, in order. */
export const sections = [
  'Start',
  'Concepts',
  'Guides',
  'Packages',
  'Examples',
  'API reference',
  'Design and rules',
  'More docs',
  'From the README',
] as const
export type Section = (typeof sections)[number]

/** Where each known page of docs/ goes: its section, its place in it (lower first), a shorter title for the menu. */
export const docsPlaces: Readonly<
  Record<string, { readonly section: Section; readonly order: number; readonly title?: string }>
> = {
  'typed-data-flow': { section: 'Concepts', order: 40 },
  namespaces: { section: 'Concepts', order: 25, title: 'P C S T A in detail' },
  guards: { section: 'Concepts', order: 26 },
  middleware: { section: 'Concepts', order: 27 },
  patterns: { section: 'Guides', order: 5 },
  'graph-workflows': { section: 'Guides', order: 8, title: 'Graph workflows' },
  'pause-and-resume': { section: 'Guides', order: 25, title: 'Pause and resume: approval, input' },
  'durable-runs': { section: 'Guides', order: 30, title: 'Durable runs: the rules' },
  'adk-api-server': { section: 'Guides', order: 60, title: "ADK's HTTP API and adk-web" },
  'web-api': { section: 'Guides', order: 71, title: "The dev UI's HTTP API" },
  'agents-from-files': { section: 'Guides', order: 65, title: 'Agents from files' },
  errors: { section: 'Design and rules', order: 10 },
  architecture: { section: 'Design and rules', order: 20 },
  'runtime-behaviour': { section: 'Design and rules', order: 30 },
  'state-and-safety': { section: 'Design and rules', order: 40 },
  'api-contract': { section: 'Design and rules', order: 50 },
  naming: { section: 'Design and rules', order: 60 },
}

/** The order of the packages on the site (others follow by name). */
export const packageOrder = ['fluent', 'core', 'devtools', 'patterns', 'sessions', 'eval', 'dbos', 'ai-sdk', 'a2a']
