import type { Context } from '@adk-fluent/core'

/** The kinds of artifact operation. */
export type ArtifactOp =
  | 'publish'
  | 'snapshot'
  | 'save'
  | 'load'
  | 'list'
  | 'delete'
  | 'version'
  | 'publish_many'
  | 'snapshot_many'
  | 'when'

/**
 * An artifact operation: a frozen plain descriptor whose `run(context)` works through the core `Context` (so saves
 * are recorded in `actions.artifactDelta` and state writes in `actions.stateDelta`). Use it as a pipeline step.
 */
export interface ArtifactOperation<TWrites extends string = string> {
  readonly kind: 'artifact-op'
  /**
   * Type-only: the state keys it writes, for an agent's typed data flow (`never` for the operations of `A.*` that
   * write none; any key for an operation typed only as `ArtifactOperation`). Never present at run time.
   */
  '~writes'?(keys: TWrites): void
  readonly op: ArtifactOp
  /** The filename it works on (for `A.list`, the state key it fills). */
  readonly name: string
  /** The factory call as written (`A.publish('report.md', { fromKey: 'report' })`). */
  readonly description: string
  /** State keys it reads. */
  readonly reads: readonly string[]
  /** State keys it writes. */
  readonly writes: readonly string[]
  readonly run: (context: Context) => Promise<void>
}

/** Creates a frozen operation. @internal */
export function createArtifactOperation(init: Omit<ArtifactOperation, 'kind'>): ArtifactOperation {
  return Object.freeze({
    kind: 'artifact-op' as const,
    op: init.op,
    name: init.name,
    description: init.description,
    reads: Object.freeze([...init.reads]),
    writes: Object.freeze([...init.writes]),
    run: init.run,
  })
}

/** True for an operation made by `A.*`. */
export function isArtifactOperation(value: unknown): value is ArtifactOperation {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'artifact-op' &&
    typeof (value as { run?: unknown }).run === 'function'
  )
}
