import type { IssueCode } from '@adk-fluent/core'
/** How serious a contract issue is: `error` fails `build()`, `warning` and `info` only inform. */
export type CheckLevel = 'error' | 'warning' | 'info'

/** One finding of the contract checker. */
export interface CheckIssue {
  readonly level: CheckLevel
  /** The agent (or step) the issue is about. */
  readonly agent: string
  /** What is wrong. */
  readonly message: string
  /** How to fix it. */
  readonly hint: string
  /** Where in the tree: node names and the segments between them, such as `['flow', 'steps', 1, 'critic', 'reads']`. */
  readonly path: readonly (string | number)[]
  /**
   * What kind of problem (one of core's `IssueCode`s, stable): the `ConfigIssue.code` at `build()`. Every error has
   * one; warnings and infos may leave it out.
   */
  readonly code?: IssueCode
}

/** Options of `.check()` (and of the checks `build()` runs). */
export interface CheckOptions {
  /** State keys present when the run starts (added to those declared with `.initialState()`). */
  readonly initialState?: readonly string[]
}

/** `'errors'`: only what `build()` rejects is needed (warnings and infos are neither computed nor worded). @internal */
export type CheckScope = 'all' | 'errors'

/** An issue that never fails `build()`: a warning or an info. @internal */
export type NoticeIssue = CheckIssue & { readonly level: 'warning' | 'info' }

/** A frozen issue (of the level given). @internal */
export function createCheckIssue<TIssue extends CheckIssue>(issue: TIssue): TIssue {
  return Object.freeze({ ...issue, path: Object.freeze([...issue.path]) })
}
