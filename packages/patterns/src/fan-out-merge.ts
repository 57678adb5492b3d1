import { FanOut, S, type FanOutBuilder, type NodeHolder, type PipelineBuilder } from '@adk-fluent/fluent'
import { nodeOutputKey } from '@adk-fluent/fluent/internal'
import { addEach } from './add-each.js'
import { checkAtLeastTwo, checkBuilder, checkOptionsObject, checkStateKey, throwConfigIssue } from './check-options.js'

/** Options of {@link fanOutMerge}. */
export interface FanOutMergeOptions {
  /** The branches, run concurrently; each stores its answer with `.writes(key)` (distinct keys). At least two. */
  readonly branches: readonly NodeHolder[]
  /** Where the merged answers go (required). */
  readonly mergeKey: string
  /** Combines the branches' values (in branch order, absent ones left out); default: joined with a line break. */
  readonly fn?: (values: unknown[]) => unknown
  /** The fan-out's agent name (default `<a>_and_<b>_and_…`). */
  readonly name?: string
}

const shape = "{ branches: [Agent('web').writes('web'), Agent('papers').writes('papers')], mergeKey: 'findings' }"

/**
 * Runs the branches concurrently, then merges what they wrote into `state[mergeKey]` with `S.merge` (text joined
 * by line breaks, objects as JSON, or `fn(values)`). Every branch must write its answer to its own key — one that
 * does not is a `ConfigError`, since its work could never be merged. A pipeline of the fan-out and the merge step.
 * @example
 * const research = fanOutMerge({
 *   branches: [Agent('web').instruct('Search the web for {topic}.').writes('web'), Agent('papers').instruct('Find papers on {topic}.').writes('papers')],
 *   mergeKey: 'findings',
 * })
 */
export function fanOutMerge(options: FanOutMergeOptions): PipelineBuilder {
  const checked = checkOptionsObject('fanOutMerge', options, shape)
  const example = "[Agent('web').writes('web'), Agent('papers').writes('papers')]"
  const branches = checkAtLeastTwo(
    ['fanOutMerge', 'branches'],
    checked.branches,
    'branches',
    `branches: ${example}`,
  ).map((branch, index) => checkBuilder(['fanOutMerge', 'branches', index], branch, "Agent('web').writes('web')"))
  const mergeKey = checkStateKey(['fanOutMerge', 'mergeKey'], checked.mergeKey, 'findings')
  if (checked.fn !== undefined && typeof checked.fn !== 'function') {
    throwConfigIssue(
      'function_invalid',
      ['fanOutMerge', 'fn'],
      'must be a function (values) => merged value.',
      'Leave it out to join the values with line breaks.',
    )
  }
  const keys = branches.map((branch, index) => branchKey(branch, index, mergeKey))
  keys.forEach((key, index) => {
    const first = keys.indexOf(key)
    if (first !== index) {
      throwConfigIssue(
        'state_key_clash',
        ['fanOutMerge', 'branches', index],
        `writes "${key}" like branch ${first}, so one answer would overwrite the other.`,
        `Give each branch its own .writes() key.`,
      )
    }
  })
  const name = checked.name ?? branches.map((branch) => branch.node.name).join('_and_')
  const fanOut = addEach('fanOutMerge', 'branches', FanOut(name), branches, (builder: FanOutBuilder, branch) =>
    builder.branch(branch),
  )
  return fanOut.then(S.merge(keys, checked.fn === undefined ? { into: mergeKey } : { into: mergeKey, fn: checked.fn }))
}

function branchKey(branch: NodeHolder, index: number, mergeKey: string): string {
  const key = nodeOutputKey(branch.node)
  if (key === undefined) {
    throwConfigIssue(
      'output_key_missing',
      ['fanOutMerge', 'branches', index],
      `"${branch.node.name}" writes no state key, so its answer could not be merged.`,
      `Add .writes('${branch.node.name}') to it.`,
    )
  }
  if (key === mergeKey) {
    throwConfigIssue(
      'state_key_clash',
      ['fanOutMerge', 'mergeKey'],
      `"${mergeKey}" is also written by branch ${index} ("${branch.node.name}").`,
      "Merge into another key, for example mergeKey: 'merged'.",
    )
  }
  return key
}
