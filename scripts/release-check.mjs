// `pnpm release:check` (after `pnpm build`): what `changeset publish` would upload, checked offline. For every published
// package (packages/*, not private):
// - the manifest: licence Apache-2.0, `repository` (the root's URL, `directory` packages/<name>), `homepage`, `bugs`,
//   `publishConfig.access` public, and `files` listing README.md, CHANGELOG.md and LICENSE;
// - LICENSE identical to the root's (Apache-2.0, full text), a README.md, a CHANGELOG.md headed with the name;
// - the tarball as pnpm packs it (workspace: ranges replaced): LICENSE, README.md, CHANGELOG.md, package.json and every
//   file its `exports`, `main`, `module`, `types` and `bin` name are in it, and no `workspace:` range is left;
// - `npm publish --dry-run --offline` of that tarball passes.
// And the changesets: `.changeset/config.json` has the published packages as one `fixed` group, and every changeset
// names only published packages with patch, minor or major. Prints one `ok …` line per package; exits 1 on a failure.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'))
const rootManifest = readJson(join(root, 'package.json'))
const licence = readFileSync(join(root, 'LICENSE'), 'utf8')
const problems = []
const problem = (text) => problems.push(text)

if (!licence.includes('Apache License') || !licence.includes('Version 2.0, January 2004') || licence.length < 11000)
  problem('LICENSE at the root is not the full Apache-2.0 text')
const repositoryUrl = rootManifest.repository?.url
if (typeof repositoryUrl !== 'string') problem('the root package.json has no repository.url')

const published = readdirSync(join(root, 'packages'))
  .filter((name) => existsSync(join(root, 'packages', name, 'package.json')))
  .filter((name) => readJson(join(root, 'packages', name, 'package.json')).private !== true)
  .sort()

function checkManifest(name, manifest) {
  const where = `packages/${name}/package.json`
  if (manifest.name !== `@adk-fluent/${name}`) problem(`${where}: name ${manifest.name}, wanted @adk-fluent/${name}`)
  if (manifest.license !== 'Apache-2.0') problem(`${where}: license ${manifest.license}, wanted Apache-2.0`)
  const { repository } = manifest
  if (repository?.type !== 'git' || repository.url !== repositoryUrl || repository.directory !== `packages/${name}`)
    problem(
      `${where}: repository ${JSON.stringify(repository)}, wanted { type: git, url: ${repositoryUrl}, directory }`,
    )
  if (typeof manifest.homepage !== 'string' || !manifest.homepage.startsWith(rootManifest.homepage))
    problem(`${where}: homepage ${manifest.homepage}, wanted a page under ${rootManifest.homepage}`)
  if (manifest.bugs?.url !== rootManifest.bugs?.url) problem(`${where}: bugs.url ${manifest.bugs?.url}`)
  if (manifest.publishConfig?.access !== 'public') problem(`${where}: publishConfig.access must be "public"`)
  for (const file of ['README.md', 'CHANGELOG.md', 'LICENSE'])
    if (!manifest.files?.includes(file)) problem(`${where}: "files" does not list ${file}`)
}

function checkFiles(name) {
  const dir = join(root, 'packages', name)
  const read = (file) => (existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : undefined)
  if (read('LICENSE') !== licence) problem(`packages/${name}/LICENSE is missing or differs from the root's LICENSE`)
  if (!read('README.md')?.startsWith(`# @adk-fluent/${name}\n`))
    problem(`packages/${name}/README.md is missing or does not start with "# @adk-fluent/${name}"`)
  if (!read('CHANGELOG.md')?.startsWith(`# @adk-fluent/${name}\n`))
    problem(`packages/${name}/CHANGELOG.md is missing or does not start with "# @adk-fluent/${name}"`)
  if (!existsSync(join(dir, 'dist'))) problem(`packages/${name} has no dist: run pnpm build first`)
}

