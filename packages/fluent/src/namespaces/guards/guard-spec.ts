import type { BaseLlm } from '@adk-fluent/core'
import type { GuardSpan } from './scan-text.js'

export type { GuardSpan } from './scan-text.js'

/** Where a guard looks: what the model receives, what it answers, or both. */
export type GuardSide = 'input' | 'output' | 'both'

/** What a guard does with a finding: replace the offending text (`redact`) or fail the run (`block`). */
export type GuardAction = 'redact' | 'block'

/** What a text scan found: counts by kind (`{ email: 2 }`), and the text with the findings replaced. */
export interface GuardFinding {
  readonly found: Readonly<Record<string, number>>
  readonly redacted: string
}

/** A judge's decision. */
export interface JudgeVerdict {
  readonly verdict: 'allow' | 'block'
  readonly reason: string
}

/**
 * One guard: a frozen descriptor. `scan` (PII, length, pattern guards) checks one text synchronously; a judge guard
 * has `judge` instead (its criteria and model), run as a model call of its own.
 */
export interface GuardSpec {
  readonly kind: 'guard'
  /** `'pii'`, `'length'`, `'regex'` or `'judge'`. */
  readonly type: 'pii' | 'length' | 'regex' | 'judge'
  /** The name errors and events use (the type unless `name` was given). */
  readonly name: string
  readonly on: GuardSide
  readonly action: GuardAction
  /** How previews show it: `G.pii({ action: 'redact', kinds: [email, card] })`. */
  readonly label: string
  readonly scan?: (text: string) => GuardFinding | undefined
  /**
   * Where its findings are in a text (PII and pattern guards): what lets a finding split over the parts of a message
   * or the chunks of a stream be found whole and redacted in each part it touches.
   */
  readonly find?: (text: string) => readonly GuardSpan[]
  /** What its findings are counted as (`'matches'` for a pattern); by their kind without it. */
  readonly countAs?: string
  readonly judge?: { readonly model: string | BaseLlm | undefined; readonly criteria: string }
}

/** Guards in the order they run; `.add` appends more. */
export interface GuardChain {
  readonly kind: 'guard-chain'
  readonly guards: readonly GuardSpec[]
  /** A chain that runs these guards, then `others` (in order). */
  add(...others: readonly GuardChain[]): GuardChain
}

/** A frozen chain of `guards`. @internal */
export function guardChain(guards: readonly GuardSpec[]): GuardChain {
  const frozen = Object.freeze([...guards])
  return Object.freeze({
    kind: 'guard-chain' as const,
    guards: frozen,
    add: (...others: readonly GuardChain[]) => guardChain([...frozen, ...others.flatMap((other) => other.guards)]),
  })
}

/** True for a value `G.*` made. @internal */
export function isGuardChain(value: unknown): value is GuardChain {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'guard-chain' &&
    Array.isArray((value as { guards?: unknown }).guards)
  )
}
