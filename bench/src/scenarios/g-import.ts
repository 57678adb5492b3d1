import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { BenchConfig } from '../bench-config.js'
import { stats, type Stats } from '../measure.js'
import { benchDir, repoRoot } from '../paths.js'
import { formatNumber, type ResultRow } from '../report.js'

type Built = { readonly ok: true; readonly note?: string } | { readonly ok: false; readonly reason: string }

function newestSource(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path))
    else if (entry.name.endsWith('.ts') && !entry.name.includes('.test'))
      newest = Math.max(newest, statSync(path).mtimeMs)
  }
  return newest
}

/**
 * Makes sure `packages/<name>/dist` is the build of the current source: a full run rebuilds a missing or stale dist
 * with the package's own `build` script (tsup); a quick run never builds.
 */
function ensureBuilt(name: string, quick: boolean): Built {
  const packageDir = join(repoRoot, 'packages', name)
  const entry = join(packageDir, 'dist', 'index.js')
  if (!existsSync(join(packageDir, 'src', 'index.ts')))
    return { ok: false, reason: `packages/${name}/src/index.ts does not exist yet` }
  const stale = !existsSync(entry) || statSync(entry).mtimeMs < newestSource(join(packageDir, 'src'))
  if (!stale) return { ok: true }
  if (quick) {
    return existsSync(entry)
      ? { ok: true, note: `packages/${name}/dist is older than its source (quick runs do not build).` }
      : { ok: false, reason: `packages/${name}/dist is missing (quick runs do not build)` }
  }
  process.stderr.write(`  building @adk-fluent/${name} (dist missing or stale)…\n`)
  const result = spawnSync('pnpm', ['--filter', `@adk-fluent/${name}`, 'run', 'build'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 180_000,
  })
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`
    const line = output.split('\n').find((text) => /error/i.test(text)) ?? `exit code ${String(result.status)}`
    return { ok: false, reason: `its build failed: ${line.trim().slice(0, 200)}` }
  }
  return { ok: true }
}

/** Milliseconds `import(specifier)` takes in a fresh node process started in `bench/` (node's own start-up excluded). */
function importOnce(specifier: string): number {
  const code = `const start = performance.now(); await import(${JSON.stringify(specifier)}); console.log(JSON.stringify({ ms: performance.now() - start }))`
  const env: NodeJS.ProcessEnv = { ...process.env }
  delete env['NODE_OPTIONS']
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: benchDir,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  })
  const line = (result.stdout ?? '').trim().split('\n').pop() ?? ''
  if (result.status !== 0 || !line.startsWith('{'))
    throw new Error(`import(${specifier}) failed: ${(result.stderr ?? '').trim().split('\n')[0]}`)
  return (JSON.parse(line) as { ms: number }).ms
}

/**
 * Where the import time goes: one fresh process imports the specifiers one after another and reports each step's
 * milliseconds (a step includes only what the earlier steps did not load already).
 */
function importSteps(specifiers: readonly string[], runs: number): number[] {
  const code = `const times = []; for (const specifier of ${JSON.stringify(specifiers)}) { const start = performance.now(); await import(specifier); times.push(performance.now() - start) } console.log(JSON.stringify(times))`
  const env: NodeJS.ProcessEnv = { ...process.env }
  delete env['NODE_OPTIONS']
  const samples: number[][] = specifiers.map(() => [])
  for (let run = 0; run < runs; run++) {
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
      cwd: benchDir,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    })
    const line = (result.stdout ?? '').trim().split('\n').pop() ?? ''
    if (result.status !== 0 || !line.startsWith('[')) return []
    ;(JSON.parse(line) as number[]).forEach((ms, index) => samples[index]?.push(ms))
  }
  return samples.map((values) => stats(values).median)
}

/** Alternates the specifiers run by run (one discarded warm-up each, for the OS file cache). */
function measureImports(specifiers: readonly string[], runs: number): Stats[] {
  const samples = specifiers.map(() => [] as number[])
  for (const specifier of specifiers) importOnce(specifier)
  for (let run = 0; run < runs; run++)
    specifiers.forEach((specifier, index) => samples[index]?.push(importOnce(specifier)))
  return samples.map((values) => stats(values))
}

/**
 * G: cold import time, each in a fresh `node` process: `@adk-fluent/fluent` as published (its BUILT `dist`, which
 * loads core's `dist`), against `@google/adk` 2.0.0 (its published ESM build).
 */
export async function runImport(config: BenchConfig): Promise<ResultRow[]> {
  const core = ensureBuilt('core', config.quick)
  const fluent = core.ok ? ensureBuilt('fluent', config.quick) : core
  const specifiers = ['@google/adk', '@google/genai']
  if (core.ok) specifiers.push('@adk-fluent/core')
  if (fluent.ok) specifiers.push('@adk-fluent/fluent')
  const [adk, genai, coreStats, fluentStats] = measureImports(specifiers, config.importRuns)
  const chain = ['zod', '@google/genai', ...specifiers.slice(2)]
  const steps = importSteps(chain, config.importRuns)
  const split =
    steps.length === chain.length
      ? ` Imported one after another: ${chain.map((name, index) => `${name} ${formatNumber(steps[index] ?? 0)} ms`).join(', ')}. Core loads zod eagerly (tools and schemas) and @google/genai only when a Gemini model makes its first call, so importing @adk-fluent/fluent does not pay for the client.`
      : ''
  const genaiNote = genai ? `@google/genai alone, in its own process: ${formatNumber(genai.median)} ms.${split}` : ''
  const rows: ResultRow[] = [
    {
      scenario: 'G',
      name: 'cold import of @adk-fluent/fluent (built dist) vs @google/adk',
      unit: 'ms',
      ours: fluentStats,
      theirs: adk,
      target: { kind: 'absolute', max: 150 },
      note: fluent.ok
        ? [fluent.note, genaiNote].filter(Boolean).join(' ')
        : `not measured: ${fluent.reason}. The core row below is what fluent would load at least.`,
    },
  ]
  if (coreStats) {
    rows.push({
      scenario: 'G',
      name: 'cold import of @adk-fluent/core (built dist) vs @google/adk',
      unit: 'ms',
      ours: coreStats,
      theirs: adk,
      target: fluent.ok ? undefined : { kind: 'absolute', max: 150 },
      note: [core.ok ? core.note : undefined, fluent.ok ? undefined : genaiNote].filter(Boolean).join(' ') || undefined,
    })
  }
  return rows
}
