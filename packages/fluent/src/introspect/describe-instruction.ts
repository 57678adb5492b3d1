import { templateVariables } from '@adk-fluent/core/internal'
import type { AgentInstruction } from '../ir/agent-node.js'
import { describePrompt, isPromptSpec, promptStateKeys } from '../namespaces/prompt/compile-prompt.js'

/** An instruction as written, for the views: its text (`{key}` left as written) and the state keys it reads. */
export interface InstructionSummary {
  /** The symbolic text; `undefined` when no instruction is set. */
  readonly text: string | undefined
  /** Keys a run fails without (`{key}`) and keys that may be absent (`{key?}`, `P.when`, `P.fromState`). */
  readonly variables: { readonly required: readonly string[]; readonly optional: readonly string[] }
}

const noVariables = Object.freeze({ required: Object.freeze([]), optional: Object.freeze([]) })

/** The symbolic text and the template variables of an instruction (artifact references are not state keys). */
export function describeInstruction(instruction: AgentInstruction | undefined): InstructionSummary {
  if (instruction === undefined) return { text: undefined, variables: noVariables }
  if (typeof instruction === 'function') {
    return { text: `<function ${instruction.name || 'instruction'} — evaluated at run time>`, variables: noVariables }
  }
  const stateKey = (key: string) => !key.startsWith('artifact.')
  if (isPromptSpec(instruction)) {
    const { required, optional } = promptStateKeys(instruction)
    return { text: describePrompt(instruction), variables: { required, optional } }
  }
  const { required, optional } = templateVariables(instruction)
  return { text: instruction, variables: { required: required.filter(stateKey), optional: optional.filter(stateKey) } }
}

/** `{a}, {b?}` for the variables of an instruction; `''` when there are none. */
export function formatVariables(variables: InstructionSummary['variables']): string {
  return [...variables.required.map((key) => `{${key}}`), ...variables.optional.map((key) => `{${key}?}`)].join(', ')
}