/** Every file path a manifest points at (exports' leaves except the workspace-only source condition, main, bin, …). */
function pointedAt(manifest) {
  const paths = new Set()
  const walk = (value, key) => {
    if (key === '@adk-fluent/source') return
    if (typeof value === 'string') paths.add(value.replace(/^\.\//, ''))
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k)
  }
  walk(manifest.exports)
  walk(manifest.bin)
  for (const field of ['main', 'module', 'types']) walk(manifest[field])
  return [...paths]
}

function checkTarball(name, work) {
  const dir = join(root, 'packages', name)
  const output = execFileSync('pnpm', ['pack', '--pack-destination', work], { cwd: dir, encoding: 'utf8' })
  const tarball = output
    .trim()
    .split('\n')
    .reverse()
    .find((line) => line.endsWith('.tgz'))
  if (!tarball) return problem(`pnpm pack of packages/${name} printed no tarball:\n${output}`)
  const entries = new Set(
    execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((entry) => entry.replace(/^package\//, '')),
  )
  const packed = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }))
  for (const file of ['LICENSE', 'README.md', 'CHANGELOG.md', 'package.json', ...pointedAt(packed)])
    if (!entries.has(file)) problem(`the tarball of @adk-fluent/${name} lacks ${file}`)
  const text = JSON.stringify(packed)
  if (text.includes('workspace:')) problem(`the packed package.json of @adk-fluent/${name} keeps a workspace: range`)
  checkManifest(name, packed)
  try {
    execFileSync('npm', ['publish', '--dry-run', '--offline', tarball], { cwd: work, stdio: 'pipe', encoding: 'utf8' })
  } catch (error) {
    problem(`npm publish --dry-run of @adk-fluent/${name} failed:\n${error.stderr ?? error.message}`)
  }
  return entries.size
}

function checkChangesets() {
  const dir = join(root, '.changeset')
  const config = readJson(join(dir, 'config.json'))
  const names = published.map((name) => `@adk-fluent/${name}`)
  const fixed = config.fixed ?? []
  if (fixed.length !== 1 || [...fixed[0]].sort().join() !== [...names].sort().join())
    problem(`.changeset/config.json: "fixed" must be one group of every published package: ${names.join(', ')}`)
  if (config.access !== 'public') problem('.changeset/config.json: "access" must be "public"')
  let count = 0
  for (const file of readdirSync(dir).filter((entry) => entry.endsWith('.md') && entry !== 'README.md')) {
    const header = /^---\n([\s\S]*?)\n---\n\s*\S/.exec(readFileSync(join(dir, file), 'utf8'))
    if (!header) {
      problem(`.changeset/${file}: no front matter and summary`)
      continue
    }
    count++
    for (const line of header[1].split('\n')) {
      const entry = /^['"]?(@adk-fluent\/[\w-]+)['"]?: (patch|minor|major)$/.exec(line.trim())
      if (!entry || !names.includes(entry[1]))
        problem(`.changeset/${file}: "${line}" is not "<published package>: bump"`)
    }
  }
  console.log(`ok changesets: one fixed group of ${names.length} packages; ${count} pending changeset(s)`)
}

const work = mkdtempSync(join(tmpdir(), 'adk-fluent-release-'))
try {
  checkChangesets()
  for (const name of published) {
    const before = problems.length
    const manifest = readJson(join(root, 'packages', name, 'package.json'))
    checkManifest(name, manifest)
    checkFiles(name)
    if (problems.length > before) continue
    const files = checkTarball(name, work)
    if (problems.length === before)
      console.log(`ok @adk-fluent/${name}@${manifest.version}: ${files} files, dry-run ok`)
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
if (problems.length > 0) {
  console.error(`release:check found ${problems.length} problem(s):\n- ${problems.join('\n- ')}`)
  process.exit(1)
}
console.log(`release:check: ${published.length} packages ready to publish (npm publish --dry-run, offline)`)
