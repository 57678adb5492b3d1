import type { z } from 'zod'

/**
 * The error text a tool returns for arguments its zod schema rejects, one `path: problem` per issue, so the model
 * can call again with corrected arguments: `Invalid arguments for tool 'add': b: Invalid input: expected number,
 * received string. Call the tool again with arguments that match its parameter schema.`
 */
export function invalidArgumentsMessage(toolName: string, issues: readonly z.core.$ZodIssue[]): string {
  const details = issues.map((issue) => `${formatIssuePath(issue.path)}: ${issue.message}`).join('; ')
  return `Invalid arguments for tool '${toolName}': ${details}. Call the tool again with arguments that match its parameter schema.`
}

/** `guests[0].age`; `(arguments)` for the arguments object itself. */
function formatIssuePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(arguments)'
  let result = ''
  for (const key of path) {
    if (typeof key === 'number') result += `[${key}]`
    else result += result ? `.${String(key)}` : String(key)
  }
  return result
}

const invalidResults = new WeakSet<object>()

/**
 * The result a tool returns for arguments its schema rejects (`{ error: invalidArgumentsMessage(…) }`), marked so
 * the flow can count the model's invalid calls against `maxToolRetries`.
 */
export function invalidArgumentsResult(toolName: string, issues: readonly z.core.$ZodIssue[]): { error: string } {
  const result = { error: invalidArgumentsMessage(toolName, issues) }
  invalidResults.add(result)
  return result
}

/** True for a result made by {@link invalidArgumentsResult}. */
export function isInvalidArgumentsResult(value: unknown): boolean {
  return typeof value === 'object' && value !== null && invalidResults.has(value)
}

/** Marks a function-response object as the answer to a call with invalid arguments (the flow counts these). */
export function markInvalidArgumentsResponse(response: object): void {
  invalidResults.add(response)
}
