import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { ScenarioSide } from '../paired-turn-row.js'

/** The three scenarios every peer runs: A single turn, E tool round trip, B 10-step pipeline. */
export type PeerScenario = 'A' | 'E' | 'B'

export const PIPELINE_STEPS = 10
export const TOOL_RESULT = 'result for cats'

/**
 * Another agent framework, driven through its own model interface by a zero-latency fake model that answers like
 * ours: A replies a fixed text; E calls `lookup` first and then answers with the tool's result; B's step k answers
 * `v<k>` after finding `v<k-1>` (the previous step's output) in its instruction, so the last output is `v10` only if
 * every step received its predecessor's output.
 */
export interface Peer {
  readonly id: string
  readonly label: string
  /** The npm package whose version is recorded. */
  readonly packageName: string
  sides(): Promise<Record<PeerScenario, ScenarioSide>>
}

/** The next output of a pipeline step: `v<n+1>` after the last `v<n>` in its instruction (`v1` when none). */
export function nextDraft(instruction: string): string {
  const match = /v(\d+)(?!.*v\d)/s.exec(instruction)
  return `v${match ? Number(match[1]) + 1 : 1}`
}

/** The instruction of pipeline step `index` (1-based), given the previous step's output. */
export function stepInstruction(index: number, previous: string | undefined): string {
  return `You are step ${index} of a writing pipeline. Improve this text: ${previous ?? 'cats'}. Keep it short.`
}

/** A sampler of `ops` sequential calls of `turn`. */
export function timed(turn: () => Promise<unknown>): ScenarioSide['sampler'] {
  return async (ops) => {
    const start = performance.now()
    for (let index = 0; index < ops; index++) await turn()
    return performance.now() - start
  }
}

/** Throws unless `actual` is `expected`, naming the peer and scenario. */
export function expectResult(peer: string, scenario: string, actual: unknown, expected: unknown): void {
  if (actual !== expected)
    throw new Error(`${scenario} (${peer}): expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`)
}

/** The installed version of a package of bench/ (read from its package.json, found through its entry point). */
export function installedVersion(packageName: string): string {
  const require = createRequire(import.meta.url)
  let dir = dirname(require.resolve(packageName))
  for (;;) {
    try {
      const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string }
      if (json.name === packageName.replace(/^ai-v7$/, 'ai') && json.version) return json.version
    } catch {
      // not here: look one level up
    }
    const up = dirname(dir)
    if (up === dir) return 'unknown'
    dir = up
  }
}

/** One run of each scenario (resolving to its answer) and the count of `lookup` runs so far. */
export interface PeerRuns {
  single(): Promise<unknown>
  tool(): Promise<unknown>
  pipeline(): Promise<unknown>
  toolRuns(): number
}

/** The timed sides of A, E and B, each with its check (the answer, the tool run once, `v10` at the end of B). */
export function peerSides(label: string, runs: PeerRuns): Record<PeerScenario, ScenarioSide> {
  return {
    A: { sampler: timed(runs.single), check: async () => expectResult(label, 'A', await runs.single(), 'Hello!') },
    E: {
      sampler: timed(runs.tool),
      check: async () => {
        const before = runs.toolRuns()
        expectResult(label, 'E', await runs.tool(), `The answer: ${TOOL_RESULT}`)
        expectResult(label, 'E tool runs', runs.toolRuns() - before, 1)
      },
    },
    B: {
      sampler: timed(runs.pipeline),
      check: async () => expectResult(label, 'B', await runs.pipeline(), `v${PIPELINE_STEPS}`),
    },
  }
}
