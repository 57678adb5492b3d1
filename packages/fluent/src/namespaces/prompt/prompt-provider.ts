import { injectSessionState, type ReadonlyContext } from '@adk-fluent/core'
import { renderStateValue } from '@adk-fluent/core/internal'
import type { PromptBlock, PromptBlockKind, PromptCondition, PromptWhenBlock } from './prompt-block.js'
import type { PromptSpec } from './prompt-spec.js'
import { layoutPrompt, promptSectionOrder } from './layout-prompt.js'
import { presentState } from '../shared/present-state.js'
import { callStageModel } from '../shared/stage-model.js'

/** An instruction provider: renders the prompt against the state of the running invocation. */
export type PromptProvider = (context: ReadonlyContext) => Promise<string>

interface Resolution {
  readonly context: ReadonlyContext
  readonly kept: readonly string[]
  readonly lines: Map<PromptBlock, readonly string[]>
  readonly included: Map<PromptWhenBlock, boolean>
  snapshot: Readonly<Record<string, unknown>> | undefined
}

/**
 * The run-time form of a prompt: every `{key}` template is resolved with core's `injectSessionState` (each block
 * once, so a substituted value is never expanded again), `P.fromState` reads the state, and `P.when` conditions are
 * evaluated against the state at that moment.
 * @internal
 */
export function createPromptProvider(spec: PromptSpec): PromptProvider {
  const kept = promptSectionOrder(spec)
  return async (context) => {
    const resolution: Resolution = { context, kept, lines: new Map(), included: new Map(), snapshot: undefined }
    await resolveBlocks(spec.blocks, resolution)
    let text = layoutPrompt(spec, {
      text: (block) => resolution.lines.get(block) ?? [],
      state: (block) => resolution.lines.get(block) ?? [],
      include: (block) => resolution.included.get(block) ?? false,
    })
    for (const transform of spec.transforms) {
      if (transform.kind !== 'prompt-model' || text.length === 0) continue
      text = await callStageModel(transform.factory, transform.model, transform.instruction, text, context)
    }
    return text
  }
}

async function resolveBlocks(blocks: readonly PromptBlock[], resolution: Resolution): Promise<void> {
  for (const block of blocks) await resolveByKind[block.kind](block as never, resolution)
}

type Resolver = {
  readonly [K in PromptBlockKind]: (block: Extract<PromptBlock, { kind: K }>, resolution: Resolution) => Promise<void>
}

const resolveByKind: Resolver = {
  'prompt-text': async (block, resolution) => {
    if (!resolution.kept.includes(block.section)) return
    resolution.lines.set(block, [await injectSessionState(block.text, resolution.context)])
  },
  'prompt-state': async (block, resolution) => {
    if (!resolution.kept.includes(block.section)) return
    const lines: string[] = []
    for (const key of block.keys) {
      const value = resolution.context.state.get(key)
      if (value !== undefined && value !== null) lines.push(`${key}: ${renderStateValue(value)}`)
    }
    resolution.lines.set(block, lines)
  },
  'prompt-when': async (block, resolution) => {
    const holds = await conditionHolds(block.condition, resolution)
    resolution.included.set(block, holds)
    if (holds) await resolveBlocks(block.blocks, resolution)
  },
}

async function conditionHolds(condition: PromptCondition, resolution: Resolution): Promise<boolean> {
  if (condition.kind === 'state-key') return Boolean(resolution.context.state.get(condition.key))
  resolution.snapshot ??= Object.freeze(presentState(resolution.context.state.toRecord()))
  return Boolean(await condition.predicate(resolution.snapshot))
}
