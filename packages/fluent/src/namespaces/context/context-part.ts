import { injectSessionState, type Context, type IncludeContents, type ReadonlyContext } from '@adk-fluent/core'
import { renderStateValue } from '@adk-fluent/core/internal'
import type { HistoryItem } from './history-item.js'
import type { HistoryStage } from './history-stage.js'
import { renderHistory } from './backward-history.js'
import { formatArgument, formatArguments } from '../shared/format-argument.js'
import { neutralizeContextValue } from './neutralize-context-value.js'

/** Per-compilation cache of model-powered stages. @internal */
export type HistoryMemo = Map<HistoryStage, { readonly key: string; readonly items: readonly HistoryItem[] }>

/**
 * Renders one part's share of the `<conversation_context>` block (`''` when it has nothing to show). The memo's type
 * is spelled out: `HistoryMemo` is internal, so published declaration files do not have it.
 */
export type ContextRender = (
  context: ReadonlyContext,
  memo: Map<HistoryStage, { readonly key: string; readonly items: readonly HistoryItem[] }>,
) => Promise<string>

/** Work a part does around the agent's run (`C.capture` before it, `C.writeNotes` after it), writing state. */
export type ContextHook = (context: Context) => Promise<void>

/**
 * One part of a context spec: how it sets `includeContents` and what it renders. Shared code reads these
 * structural fields only; it never branches on `kind`.
 */
export interface ContextPart {
  readonly kind:
    | 'context-none'
    | 'context-current-turn'
    | 'context-default'
    | 'context-state'
    | 'context-template'
    | 'context-history'
    | 'context-notes'
    | 'context-write-notes'
    | 'context-capture'
    | 'context-artifact'
  /**
   * `'isolated'` suppresses the model's native history (the context-isolation rule: the user's message of the turn
   * and the agent's own calls only); `'none'` keeps ADK's current turn (`C.currentTurn()`); `'default'` is neutral.
   */
  readonly includeContents: IncludeContents
  /** The factory call as written (`C.fromState('query')`). */
  readonly call: string
  /** What it does, in words (`state keys only`). */
  readonly summary: string
  /** State keys it reads. */
  readonly stateKeys: readonly string[]
  /**
   * Those of `stateKeys` whose absence is planned for (`{key?}` of `C.template`, the scratchpad of `C.notes` and
   * `C.writeNotes`, empty before the first note): optional reads for the contract checker.
   */
  readonly optionalKeys: readonly string[]
  /** The history policies of a history part, in order; `null` for other parts. `.pipe()` appends to them. */
  readonly stages: readonly HistoryStage[] | null
  /** Its renderer, or `null` when it renders nothing. */
  readonly render: ContextRender | null
  /** State keys it writes (`C.writeNotes`, `C.capture`), for the contract checker. */
  readonly writes: readonly string[]
  /** Runs before the agent (its state writes land in an event before the agent's first model call). */
  readonly beforeAgent: ContextHook | null
  /** Runs after the agent's reply is stored. */
  readonly afterAgent: ContextHook | null
  /** Render order inside the context block: lower tiers first (`C.priority`); 2 by default. */
  readonly tier: number
  /** True when rendering calls a model (`C.summarize`, `C.extract`, …). */
  readonly usesModel: boolean
}

/** The fields a part may leave out. */
type PartInit = Omit<ContextPart, 'writes' | 'optionalKeys' | 'beforeAgent' | 'afterAgent' | 'tier' | 'usesModel'> &
  Partial<ContextPart>

/** Creates a frozen part (defaults: writes nothing, no hooks, tier 2, no model). @internal */
export function createPart(part: PartInit): ContextPart {
  return Object.freeze({
    beforeAgent: null,
    afterAgent: null,
    tier: 2,
    usesModel: part.stages?.some((stage) => stage.usesModel === true) ?? false,
    ...part,
    stateKeys: Object.freeze([...part.stateKeys]),
    optionalKeys: Object.freeze([...(part.optionalKeys ?? [])]),
    writes: Object.freeze([...(part.writes ?? [])]),
  } as ContextPart)
}

/** `C.none()`: no history (no earlier agent's reply either), nothing rendered. @internal */
export function createNonePart(): ContextPart {
  return createPart({
    kind: 'context-none',
    includeContents: 'isolated',
    call: 'C.none()',
    summary: 'history suppressed',
    stateKeys: [],
    stages: null,
    render: null,
  })
}

/** `C.currentTurn()`: ADK's `includeContents: 'none'`, nothing rendered. @internal */
export function createCurrentTurnPart(): ContextPart {
  return createPart({
    kind: 'context-current-turn',
    includeContents: 'none',
    call: 'C.currentTurn()',
    summary: "current turn only (ADK includeContents: 'none')",
    stateKeys: [],
    stages: null,
    render: null,
  })
}

/** `C.default()`: the model's native history, nothing rendered. @internal */
export function createDefaultPart(): ContextPart {
  return createPart({
    kind: 'context-default',
    includeContents: 'default',
    call: 'C.default()',
    summary: 'full history',
    stateKeys: [],
    stages: null,
    render: null,
  })
}

/** `C.fromState()`: `[key]: value` lines for the present keys, values neutralised ({@link neutralizeContextValue}). @internal */
export function createStatePart(keys: readonly string[]): ContextPart {
  const frozenKeys = Object.freeze([...keys])
  return createPart({
    kind: 'context-state',
    includeContents: 'default',
    call: `C.fromState(${formatArguments(frozenKeys)})`,
    summary: 'state keys only',
    stateKeys: frozenKeys,
    stages: null,
    render: async (context) => {
      const lines: string[] = []
      for (const key of frozenKeys) {
        const value = context.state.get(key)
        if (value !== undefined && value !== null)
          lines.push(`[${key}]: ${neutralizeContextValue(renderStateValue(value))}`)
      }
      return lines.join('\n')
    },
  })
}

/** `C.template()`: the text with `{key}` / `{key?}` resolved by core's template engine. @internal */
export function createTemplatePart(
  text: string,
  stateKeys: readonly string[],
  optionalKeys: readonly string[] = [],
): ContextPart {
  return createPart({
    kind: 'context-template',
    includeContents: 'default',
    call: `C.template(${formatArgument(text)})`,
    summary: 'template from state',
    stateKeys,
    optionalKeys,
    stages: null,
    render: (context) => injectSessionState(text, context),
  })
}

/** A history part: the session's events through the stages, rendered as `[author]: text` lines. @internal */
export function createHistoryPart(stages: readonly HistoryStage[]): ContextPart {
  const frozenStages = Object.freeze([...stages])
  const [first, ...rest] = frozenStages
  return createPart({
    kind: 'context-history',
    includeContents: 'isolated',
    call: `${first?.call ?? 'C.default()'}${rest.map((stage) => `.pipe(${stage.call})`).join('')}`,
    summary: frozenStages.map((stage) => stage.summary).join(', '),
    stateKeys: [...new Set(frozenStages.flatMap((stage) => stage.stateKeys))],
    stages: frozenStages,
    render: (context, memo) => renderHistory(frozenStages, context, memo),
  })
}
