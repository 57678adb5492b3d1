import { execSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { benchConfig, type BenchConfig } from './bench-config.js'
import { canCollectGarbage, collectGarbage } from './measure.js'
import { benchDir } from './paths.js'
import { notes, textTable, THEIRS, type ResultRow } from './report.js'
import { mergeResults, resultsDocument } from './results-document.js'

type ScenarioRun = (config: BenchConfig) => Promise<ResultRow[]>

/**
 * Each scenario's module is imported when it runs, not up front: a scenario measures with only its own modules
 * loaded (DBOS, MikroORM and the SQL drivers of I and K are not in the heap while A–H run).
 */
const scenarios: Record<string, { title: string; load: () => Promise<ScenarioRun> }> = {
  A: { title: 'single-agent turn', load: async () => (await import('./scenarios/a-single-turn.js')).runSingleTurn },
  B: { title: '10-agent pipeline', load: async () => (await import('./scenarios/b-pipeline.js')).runPipeline },
  C: { title: '100-branch fan-out', load: async () => (await import('./scenarios/c-fan-out.js')).runFanOut },
  D: { title: 'long sessions', load: async () => (await import('./scenarios/d-long-session.js')).runLongSession },
  E: {
    title: 'tool round trip',
    load: async () => (await import('./scenarios/e-tool-round-trip.js')).runToolRoundTrip,
  },
  F: { title: 'retained memory', load: async () => (await import('./scenarios/f-memory.js')).runMemory },
  G: { title: 'cold import', load: async () => (await import('./scenarios/g-import.js')).runImport },
  H: { title: 'fluent build()', load: async () => (await import('./scenarios/h-fluent-build.js')).runFluentBuild },
  I: {
    title: 'durable runs on DBOS (PostgreSQL)',
    load: async () => (await import('./scenarios/i-durable.js')).runDurable,
  },
  P: {
    title: 'peers: A, E, B on other frameworks',
    load: async () => (await import('./scenarios/p-peers.js')).runPeers,
  },
  J: { title: 'pipeline preview', load: async () => (await import('./scenarios/j-preview.js')).runPreview },
  K: {
    title: 'durable sessions (SQLite, PostgreSQL)',
    load: async () => (await import('./scenarios/k-durable-sessions.js')).runDurableSessions,
  },
  L: {
    title: 'long-term memory (in memory, SQLite, PostgreSQL)',
    load: async () => (await import('./scenarios/l-memory.js')).runLongTermMemory,
  },
  M: {
    title: 'context isolation (showcase tokens)',
    load: async () => (await import('./scenarios/m-context-isolation.js')).runContextIsolation,
  },
  N: {
    title: 'A2A round trip',
    load: async () => (await import('./scenarios/n-a2a-round-trip.js')).runA2aRoundTrip,
  },
  O: { title: 'guards (G.pii)', load: async () => (await import('./scenarios/o-guards.js')).runGuards },
  Q: { title: 'graph workflows', load: async () => (await import('./scenarios/q-workflow.js')).runWorkflows },
}

const usage = `usage: pnpm bench [--quick] [--only=A,B,… [--merge]]
  --quick   smoke run: a few iterations of everything (checks that it runs; its times mean nothing)
  --only    run only these scenarios (results then go to bench/results/partial.tmp, not latest.md)
  --merge   with --only: also replace those scenarios' rows, notes and description in latest.md (the other
            scenarios' rows stay; a note records when and at which commit the merged ones were measured)`

function parseArgs(argv: readonly string[]): { quick: boolean; only: string[] | undefined; merge: boolean } {
  let quick = false
  let merge = false
  let only: string[] | undefined
  for (const arg of argv) {
    if (arg === '--quick') quick = true
    else if (arg === '--merge') merge = true
    else if (arg.startsWith('--only=')) only = arg.slice('--only='.length).toUpperCase().split(',').filter(Boolean)
    else if (arg === '--') continue
    else {
      process.stderr.write(`${arg === '--help' || arg === '-h' ? '' : `unknown argument ${arg}\n`}${usage}\n`)
      process.exit(arg === '--help' || arg === '-h' ? 0 : 2)
    }
  }
  for (const id of only ?? []) {
    if (!scenarios[id]) {
      process.stderr.write(`unknown scenario ${id}\n${usage}\n`)
      process.exit(2)
    }
  }
  if (merge && (!only || quick)) {
    process.stderr.write(`--merge needs --only and a full run (no --quick)\n${usage}\n`)
    process.exit(2)
  }
  return { quick, only, merge }
}

function gitCommit(): string {
  try {
    const commit = execSync('git rev-parse --short HEAD', { cwd: benchDir, encoding: 'utf8' }).trim()
    const dirty =
      execSync('git status --porcelain -- ../packages', { cwd: benchDir, encoding: 'utf8' }).trim().length > 0
    return dirty ? `${commit} (packages/ has uncommitted changes)` : commit
  } catch {
    return 'unknown'
  }
}

function environment(): string {
  const cpu = cpus()
  return `Node ${process.version}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${process.platform}/${process.arch}, commit ${gitCommit()}`
}

function header(config: BenchConfig, seconds: number, where: string): string {
  return `# Benchmarks: @adk-fluent vs @google/adk 2.0.0

Generated by \`pnpm bench${config.quick ? ' --quick' : ''}\` on ${new Date().toISOString()} in ${seconds.toFixed(0)} s.
${where}.

Both runtimes run in the same process with the same scripted zero-latency model (a \`BaseLlm\` subclass of each;
scenario C adds a fixed 20 ms delay). Figures are medians over samples (min–max in brackets) after a warm-up;
per-turn scenarios time calibrated batches of turns on fresh sessions. Samples are taken in pairs (ours and
theirs back to back, order alternating), and the ratio ours/theirs is the median of the per-pair ratios (D, F
and G measure one runtime at a time: there it is the ratio of the medians). One run on a shared 2-core machine:
single medians can move by 2× between runs when other work runs; the paired ratios move much less.
${THEIRS}`
}

async function main(): Promise<void> {
  const { quick, only, merge } = parseArgs(process.argv.slice(2))
  const config = benchConfig(quick)
  if (!canCollectGarbage())
    process.stderr.write('note: gc() is not exposed (run with --expose-gc); scenarios are not separated by full GCs.\n')
  const started = performance.now()
  // Commit and machine as at the start (files may change while a long run goes on).
  const where = environment()
  const startedAt = new Date().toISOString()
  const loadAtStart = loadavg()[0] ?? 0
  const rows: ResultRow[] = []
  for (const [id, scenario] of Object.entries(scenarios)) {
    if (only && !only.includes(id)) continue
    process.stderr.write(`${id}: ${scenario.title}…\n`)
    const scenarioStart = performance.now()
    const result = await (await scenario.load())(config)
    rows.push(...result)
    process.stderr.write(`${textTable(result)}\n  (${((performance.now() - scenarioStart) / 1000).toFixed(1)} s)\n\n`)
    collectGarbage()
  }
  const seconds = (performance.now() - started) / 1000
  const resultsDir = join(benchDir, 'results')
  mkdirSync(resultsDir, { recursive: true })
  const file = join(resultsDir, only ? 'partial.tmp' : quick ? 'quick.tmp' : 'latest.md')
  writeFileSync(file, resultsDocument(rows, header(config, seconds, where)))
  if (merge && only) {
    const latest = join(resultsDir, 'latest.md')
    const load = `load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end`
    const provenance = `- **${only.join(', ')}** measured separately by \`pnpm bench --only=${only.join(',')} --merge\` (started ${startedAt}, ${seconds.toFixed(0)} s, ${load}; ${where}); the other rows come from the run in the header.`
    writeFileSync(latest, mergeResults(readFileSync(latest, 'utf8'), rows, only, provenance))
    process.stdout.write(`merged ${only.join(', ')} into ${latest}\n`)
  }
  process.stdout.write(
    `${textTable(rows)}\n\n${notes(rows).join('\n')}\n\nwritten to ${file} (${seconds.toFixed(0)} s)\n`,
  )
}

await main()
