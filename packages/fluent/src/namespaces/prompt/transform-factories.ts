import { throwConfigIssue } from '../../parse/config-issue.js'
import { createPromptSpec, type PromptSpec } from './prompt-spec.js'
import type { PromptSectionTransform } from './prompt-transform.js'
import { parseSectionName } from './section-name.js'

/**
 * Keeps only the named sections (`role`, `context`, `task`, `constraints`, `format`, `examples`, custom names).
 * @example prompt.pipe(P.only('role', 'task'))
 */
export function only(...names: string[]): PromptSpec {
  return sectionTransform('prompt-only', 'P.only()', names)
}

/**
 * Drops the named sections.
 * @example prompt.pipe(P.without('examples'))
 */
export function without(...names: string[]): PromptSpec {
  return sectionTransform('prompt-without', 'P.without()', names)
}

/**
 * Renders the named sections first, in the given order; the others follow in their usual order.
 * @example prompt.pipe(P.reorder('task', 'role'))
 */
export function reorder(...names: string[]): PromptSpec {
  return sectionTransform('prompt-reorder', 'P.reorder()', names)
}

function sectionTransform(kind: PromptSectionTransform['kind'], factory: string, names: readonly string[]): PromptSpec {
  if (names.length === 0) {
    throwConfigIssue(
      'items_missing',
      [factory],
      `no section names given.`,
      `Pass names such as 'task' or 'style_guide'.`,
    )
  }
  const ids = names.map((name) => parseSectionName(factory, name))
  return createPromptSpec([], [Object.freeze({ kind, names: Object.freeze(ids) })])
}
