import type { PromptBlock } from './prompt-block.js'
import type { PromptTextMapper, PromptTransform } from './prompt-transform.js'
import { promptFingerprint } from './prompt-fingerprint.js'
import { throwConfigIssue } from '../../parse/config-issue.js'

/**
 * A prompt: a frozen plain descriptor holding blocks and transforms. Compose with `.add()` (union of blocks and
 * transforms) and `.pipe()` (attach a transform); compile with `compilePrompt()`. `TReads`: the `{key}` state keys its
 * literal texts require, for an agent's typed data flow (`never` when unknown: any prompt is a `PromptSpec`).
 */
export interface PromptSpec<TReads extends string = never> {
  readonly kind: 'prompt'
  /** Type-only: the `{key}` state keys it requires (never present at run time). */
  '~reads'?(keys: TReads): void
  readonly blocks: readonly PromptBlock[]
  readonly transforms: readonly PromptTransform[]
  /** The tag given by `P.versioned()`, if any. */
  readonly version: string | undefined
  /**
   * A 12-hex-digit SHA-256 fingerprint of the prompt's structure (blocks, conditions, transforms, version tag):
   * equal prompts have equal fingerprints; any change to the text or structure changes it.
   * @example P.role('You are a reviewer.').fingerprint() // 'a1b2c3d4e5f6'
   */
  fingerprint(): string
  /**
   * The union of both prompts: blocks of both (rendered in the fixed section order) and transforms of both.
   * @example P.role('You are a reviewer.').add(P.task('Review the code.'))
   */
  add<TOther extends string = never>(other: PromptSpec<TOther>): PromptSpec<TReads | TOther>
  /**
   * Attaches a transform: a section transform (`P.only`, `P.without`, `P.reorder`) or a function over the rendered
   * text. Transforms apply to the whole prompt: section transforms first, then text functions, each in the order
   * attached.
   * @example P.role('R.').add(P.task('T.')).pipe(P.reorder('task', 'role'))
   */
  pipe(transform: PromptTextMapper): PromptSpec<TReads>
  /** A section transform may drop sections, so the types no longer know the required keys (the checker still does). */
  pipe(transform: PromptSpec | PromptTextMapper): PromptSpec
}

/** Creates a frozen prompt descriptor. @internal */
export function createPromptSpec(
  blocks: readonly PromptBlock[],
  transforms: readonly PromptTransform[] = [],
  version?: string,
): PromptSpec {
  const spec: PromptSpec = Object.freeze({
    kind: 'prompt' as const,
    blocks: Object.freeze([...blocks]),
    transforms: Object.freeze([...transforms]),
    version,
    fingerprint: () => promptFingerprint(spec),
    add: (other: PromptSpec) => addPrompt(spec, other),
    pipe: (transform: PromptSpec | PromptTextMapper) => pipePrompt(spec, transform),
  })
  return spec
}

/** True for a prompt descriptor made by `P.*`. */
export function isPromptSpec(value: unknown): value is PromptSpec {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'prompt' &&
    Array.isArray((value as { blocks?: unknown }).blocks) &&
    Array.isArray((value as { transforms?: unknown }).transforms)
  )
}

/** The union of two prompts (see {@link PromptSpec.add}). */
export function addPrompt(spec: PromptSpec, other: PromptSpec): PromptSpec {
  if (!isPromptSpec(other)) {
    throwConfigIssue(
      'prompt_invalid',
      ['P.add()'],
      `expected a prompt made by P.* (for example P.task('...')), got ${describeValue(other)}.`,
      `Wrap plain text in P.context(), P.task() or P.section().`,
    )
  }
  return createPromptSpec(
    [...spec.blocks, ...other.blocks],
    [...spec.transforms, ...other.transforms],
    spec.version ?? other.version,
  )
}

/** Attaches a transform to a prompt (see {@link PromptSpec.pipe}). */
export function pipePrompt(spec: PromptSpec, transform: PromptSpec | PromptTextMapper): PromptSpec {
  if (typeof transform === 'function') {
    return createPromptSpec(
      spec.blocks,
      [...spec.transforms, Object.freeze({ kind: 'prompt-map' as const, mapper: transform })],
      spec.version,
    )
  }
  if (!isPromptSpec(transform)) {
    throwConfigIssue(
      'prompt_invalid',
      ['P.pipe()'],
      `expected a transform, got ${describeValue(transform)}.`,
      'Pass P.only(), P.without(), P.reorder() or a function (text) => text.',
    )
  }
  if (transform.blocks.length > 0) {
    throwConfigIssue(
      'prompt_invalid',
      ['P.pipe()'],
      'the argument holds prompt blocks, and .pipe() only takes transforms (P.only(), P.without(), P.reorder()) or a function (text) => text.',
      'Use .add() to combine blocks.',
    )
  }
  return createPromptSpec(spec.blocks, [...spec.transforms, ...transform.transforms], spec.version)
}

function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'string' ? 'a string' : `a value of type ${typeof value}`
}
