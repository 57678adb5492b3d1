import type { ReadonlyContext } from '@adk-fluent/core'
import type { HistoryItem } from './history-item.js'

/**
 * A lazy step over history items, newest first. It must pull only what it keeps (plus at most one look-ahead), so a
 * window over a long session touches only the tail.
 */
export type HistoryStream = (items: Iterable<HistoryItem>) => Iterable<HistoryItem>

/** A step that needs every item the earlier steps kept (newest first), such as a model-powered summary. */
export type HistoryCollect = (
  items: readonly HistoryItem[],
  context: ReadonlyContext,
) => Promise<readonly HistoryItem[]>

/** One history policy (`C.window(5)`, `C.redact(...)`, …): a frozen plain descriptor. */
export interface HistoryStage {
  readonly kind: 'history-stage'
  /** The factory call as written, for descriptions (`C.window(5)`). */
  readonly call: string
  /** What it keeps, in words (`last 5 turns`). */
  readonly summary: string
  /** State keys it reads (for the contract checker). */
  readonly stateKeys: readonly string[]
  readonly run:
    | { readonly mode: 'stream'; readonly stream: HistoryStream }
    | { readonly mode: 'collect'; readonly collect: HistoryCollect }
  /** When the stage keeps only events by these authors: as a first stage, only their events are read. */
  readonly authors?: readonly string[]
  /** True when the stage calls a model (reported as events by the agent). */
  readonly usesModel?: boolean
  /**
   * As a first stage, the most earlier user turns it can keep (`C.window(5)`: 5); absent when it may read the whole
   * session. Lets a run load only that tail of the session from its store.
   */
  readonly turns?: number
}

/** Creates a frozen lazy stage. @internal */
export function createStreamStage(
  call: string,
  summary: string,
  stream: HistoryStream,
  authors?: readonly string[],
): HistoryStage {
  return Object.freeze({
    kind: 'history-stage',
    call,
    summary,
    stateKeys: Object.freeze([]),
    run: Object.freeze({ mode: 'stream', stream }),
    ...(authors ? { authors: Object.freeze([...authors]) } : {}),
  })
}

/** Creates a frozen collecting stage. @internal */
export function createCollectStage(
  call: string,
  summary: string,
  collect: HistoryCollect,
  stateKeys: readonly string[] = [],
  usesModel = false,
): HistoryStage {
  return Object.freeze({
    kind: 'history-stage',
    call,
    summary,
    stateKeys: Object.freeze([...stateKeys]),
    run: Object.freeze({ mode: 'collect', collect }),
    ...(usesModel ? { usesModel: true } : {}),
  })
}
