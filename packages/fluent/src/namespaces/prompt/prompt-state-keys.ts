import { templateVariables } from '@adk-fluent/core/internal'
import type { PromptSpec } from './prompt-spec.js'
import { promptSectionOrder, visitBlocks } from './layout-prompt.js'

/**
 * The state keys a prompt reads at run time, for the contract checker. `required`: `{key}` templates outside any
 * `P.when` (a run fails without them). `optional`: `{key?}` templates, `P.fromState` keys, `P.when` state keys and
 * every key read inside a `P.when` block (read only when its condition holds). Sections removed by `P.only` /
 * `P.without` are not counted; `{artifact.name}` references are not state keys and are left out.
 */
export function promptStateKeys(spec: PromptSpec): { required: string[]; optional: string[] } {
  const kept = promptSectionOrder(spec)
  const required = new Set<string>()
  const optional = new Set<string>()
  visitBlocks(
    spec.blocks,
    [],
    (block, conditions) => {
      if (!kept.includes(block.section)) return
      if (block.kind === 'prompt-state') {
        for (const key of block.keys) optional.add(key)
        return
      }
      const variables = templateVariables(block.text)
      for (const key of variables.required) {
        if (key.startsWith('artifact.')) continue
        if (conditions.length > 0) optional.add(key)
        else required.add(key)
      }
      for (const key of variables.optional) if (!key.startsWith('artifact.')) optional.add(key)
    },
    (block) => {
      if (block.condition.kind === 'state-key') optional.add(block.condition.key)
      return true
    },
  )
  for (const key of required) optional.delete(key)
  return { required: [...required], optional: [...optional] }
}
