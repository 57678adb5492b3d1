import { AdkFluentError, type AdkFluentErrorOptions } from './adk-fluent-error.js'

/**
 * One configuration problem: the path of the offending element (in the agent tree, or the factory and option), what is
 * wrong, and how to fix it.
 */
export interface ConfigIssue {
  /**
   * What kind of problem it is, stable across versions and wordings (snake_case): `state_key_invalid`,
   * `state_not_written`, …; `config_invalid` when nothing more specific applies.
   */
  readonly code: string
  readonly path: readonly (string | number)[]
  /** What is wrong, naming the value. */
  readonly message: string
  /** How to fix it, usually with an example. */
  readonly hint?: string
}

/** A {@link ConfigIssue} as code reports it: without a `code`, it gets `config_invalid`. */
export type ConfigIssueInit = Omit<ConfigIssue, 'code'> & { readonly code?: string }

/** The code of an issue nothing more specific describes. */
export const CONFIG_INVALID_ISSUE = 'config_invalid'

/**
 * The developer configured something wrong (bad agent name, duplicate sub-agent, invalid builder usage).
 * Thrown at construction or at `build()`; lists every problem found, numbered.
 */
export class ConfigError extends AdkFluentError {
  readonly issues: readonly ConfigIssue[]

  constructor(issues: string | readonly ConfigIssueInit[], options: AdkFluentErrorOptions = {}) {
    const list: readonly ConfigIssueInit[] = typeof issues === 'string' ? [{ path: [], message: issues }] : issues
    super('CONFIG_INVALID', formatIssues(list), options)
    this.issues = Object.freeze(
      list.map((issue) =>
        Object.freeze({ ...issue, code: issue.code ?? CONFIG_INVALID_ISSUE, path: Object.freeze([...issue.path]) }),
      ),
    )
  }

  static isConfigError(error: unknown): error is ConfigError {
    return AdkFluentError.isInstance(error) && error.code === 'CONFIG_INVALID'
  }
}

function formatIssues(issues: readonly ConfigIssueInit[]): string {
  if (issues.length === 1) {
    return formatIssue(issues[0] as ConfigIssueInit)
  }
  const lines = issues.map((issue, index) => `${index + 1}. ${formatIssue(issue)}`)
  return `${issues.length} configuration problems:\n${lines.join('\n')}`
}

function formatIssue(issue: ConfigIssueInit): string {
  const text = issue.hint ? `${issue.message} ${issue.hint}` : issue.message
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${text}` : text
}
