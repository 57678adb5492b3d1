/** A predicate over the session state (a `null` value counts as absent, so such keys are left out). */
export type PromptPredicate = (state: Readonly<Record<string, unknown>>) => boolean | Promise<boolean>

/** When a `P.when` block is included: a state key that must be truthy, or a predicate over the state. */
export type PromptCondition =
  | { readonly kind: 'state-key'; readonly key: string }
  | { readonly kind: 'predicate'; readonly predicate: PromptPredicate }

/**
 * Text that belongs to one section (`role`, `task`, a custom section, …). `dynamic` marks `P.template` text, which
 * makes the prompt resolve at run time.
 */
export interface PromptTextBlock {
  readonly kind: 'prompt-text'
  readonly section: string
  readonly text: string
  readonly dynamic: boolean
}

/** `P.fromState(...keys)`: `key: value` lines in the Context section, read at run time. */
export interface PromptStateBlock {
  readonly kind: 'prompt-state'
  readonly section: string
  readonly keys: readonly string[]
}

/** `P.when(condition, block)`: the inner blocks, included at run time when the condition holds. */
export interface PromptWhenBlock {
  readonly kind: 'prompt-when'
  readonly condition: PromptCondition
  readonly blocks: readonly PromptBlock[]
}

/** One block of a prompt. */
export type PromptBlock = PromptTextBlock | PromptStateBlock | PromptWhenBlock

/** The block kinds, for exhaustive dispatch tables. */
export type PromptBlockKind = PromptBlock['kind']

/** Creates a frozen text block. @internal */
export function createTextBlock(section: string, text: string, dynamic = false): PromptTextBlock {
  return Object.freeze({ kind: 'prompt-text', section, text, dynamic })
}

/** Creates a frozen state block (always in the Context section). @internal */
export function createStateBlock(keys: readonly string[]): PromptStateBlock {
  return Object.freeze({ kind: 'prompt-state', section: 'context', keys: Object.freeze([...keys]) })
}

/** Creates a frozen conditional block. @internal */
export function createWhenBlock(condition: PromptCondition, blocks: readonly PromptBlock[]): PromptWhenBlock {
  return Object.freeze({
    kind: 'prompt-when',
    condition: Object.freeze({ ...condition }),
    blocks: Object.freeze([...blocks]),
  })
}

/** True when the blocks need state at run time (`P.when`, `P.fromState`, `P.template`). @internal */
export function hasDynamicBlocks(blocks: readonly PromptBlock[]): boolean {
  return blocks.some((block) => dynamicByKind[block.kind](block as never))
}

const dynamicByKind: { readonly [K in PromptBlockKind]: (block: Extract<PromptBlock, { kind: K }>) => boolean } = {
  'prompt-text': (block) => block.dynamic,
  'prompt-state': () => true,
  'prompt-when': () => true,
}
