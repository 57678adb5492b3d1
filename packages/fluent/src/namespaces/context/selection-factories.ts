import { describeValue } from '../../parse/describe-value.js'
import { throwConfigIssue } from '../../parse/config-issue.js'
import { createContextSpec, historySpec, type ContextSpec } from './context-spec.js'
import { createPart } from './context-part.js'
import {
  freshStage,
  fromAgentsWindowedStage,
  projectStage,
  recentStage,
  userStage,
  type StaleAction,
  type UserStrategy,
} from './select-stages.js'
import { parseChoice, parseCount, parseOptionsObject, parsePositiveNumber } from './parse-context-options.js'

/**
 * Recency-weighted history: the event `age` events from the newest weighs `0.5 ** (age / halfLife)`, and events are
 * kept while their weight is at least `minWeight` (defaults: `halfLife` 10, `minWeight` 0.1, so the newest 34).
 * @example C.recent({ halfLife: 4, minWeight: 0.25 })
 */
export function recent(options?: {
  readonly halfLife?: number
  readonly minWeight?: number
}): ContextSpec<never, never> {
  const parsed = parseOptionsObject('C.recent()', options, 'C.recent({ halfLife: 10 })')
  const halfLife = parsePositiveNumber('C.recent()', 'halfLife', parsed['halfLife'], 10, 'C.recent({ halfLife: 10 })')
  const minWeight = parsePositiveNumber(
    'C.recent()',
    'minWeight',
    parsed['minWeight'],
    0.1,
    'C.recent({ minWeight: 0.1 })',
  )
  if (minWeight > 1)
    throwConfigIssue(
      'number_invalid',
      ['C.recent()', 'minWeight'],
      `expected a weight between 0 and 1, got ${minWeight}.`,
      'For example C.recent({ minWeight: 0.1 }).',
    )
  return historySpec(recentStage(halfLife, minWeight))
}

/**
 * Only events younger than `maxAge` seconds when the instruction is rendered; `staleAction: 'mark'` keeps older
 * ones prefixed with `[stale]` instead.
 * @example C.fresh({ maxAge: 3600 })
 */
export function fresh(options?: {
  readonly maxAge?: number
  readonly staleAction?: StaleAction
}): ContextSpec<never, never> {
  const parsed = parseOptionsObject('C.fresh()', options, 'C.fresh({ maxAge: 3600 })')
  const maxAge = parsePositiveNumber('C.fresh()', 'maxAge', parsed['maxAge'], 3600, 'C.fresh({ maxAge: 3600 })')
  return historySpec(
    freshStage(maxAge, parseChoice('C.fresh()', 'staleAction', parsed['staleAction'], ['drop', 'mark'] as const)),
  )
}

/**
 * The user's messages: `all` (default), the `first`, the `last`, or the first and last (`bookend`).
 * @example C.user({ strategy: 'bookend' })
 */
export function user(options?: { readonly strategy?: UserStrategy }): ContextSpec<never, never> {
  const parsed = parseOptionsObject('C.user()', options, "C.user({ strategy: 'last' })")
  return historySpec(
    userStage(parseChoice('C.user()', 'strategy', parsed['strategy'], ['all', 'first', 'last', 'bookend'] as const)),
  )
}

/**
 * The user's messages plus, per named agent, its last `n` events.
 * @example C.fromAgentsWindowed({ researcher: 2, critic: 1 })
 */
export function fromAgentsWindowed(windows: Readonly<Record<string, number>>): ContextSpec<never, never> {
  if (typeof windows !== 'object' || windows === null || Array.isArray(windows) || Object.keys(windows).length === 0) {
    throwConfigIssue(
      'record_invalid',
      ['C.fromAgentsWindowed()'],
      `expected { agentName: count }, got ${describeValue(windows)}.`,
      'For example C.fromAgentsWindowed({ researcher: 2 }).',
    )
  }
  const parsed: Record<string, number> = {}
  for (const [name, count] of Object.entries(windows)) {
    parsed[name] = parseCount('C.fromAgentsWindowed()', name, count, 1, `C.fromAgentsWindowed({ ${name}: 2 })`)
  }
  return historySpec(fromAgentsWindowedStage(parsed))
}

/**
 * Events whose text is a JSON object show only the named fields (others are unchanged).
 * @example C.fromAgents('classifier').pipe(C.project('intent', 'confidence'))
 */
export function project(...fields: string[]): ContextSpec<never, never> {
  if (fields.length === 0)
    throwConfigIssue(
      'items_missing',
      ['C.project()'],
      'no fields given.',
      "Pass field names, for example C.project('intent').",
    )
  fields.forEach((field, index) => {
    if (typeof field !== 'string' || field.length === 0)
      throwConfigIssue(
        'list_invalid',
        ['C.project()', index],
        `expected a field name, got ${describeValue(field)}.`,
        "For example C.project('intent').",
      )
  })
  return historySpec(projectStage(fields))
}

/**
 * The parts of `spec` rendered at priority `tier`: in the context block, lower tiers render first (default tier 2;
 * equal tiers keep their order). History handling is unchanged.
 * @example C.priority(3, C.window(5)).add(C.priority(1, C.fromState('goal')))
 */
export function priority<TReads extends string = never, TWrites extends string = string>(
  tier: number,
  spec: ContextSpec<TReads, TWrites>,
): ContextSpec<TReads, TWrites> {
  if (typeof tier !== 'number' || !Number.isInteger(tier) || tier < 0) {
    throwConfigIssue(
      'number_invalid',
      ['C.priority()', 'tier'],
      `expected a whole number of at least 0, got ${JSON.stringify(tier) ?? describeValue(tier)}.`,
      "For example C.priority(1, C.fromState('goal')).",
    )
  }
  if (typeof spec !== 'object' || spec === null || (spec as { kind?: unknown }).kind !== 'context') {
    throwConfigIssue(
      'context_invalid',
      ['C.priority()', 'spec'],
      `expected a context spec made by C.*, got ${describeValue(spec)}.`,
      "For example C.priority(1, C.fromState('goal')).",
    )
  }
  return createContextSpec(
    spec.parts.map((part) => createPart({ ...part, tier, call: `C.priority(${tier}, ${part.call})` })),
  )
}
