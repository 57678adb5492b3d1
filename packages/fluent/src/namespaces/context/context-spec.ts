import { createHistoryPart, type ContextPart } from './context-part.js'
import type { HistoryStage } from './history-stage.js'
import { throwConfigIssue } from '../../parse/config-issue.js'

/**
 * A context spec: what the agent sees of the conversation and state. A frozen plain descriptor holding parts;
 * compose with `.add()` (union) and `.pipe()` (history policies applied in turn); compile with `compileContext()`.
 * `TReads`: the state keys it reads, as far as the types know; `TWrites`: the keys it writes (`C.capture`,
 * `C.writeNotes`) — `never` for the specs of `C.*` that write nothing, any key (`string`) for a spec typed only as
 * `ContextSpec`.
 */
export interface ContextSpec<TReads extends string = never, TWrites extends string = string> {
  readonly kind: 'context'
  /**
   * Type-only: the state keys it reads (`C.fromState`, `{key}` of `C.template`), for an agent's typed data flow;
   * `never` when unknown (never present at run time).
   */
  '~reads'?(keys: TReads): void
  /** Type-only: the state keys it writes, for an agent's typed data flow (never present at run time). */
  '~writes'?(keys: TWrites): void
  readonly parts: readonly ContextPart[]
  /**
   * The union: every part renders (outputs joined with a newline), and history is suppressed if any part
   * suppresses it.
   * @example C.fromState('findings').add(C.window(3))
   */
  add<TOther extends string = never, TOtherWrites extends string = never>(
    other: ContextSpec<TOther, TOtherWrites>,
  ): ContextSpec<TReads | TOther, TWrites | TOtherWrites>
  /**
   * Feeds this spec's history through the history policies of `transform` (`C.window`, `C.redact`, `C.dedup`,
   * `C.summarize`, …). A spec without history gets one, starting from the whole conversation.
   * @example C.fromAgents('researcher').pipe(C.window(5)).pipe(C.redact(/\d{16}/))
   */
  pipe<TOther extends string = never, TOtherWrites extends string = never>(
    transform: ContextSpec<TOther, TOtherWrites>,
  ): ContextSpec<TReads | TOther, TWrites | TOtherWrites>
}

/** Creates a frozen context descriptor. @internal */
export function createContextSpec(parts: readonly ContextPart[]): ContextSpec {
  const spec: ContextSpec = Object.freeze({
    kind: 'context' as const,
    parts: Object.freeze([...parts]),
    add: (other: ContextSpec) => addContext(spec, other),
    pipe: (transform: ContextSpec) => pipeContext(spec, transform),
  })
  return spec
}

/** A context spec of one history policy (`C.window`, `C.dedup`, …). @internal */
export function historySpec(stage: HistoryStage): ContextSpec<never, never> {
  return createContextSpec([createHistoryPart([stage])])
}

/** True for a context descriptor made by `C.*`. */
export function isContextSpec(value: unknown): value is ContextSpec {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'context' &&
    Array.isArray((value as { parts?: unknown }).parts)
  )
}

/** The union of two context specs (see {@link ContextSpec.add}). */
export function addContext(spec: ContextSpec, other: ContextSpec): ContextSpec {
  if (!isContextSpec(other)) {
    throwConfigIssue(
      'context_invalid',
      ['C.add()'],
      `expected a context spec made by C.*, got ${typeof other}.`,
      "Pass one such as C.fromState('topic').",
    )
  }
  return createContextSpec([...spec.parts, ...other.parts])
}

/** Applies history policies to a context spec (see {@link ContextSpec.pipe}). */
export function pipeContext(spec: ContextSpec, transform: ContextSpec): ContextSpec {
  const [part, ...extra] = isContextSpec(transform) ? transform.parts : []
  if (!part || extra.length > 0 || part.stages === null) {
    throwConfigIssue(
      'context_invalid',
      ['C.pipe()'],
      `expected one history policy, got ${isContextSpec(transform) ? transform.parts.map((item) => item.call).join(' + ') || 'an empty spec' : typeof transform}.`,
      'Pass one such as C.window(5), C.redact(...), C.dedup() or C.summarize({ model }); combine state and templates with .add() instead.',
    )
  }
  const stages = part.stages
  let piped = false
  const parts = spec.parts.map((item) => {
    if (item.stages === null) return item
    piped = true
    return createHistoryPart([...item.stages, ...stages])
  })
  return createContextSpec(piped ? parts : [...parts, createHistoryPart(stages)])
}
