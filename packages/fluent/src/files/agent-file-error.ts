import { ConfigError, type ConfigIssueInit, type IssueCode } from '@adk-fluent/core'

/** The `code` of every issue of an {@link AgentFileError}. */
export const AGENT_FILE_INVALID_ISSUE: IssueCode = 'agent_file_invalid'

/** One problem in an agent file: where it is (file, 1-based line and column), which field, what is wrong, the fix. */
export interface AgentFileProblem {
  /** The file, as given (relative paths stay relative). */
  readonly file: string
  readonly line: number
  readonly column: number
  /** The field's path inside the file (`['sub_agents', 0, 'config_path']`); empty for the file as a whole. */
  readonly field: readonly (string | number)[]
  readonly message: string
  readonly hint?: string
  /** The issue code: the builder's own when a builder call refused the value (`state_key_invalid`), else `agent_file_invalid`. */
  readonly code?: IssueCode
}

function fieldText(field: readonly (string | number)[]): string {
  return field.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`)).join('')
}

function formatProblem(problem: AgentFileProblem): string {
  const where = `${problem.file}:${problem.line}:${problem.column}`
  const field = problem.field.length > 0 ? ` ${fieldText(problem.field)}:` : ''
  return `${where}:${field} ${problem.message}${problem.hint ? ` ${problem.hint}` : ''}`
}

/**
 * An agent config (YAML) or a skill (`SKILL.md`) that cannot be loaded: every problem found in the file and the
 * files it references, each naming the file, the line and column, and the field (`agents/root.yaml:4:1:
 * instructions: field "instructions" is not part of an LlmAgent config…`). A `ConfigError` (code `CONFIG_INVALID`,
 * each issue's code `agent_file_invalid` unless a builder call gave its own); recognise it with `AgentFileError.isInstance(error)` (or
 * `ConfigError.isInstance(error)`).
 */
export class AgentFileError extends ConfigError {
  readonly problems: readonly AgentFileProblem[]

  constructor(problems: readonly AgentFileProblem[]) {
    const issues: ConfigIssueInit[] = problems.map((problem) => ({
      code: problem.code ?? AGENT_FILE_INVALID_ISSUE,
      path: [`${problem.file}:${problem.line}:${problem.column}`, ...problem.field],
      message: problem.message,
      ...(problem.hint === undefined ? {} : { hint: problem.hint }),
    }))
    super(issues)
    this.problems = Object.freeze(problems.map((problem) => Object.freeze({ ...problem })))
    this.message =
      problems.length === 1
        ? formatProblem(problems[0] as AgentFileProblem)
        : `${problems.length} problems in agent files:\n${problems.map((problem, index) => `${index + 1}. ${formatProblem(problem)}`).join('\n')}`
  }
}
