import { validateAgentName } from '@adk-fluent/core/internal'
import { throwConfigIssue } from './config-issue.js'

/** Checks a name given to `Agent(...)`, `Pipeline(...)` and the other workflow factories. @internal */
export function parseAgentName(name: unknown, factory: string): string {
  const problem = validateAgentName(name)
  if (problem === undefined) return name as string
  throwConfigIssue('agent_name_invalid', [`${factory}(${JSON.stringify(name) ?? String(name)})`], problem)
}
