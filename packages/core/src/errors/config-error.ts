import { AdkFluentError, type AdkFluentErrorOptions } from './adk-fluent-error.js'

/**
 * One configuration problem: the path of the offending element (in the agent tree, or the factory and option), what is
 * wrong, and how to fix it.
 */
export interface ConfigIssue {
  readonly path: readonly (string | number)[]
  /** What is wrong, naming the value. */
  readonly message: string
  /** How to fix it, usually with an example. */
  readonly hint?: string
}

/**
 * The developer configured something wrong (bad agent name, duplicate sub-agent, invalid builder usage).
 * Thrown at construction or at `build()`; lists every problem found, numbered.
 */
export class ConfigError extends AdkFluentError {
  readonly issues: readonly ConfigIssue[]

  constructor(issues: string | readonly ConfigIssue[], options: AdkFluentErrorOptions = {}) {
    const list: readonly ConfigIssue[] = typeof issues === 'string' ? [{ path: [], message: issues }] : issues
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
