import { throwConfigIssue } from '../../parse/config-issue.js'
import { historySpec, type ContextSpec } from './context-spec.js'
import {
  excludeAgentsStage,
  fromAgentsStage,
  selectStage,
  userOnlyStage,
  type ContextSelection,
} from './filter-stages.js'
import { parseAgentNames, parseChoice } from './parse-context-options.js'

/**
 * Only the user's messages, rendered into the instruction; native history suppressed.
 * @example C.userOnly()
 */
export function userOnly(): ContextSpec<never, never> {
  return historySpec(userOnlyStage())
}

/**
 * The user's messages and those of the named agents.
 * @example C.fromAgents('researcher', 'critic')
 */
export function fromAgents(...names: string[]): ContextSpec<never, never> {
  return historySpec(fromAgentsStage(parseAgentNames('C.fromAgents()', names)))
}

/**
 * Every event except those of the named agents.
 * @example C.excludeAgents('logger')
 */
export function excludeAgents(...names: string[]): ContextSpec<never, never> {
  return historySpec(excludeAgentsStage(parseAgentNames('C.excludeAgents()', names)))
}

/**
 * The events matching every criterion: by author, by type (`message`, `tool-call`, `tool-result`), by tag
 * (`customMetadata.tags` of the event) and/or a predicate over the rendered item.
 * @example C.select({ author: ['user', 'planner'], type: 'message' })
 */
export function select(selection: ContextSelection): ContextSpec<never, never> {
  const author = selection?.author
  const authors = author === undefined ? [] : typeof author === 'string' ? [author] : author
  if (
    !selection ||
    (author === undefined &&
      selection.where === undefined &&
      selection.type === undefined &&
      selection.tag === undefined)
  ) {
    throwConfigIssue(
      'option_missing',
      ['C.select()'],
      'nothing to select by.',
      "Pass { author: 'planner' }, { type: 'message' }, { tag: 'decision' } and/or { where: (item) => boolean }.",
    )
  }
  if (author !== undefined) parseAgentNames('C.select()', authors)
  if (selection.type !== undefined) {
    const types = typeof selection.type === 'string' ? [selection.type] : selection.type
    for (const type of types as unknown[])
      parseChoice('C.select()', 'type', type, ['message', 'tool-call', 'tool-result'] as const)
  }
  if (selection.tag !== undefined) {
    const tags = typeof selection.tag === 'string' ? [selection.tag] : selection.tag
    if (
      !Array.isArray(tags) ||
      tags.length === 0 ||
      tags.some((tag: unknown) => typeof tag !== 'string' || tag.length === 0)
    ) {
      throwConfigIssue(
        'list_invalid',
        ['C.select()', 'tag'],
        'must be a non-empty string or a list of them.',
        "Pass one such as { tag: 'decision' }.",
      )
    }
  }
  if (selection.where !== undefined && typeof selection.where !== 'function') {
    throwConfigIssue(
      'function_invalid',
      ['C.select()', 'where'],
      'must be a function.',
      'Pass { where: (item) => boolean }.',
    )
  }
  return historySpec(selectStage(selection))
}
