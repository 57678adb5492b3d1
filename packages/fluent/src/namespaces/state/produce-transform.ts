import { Immer, enablePatches, type Patch } from 'immer'
import { throwConfigIssue } from '../../parse/config-issue.js'
import { describeValue } from '../../parse/describe-value.js'
import { formatArgument } from '../shared/format-argument.js'
import { createStateTransform, type StateDelta, type StateTransform } from './state-transform.js'

/** A recipe for `S.produce()`: edits a draft of the state in place (push, assign, delete) and returns nothing. */
export type StateRecipe = (draft: Record<string, unknown>) => void

let immer: Immer | undefined

/** One Immer instance of our own: patches on, and no auto-freeze, so values written to state stay ordinary objects. */
function producer(): Immer {
  if (!immer) {
    enablePatches()
    immer = new Immer({ autoFreeze: false })
  }
  return immer
}

/** The delta of a produce: each top-level key a patch touched gets its new value, or `null` when it was deleted. */
function deltaOf(next: Readonly<Record<string, unknown>>, patches: readonly Patch[]): StateDelta {
  const delta: StateDelta = {}
  for (const patch of patches) {
    const key = String(patch.path[0])
    delta[key] = Object.hasOwn(next, key) ? next[key] : null
  }
  return delta
}

const asyncRecipe =
  'the recipe is async (it returned a promise): a draft only records changes made before the recipe returns, so changes after an await would be lost.'
const asyncHint =
  'Keep S.produce synchronous; for async work use S.compute({ key: async (state) => … }) or a function step, then S.produce on its result.'

/**
 * Edits state through an Immer draft: mutate the draft as if it were the state (`draft.items.push(x)`,
 * `draft.count += 1`, `delete draft.tmp`), and the step's event carries only the top-level keys the recipe changed
 * (a deleted key becomes `null`). The state itself is never mutated, so state still changes only through events. The
 * recipe is synchronous: an async recipe is a `ConfigError` (at `S.produce()` for an `async` function, else when it
 * returns a promise); for async work use `S.compute` or a function step.
 * @example S.produce((draft) => { (draft.items as string[]).push('milk') })
 */
export function produce(recipe: StateRecipe): StateTransform {
  if (typeof recipe !== 'function') {
    throwConfigIssue(
      'function_invalid',
      ['S.produce()', 'recipe'],
      `expected a function (draft) => void, got ${describeValue(recipe)}.`,
      'Pass S.produce((draft) => { draft.count = 1 }).',
    )
  }
  if (recipe.constructor.name === 'AsyncFunction' || recipe.constructor.name === 'AsyncGeneratorFunction') {
    throwConfigIssue('transform_invalid', ['S.produce()', 'recipe'], asyncRecipe, asyncHint)
  }
  return createStateTransform({
    name: 'produce',
    description: `S.produce(${formatArgument(recipe)})`,
    reads: null,
    writes: null,
    apply: (state) => {
      const [next, patches] = producer().produceWithPatches(
        state as Record<string, unknown>,
        (draft: Record<string, unknown>) => {
          const result: unknown = recipe(draft)
          if (typeof (result as { then?: unknown } | null)?.then === 'function') {
            // Its rejection would otherwise go unhandled: the recipe's failure is this error.
            ;(result as Promise<unknown>).then(undefined, () => undefined)
            throwConfigIssue('transform_invalid', ['S.produce()', 'recipe'], asyncRecipe, asyncHint)
          }
          if (result !== undefined) {
            throwConfigIssue(
              'transform_invalid',
              ['S.produce()', 'recipe'],
              `the recipe returned ${describeValue(result)}.`,
              'Change the draft in place and return nothing (a returned value would replace the whole state).',
            )
          }
        },
      )
      return deltaOf(next, patches)
    },
  })
}
