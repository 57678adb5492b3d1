import { AdkFluentError, type AdkFluentErrorOptions } from './adk-fluent-error.js'
import type { IssueCode } from './issue-codes.js'

export type { IssueCode } from './issue-codes.js'

/**
 * One configuration problem: what kind it is (`code`), the path of the offending element (in the agent tree, or the
 * factory and option), what is wrong, and how to fix it.
 */
export interface ConfigIssue {
  /**
   * What kind of problem it is, stable across versions and wordings (snake_case): `state_key_invalid`,
   * `state_not_written`, `number_invalid`, … — one of {@link IssueCode}, each documented in docs/errors.md.
   */
  readonly code: IssueCode
  readonly path: readonly (string | number)[]
  /** What is wrong, naming the value. */
  readonly message: string
  /** How to fix it, usually with an example. */
  readonly hint?: string
}

/** A {@link ConfigIssue} as code reports it (the same fields: every issue has a code). */
export type ConfigIssueInit = ConfigIssue

/** The code of a `ConfigError` built from a bare message (the deprecated constructor form). */
export const CONFIG_INVALID_ISSUE = 'config_invalid'

/**
 * The developer configured something wrong (bad agent name, duplicate sub-agent, invalid builder usage).
 * Thrown at construction or at `build()`; lists every problem found, numbered.
 */
export class ConfigError extends AdkFluentError {
  readonly issues: readonly ConfigIssue[]

  constructor(issues: readonly ConfigIssue[], options?: AdkFluentErrorOptions)
  /** @deprecated Pass issues (`[{ code, path, message, hint }]`): a bare message gets the code `config_invalid`. */
  constructor(message: string, options?: AdkFluentErrorOptions)
  constructor(issues: string | readonly ConfigIssue[], options: AdkFluentErrorOptions = {}) {
    const list: readonly ConfigIssue[] =
      typeof issues === 'string' ? [{ code: CONFIG_INVALID_ISSUE, path: [], message: issues }] : issues
    super('CONFIG_INVALID', formatIssues(list), options)
    this.issues = Object.freeze(list.map((issue) => Object.freeze({ ...issue, path: Object.freeze([...issue.path]) })))
  }

  static isConfigError(error: unknown): error is ConfigError {
    return AdkFluentError.isInstance(error) && error.code === 'CONFIG_INVALID'
  }
}

function formatIssues(issues: readonly ConfigIssue[]): string {
  if (issues.length === 1) {
    return formatIssue(issues[0] as ConfigIssue)
  }
  const lines = issues.map((issue, index) => `${index + 1}. ${formatIssue(issue)}`)
  return `${issues.length} configuration problems:\n${lines.join('\n')}`
}

function formatIssue(issue: ConfigIssue): string {
  const text = issue.hint ? `${issue.message} ${issue.hint}` : issue.message
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${text}` : text
}
