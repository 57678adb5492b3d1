// Measures what a consumer gets on disk from `npm install @adk-fluent/fluent`: packs fluent and the workspace
// packages it depends on (core) as they would be published, installs the tarballs with npm into a fresh project
// (required dependencies and required peers only, as npm installs them; optional peers are left out), and prints the
// size of node_modules in bytes (`du -sb`, apparent size; also the disk blocks in MiB as `du -sh` prints them, the
// unit of the issue's 58 MB) and its largest packages. Run after `pnpm build`.
//
//   node scripts/measure-install-size.mjs [--top=15] [--max-mb=29] [--with=@google/genai]
//
// --max-mb makes it fail when node_modules is larger (issue 17: at most half of the 58 MB measured before).
// --with installs more packages beside it from the registry (comma-separated), e.g. @google/genai for an application
// on Gemini (core's optional peer), to see what they add.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const option = (name, fallback) => {
  const found = process.argv.find((arg) => arg.startsWith(`--${name}=`))
  return found === undefined ? fallback : Number(found.slice(name.length + 3))
}
const top = option('top', 15)
const maxMb = option('max-mb', undefined)
const extra = (process.argv.find((arg) => arg.startsWith('--with='))?.slice('--with='.length) ?? '')
  .split(',')
  .filter((name) => name.length > 0)
const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' })

/** The workspace packages `name` depends on (dependencies only), itself included, in no particular order. */
function workspaceClosure(name, seen = new Set()) {
  if (seen.has(name)) return seen
  seen.add(name)
  const manifest = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'))
  for (const dependency of Object.keys(manifest.dependencies ?? {}))
    if (dependency.startsWith('@adk-fluent/')) workspaceClosure(dependency.slice('@adk-fluent/'.length), seen)
  return seen
}

/** Apparent size in bytes of everything under `path` (as `du -sb`; symlinks are counted, not followed). */
function sizeOf(path) {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (stat === undefined) return 0
  if (!stat.isDirectory()) return stat.size
  let total = stat.size
  for (const entry of readdirSync(path)) total += sizeOf(join(path, entry))
  return total
}

/** Every installed package directory (`node_modules/x`, `node_modules/@s/x`, nested ones too) with its own size. */
function packagesUnder(modules, found = []) {
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue
    const dirs = entry.startsWith('@') ? readdirSync(join(modules, entry)).map((name) => join(entry, name)) : [entry]
    for (const dir of dirs) {
      const path = join(modules, dir)
      const nested = join(path, 'node_modules')
      const nestedSize = sizeOf(nested)
      found.push({ name: dir, path, bytes: sizeOf(path) - nestedSize })
      if (nestedSize > 0) packagesUnder(nested, found)
    }
  }
  return found
}

// pnpm packs the workspace packages (it turns `workspace:*` into versions): without it, one line says so.
try {
  execFileSync('pnpm', ['--version'], { stdio: 'ignore' })
} catch {
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1]
  console.error(
    `measure-install-size: pnpm is not on PATH; it packs the workspace packages. Install it with: npm install -g pnpm@${version}`,
  )
  process.exit(2)
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`
const work = mkdtempSync(join(tmpdir(), 'adk-fluent-size-'))
try {
  const packages = [...workspaceClosure('fluent')]
  for (const name of packages) run('pnpm', ['pack', '--pack-destination', work], join(root, 'packages', name))
  const tarballs = readdirSync(work).filter((file) => file.endsWith('.tgz'))
  writeFileSync(
    join(work, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2),
  )
  run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs.map((file) => `./${file}`), ...extra],
    work,
  )
  const modules = join(work, 'node_modules')
  const total = Number(run('du', ['-sb', modules], work).split('\t')[0])
  const onDisk = Number(run('du', ['-sk', modules], work).split('\t')[0]) * 1024
  const installed = packagesUnder(modules).sort((a, b) => b.bytes - a.bytes)
  console.log(
    `npm install @adk-fluent/fluent${extra.map((name) => ` ${name}`).join('')}` +
      ` (tarballs: ${packages.map((name) => `@adk-fluent/${name}`).join(', ')}):` +
      ` node_modules is ${mb(total)} (${total} bytes, du -sb; on disk ${(onDisk / 2 ** 20).toFixed(1)}M as du -sh` +
      ` counts it)` +
      ` in ${installed.length} packages`,
  )
  console.log(`largest packages (own files, nested node_modules excluded):`)
  for (const { name, bytes } of installed.slice(0, top))
    console.log(`  ${mb(bytes).padStart(8)}  ${(((bytes / total) * 100).toFixed(0) + '%').padStart(4)}  ${name}`)
  if (maxMb !== undefined && total > maxMb * 1e6) {
    console.error(`node_modules is ${mb(total)}, more than the limit of ${maxMb} MB`)
    process.exitCode = 1
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
