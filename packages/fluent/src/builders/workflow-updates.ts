import type { SingleAgentCallback } from '@adk-fluent/core'
import type { WorkflowFields } from '../ir/workflow-fields.js'
import { throwConfigIssue, type IssuePath } from '../parse/config-issue.js'
import { describeValue } from '../parse/describe-value.js'
import { parseFunction } from '../parse/parse-function.js'

/** The patch of `.describe(text)` (replaces). @internal */
export function describeUpdate(text: unknown, path: IssuePath): Pick<WorkflowFields, 'description'> {
  if (typeof text !== 'string')
    throwConfigIssue('text_invalid', path, `expected a description string, got ${describeValue(text)}.`)
  return { description: text }
}

/** The patch of `.beforeAgent(fn)` / `.afterAgent(fn)` (appends). @internal */
export function agentCallbackUpdate(
  node: WorkflowFields,
  which: 'beforeAgent' | 'afterAgent',
  callback: unknown,
  path: IssuePath,
): Partial<Pick<WorkflowFields, 'beforeAgent' | 'afterAgent'>> {
  const parsed = parseFunction<SingleAgentCallback>(callback, path, 'a callback (context) => Content | undefined')
  return { [which]: Object.freeze([...node[which], parsed]) }
}
