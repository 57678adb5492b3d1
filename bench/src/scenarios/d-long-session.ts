import * as core from '@adk-fluent/core'
import type { BenchConfig } from '../bench-config.js'
import { Agent, C } from '@adk-fluent/fluent'
import { ours, theirs, type Harness, type Kit, type ModelHandle } from '../kit.js'
import { collectGarbage, measureOne, type PairPlan, type Sampler, type Stats } from '../measure.js'
import { formatNumber, type ResultRow, type Target } from '../report.js'
import { constantText, type OurScriptedModel } from '../scripted-model.js'

type Variant = 'default' | 'none' | 'window'

const AGENT = 'assistant'
const WINDOW_TURNS = 5

interface Side {
  readonly sampler: Sampler
  readonly check: () => Promise<void>
}

/**
 * D: one turn on a session that already holds `size` events (alternating user / assistant texts, appended through
 * the session service, no model calls). Each variant has its own session, so measured turns add at most a few dozen
 * events to it. Unlike the other scenarios, the two runtimes are measured one after the other (ratio of medians).
 */
async function setUp<A, M>(
  kit: Kit<A, M>,
  size: number,
  variant: Variant,
  makeAgent: (model: ModelHandle<M>) => A,
): Promise<Side> {
  const model = kit.model(constantText('Sure, here is the next answer.'))
  const harness: Harness<A> = kit.harness(makeAgent(model))
  const id = await harness.createSession()
  await harness.appendHistory(id, size, AGENT)
  return {
    async sampler(ops) {
      const start = performance.now()
      for (let index = 0; index < ops; index++) await harness.turn(id, 'And what comes next?')
      return performance.now() - start
    },
    async check() {
      await harness.turn(id, 'And what comes next?')
      const count = model.lastContentCount()
      const expectHistory = variant === 'default'
      if (expectHistory ? count < size : count !== 1) {
        throw new Error(`D (${kit.label}, ${variant}, ${size}): the model got ${count} contents`)
      }
      if (variant === 'window' && !model.lastSystemInstruction().includes('message ')) {
        throw new Error(`D (${kit.label}, window): the context window is missing from the instruction`)
      }
    },
  }
}

function agentFor<A, M>(kit: Kit<A, M>, variant: Variant): (model: ModelHandle<M>) => A {
  return (model) =>
    kit.llmAgent({
      name: AGENT,
      model,
      instruction: 'Answer the user.',
      ...(variant === 'none' ? { includeContents: 'none' as const } : {}),
      ...(variant === 'window' ? { windowTurns: WINDOW_TURNS } : {}),
    })
}

/** The window variant on our side: fluent's `Agent(...).context(C.window(n))`, built per model. */
function fluentWindowAgent(model: ModelHandle<OurScriptedModel>): core.BaseAgent {
  return Agent(AGENT).model(model.model).instruct('Answer the user.').context(C.window(WINDOW_TURNS)).build()
}

async function measureAlone(setUpSide: () => Promise<Side>, plan: PairPlan): Promise<Stats> {
  collectGarbage()
  const side = await setUpSide()
  await side.check()
  return measureOne(side.sampler, plan)
}

const targets: Record<Variant, Target> = {
  default: { kind: 'ratio', max: 0.05 },
  none: { kind: 'ratio', max: 0.01 },
  window: { kind: 'ratio', max: 0.01 },
}

export async function runLongSession(config: BenchConfig): Promise<ResultRow[]> {
  const windowNote = `ours: fluent \`Agent(...).context(C.window(${WINDOW_TURNS}))\`; @google/adk: includeContents 'none' + an instruction provider rendering the last ${WINDOW_TURNS} turns (the same code as C.window would generate).`
  const rows: ResultRow[] = []
  const variants: Variant[] = ['default', 'none', 'window']
  const sizes = config.sessionSizes
  for (const variant of variants) {
    const variantRows: ResultRow[] = []
    for (const size of sizes) {
      const oursAgent = variant === 'window' ? fluentWindowAgent : agentFor(ours, variant)
      // One runtime at a time, with only its own session in the heap: @google/adk deep-copies the whole session on
      // every turn, and in alternating samples ours would pay for collecting that garbage (×5 at 20,000 events).
      const plan = config.longSessionPlan(size)
      const result = {
        ours: await measureAlone(() => setUp(ours, size, variant, oursAgent), plan),
        theirs: await measureAlone(() => setUp(theirs, size, variant, agentFor(theirs, variant)), plan),
      }
      const largest = size === sizes[sizes.length - 1]
      variantRows.push({
        scenario: 'D',
        name: `${variant === 'window' ? `C.window(${WINDOW_TURNS})` : `includeContents '${variant}'`}, ${size.toLocaleString('en-US')} events`,
        unit: 'ms',
        ours: result.ours,
        theirs: result.theirs,
        target: largest && size >= 20_000 ? targets[variant] : undefined,
        note: variant === 'window' && largest ? windowNote : undefined,
      })
      collectGarbage()
    }
    const last = variantRows[variantRows.length - 1]
    const growth = growthNote(variantRows[0], last)
    if (last && growth)
      variantRows[variantRows.length - 1] = { ...last, note: last.note ? `${growth} ${last.note}` : growth }
    rows.push(...variantRows)
  }
  return rows
}

/** How much ours grows from the smallest to the largest session: 1 means flat. */
function growthNote(first: ResultRow | undefined, last: ResultRow | undefined): string | undefined {
  if (!first?.ours || !last?.ours || first === last) return undefined
  return `ours grows ${formatNumber(last.ours.median / first.ours.median)}× from the smallest to the largest session (1 = flat).`
}
