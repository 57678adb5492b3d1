import { isContextSpec } from '../namespaces/context/compile-context.js'
import { isPromptSpec } from '../namespaces/prompt/compile-prompt.js'
import type { AgentInstruction } from '../ir/agent-node.js'
import { throwConfigIssue } from './config-issue.js'
import { describeValue } from './describe-value.js'

/** Checks `.instruct()`'s argument: a string, a `P` prompt or a function (a `C` spec belongs in `.context()`). @internal */
export function parseInstruction(value: unknown, path: readonly (string | number)[]): AgentInstruction {
  if (typeof value === 'string' || typeof value === 'function' || isPromptSpec(value)) return value as AgentInstruction
  if (isContextSpec(value)) {
    throwConfigIssue(
      'instruction_invalid',
      path,
      'got a C context spec, which says what the agent sees, not what it should do. Did you mean .context(...)?',
    )
  }
  throwConfigIssue(
    'instruction_invalid',
    path,
    `expected a string, a P prompt or a function (context) => string, got ${describeValue(value)}.`,
  )
}
