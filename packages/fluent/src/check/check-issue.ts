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
  /** What kind of problem (snake_case, stable): the `ConfigIssue.code` at `build()`; `contract_violation` when unset. */
  readonly code?: string
}

/** Options of `.check()` (and of the checks `build()` runs). */
export interface CheckOptions {
  /** State keys present when the run starts (added to those declared with `.initialState()`). */
  readonly initialState?: readonly string[]
}

/** A frozen issue. @internal */
export function createCheckIssue(issue: CheckIssue): CheckIssue {
  return Object.freeze({ ...issue, path: Object.freeze([...issue.path]) })
}
