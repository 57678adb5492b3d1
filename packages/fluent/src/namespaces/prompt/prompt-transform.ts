import type { StageModel } from '../shared/stage-model.js'

/** Keeps, drops or reorders whole sections by name (`P.only`, `P.without`, `P.reorder`). */
export interface PromptSectionTransform {
  readonly kind: 'prompt-only' | 'prompt-without' | 'prompt-reorder'
  /** Normalised section ids (`constraint`, `format`, `style_guide`, …). */
  readonly names: readonly string[]
}

/** A function over the rendered text, attached with `.pipe(fn)`. */
export type PromptTextMapper = (text: string) => string

/** `.pipe(fn)`: post-processes the rendered text. */
export interface PromptMapTransform {
  readonly kind: 'prompt-map'
  readonly mapper: PromptTextMapper
}

/** `P.compress()` / `P.adapt()`: the rendered text rewritten by a model at run time. */
export interface PromptModelTransform {
  readonly kind: 'prompt-model'
  /** The factory (`P.compress()`), for errors and events. */
  readonly factory: string
  /** The call as written (`P.compress({ maxTokens: 200 })`). */
  readonly call: string
  /** The instruction given to the rewriting model. */
  readonly instruction: string
  /** The model; `undefined` uses the agent's own. */
  readonly model: StageModel | undefined
}

/**
 * A transform of a prompt; transforms apply to the whole prompt: sections first, then text mappers, then model
 * rewrites (each group in the order attached).
 */
export type PromptTransform = PromptSectionTransform | PromptMapTransform | PromptModelTransform

/** The transform kinds, for exhaustive dispatch tables. */
export type PromptTransformKind = PromptTransform['kind']

/**
 * Applies the section transforms, in the order they were attached, to the ordered list of section ids.
 * @internal
 */
export function applySectionTransforms(order: readonly string[], transforms: readonly PromptTransform[]): string[] {
  let result = [...order]
  for (const transform of transforms) result = sectionStep[transform.kind](result, transform as never)
  return result
}

/** Applies the `.pipe(fn)` mappers, in order, to the rendered text. @internal */
export function applyTextTransforms(text: string, transforms: readonly PromptTransform[]): string {
  let result = text
  for (const transform of transforms) result = textStep[transform.kind](result, transform as never)
  return result
}

type TransformOf<K extends PromptTransformKind> = K extends 'prompt-map'
  ? PromptMapTransform
  : K extends 'prompt-model'
    ? PromptModelTransform
    : PromptSectionTransform

type Step<R> = { readonly [K in PromptTransformKind]: (value: R, transform: TransformOf<K>) => R }

const sectionStep: Step<string[]> = {
  'prompt-only': (order, transform) => order.filter((id) => transform.names.includes(id)),
  'prompt-without': (order, transform) => order.filter((id) => !transform.names.includes(id)),
  'prompt-reorder': (order, transform) => [
    ...transform.names.filter((id) => order.includes(id)),
    ...order.filter((id) => !transform.names.includes(id)),
  ],
  'prompt-map': (order) => order,
  'prompt-model': (order) => order,
}

const textStep: Step<string> = {
  'prompt-only': (text) => text,
  'prompt-without': (text) => text,
  'prompt-reorder': (text) => text,
  'prompt-map': (text, transform) => transform.mapper(text),
  'prompt-model': (text) => text,
}
