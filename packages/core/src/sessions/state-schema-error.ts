import { AdkFluentError } from '../errors/adk-fluent-error.js'

/** Why a state write was refused. */
export type StateSchemaViolation = 'undeclared' | 'type'

/**
 * A state write broke the `stateSchema` in force (ADK 2.0 `StateSchemaError`; code `STATE_SCHEMA_INVALID`): the key
 * is not declared, or its value does not match the declared type. The write was refused — the state is unchanged —
 * and the node that wrote it fails. `nodePath`, `key` and `expected` name what broke.
 */
export class StateSchemaError extends AdkFluentError {
  /** The node whose write was refused (its path in the workflow). */
  readonly nodePath: string
  /** The state key written. */
  readonly key: string
  readonly violation: StateSchemaViolation
  /** What the schema expects: the declared keys (`undeclared`) or the parser's complaint (`type`). */
  readonly expected: string
  constructor(options: { nodePath: string; key: string; violation: StateSchemaViolation; expected: string }) {
    const { nodePath, key, violation, expected } = options
    const node = `Node '${nodePath || '(root)'}'`
    super(
      'STATE_SCHEMA_INVALID',
      violation === 'undeclared'
        ? `${node}: key '${key}' is not declared in the state schema. Declared fields: ${expected}. Declare '${key}' in the stateSchema, or use a prefixed key (app:, user:, temp:), which the schema does not check.`
        : `${node}: value for '${key}' does not match the type declared in the state schema: ${expected}.`,
    )
    this.nodePath = nodePath
    this.key = key
    this.violation = violation
    this.expected = expected
  }
}

/** True for a {@link StateSchemaError} (whichever module instance created it), and for ADK's own by its name. */
export function isStateSchemaError(error: unknown): error is StateSchemaError {
  return StateSchemaError.isInstance(error) || (error instanceof Error && error.name === 'StateSchemaError')
}
