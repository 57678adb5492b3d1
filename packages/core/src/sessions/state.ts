import { StatePrefix } from './state-prefix.js'
import { StateError } from '../errors/runtime-errors.js'
import { assertWritableStateKey, ownRecord } from './reserved-state-key.js'
import { assertStorableValue } from './storable-state.js'
import type { SchemaLike } from '../workflow/schema-like.js'
import { checkStateWrite } from './state-schema.js'

const hasOwn = Object.prototype.hasOwnProperty

/** Options of a {@link State} view. */
export interface StateOptions {
  /** `set`/`update` throw a {@link StateError} (the view of a `ReadonlyContext`). */
  readonly readOnly?: boolean
  /**
   * Declares the keys this view may write and their types (ADK 2.0 `stateSchema`): a write of an undeclared key or a
   * value of the wrong type throws a `StateSchemaError` and changes nothing; prefixed keys are not checked.
   */
  readonly schema?: SchemaLike | undefined
  /** The node the schema is checked for (named in a `StateSchemaError`). */
  readonly schemaOwner?: string | undefined
}

/**
 * A delta-aware view of session state. Reads see the pending delta first, then the invocation's `temp:` values,
 * then the session state; writes go **only** to the delta, which becomes an event's `actions.stateDelta`.
 * So state never changes outside events. Only own keys are state: `get('toString')` on an empty state is
 * `undefined`, and `__proto__`, `constructor` and `prototype` cannot be written (a {@link StateError}), nor a value that is not JSON
 * (`stateValueIssue`: every session service stores state as JSON).
 */
export class State {
  static readonly APP_PREFIX = StatePrefix.APP
  static readonly USER_PREFIX = StatePrefix.USER
  static readonly TEMP_PREFIX = StatePrefix.TEMP

  readonly #value: Readonly<Record<string, unknown>>
  readonly #delta: Record<string, unknown>
  readonly #temp: Readonly<Record<string, unknown>> | undefined
  readonly #readOnly: boolean
  readonly #schema: SchemaLike | undefined
  readonly #schemaOwner: string
  /** The state schema in force for writes through this view, if any. */
  get schema(): SchemaLike | undefined {
    return this.#schema
  }

  constructor(
    value: Readonly<Record<string, unknown>>,
    delta: Record<string, unknown>,
    temp?: Readonly<Record<string, unknown>>,
    options: StateOptions = {},
  ) {
    this.#value = value
    this.#delta = delta
    this.#temp = temp
    this.#readOnly = options.readOnly === true
    this.#schema = options.schema
    this.#schemaOwner = options.schemaOwner ?? ''
  }

  /** The value of `key` (`null` counts as absent), or `defaultValue`. */
  get<T = unknown>(key: string, defaultValue?: T): T | undefined {
    if (hasOwn.call(this.#delta, key)) return (this.#delta[key] ?? defaultValue) as T | undefined
    if (this.#temp && hasOwn.call(this.#temp, key)) return (this.#temp[key] ?? defaultValue) as T | undefined
    if (hasOwn.call(this.#value, key)) return (this.#value[key] ?? defaultValue) as T | undefined
    return defaultValue
  }

  /** Records `key = value` in the pending delta. Throws a {@link StateError} on a read-only view, a reserved key or a value that is not JSON. */
  set(key: string, value: unknown): void {
    this.#assertWritable('state.set()')
    assertWritableStateKey(key, 'state.set()')
    assertStorableValue(key, value, 'state.set()')
    if (this.#schema !== undefined) checkStateWrite(this.#schema, this.#schemaOwner, key, value)
    this.#delta[key] = value
  }

  /** True when `key` has a non-null value. */
  has(key: string): boolean {
    return this.get(key) !== undefined
  }

  /** True when something was written through this view. */
  hasDelta(): boolean {
    return Object.keys(this.#delta).length > 0
  }

  /** Writes every own entry of `values` (all keys are checked before any is written). */
  update(values: Readonly<Record<string, unknown>>): void {
    this.#assertWritable('state.update()')
    const keys = Object.keys(values)
    for (const key of keys) {
      assertWritableStateKey(key, 'state.update()')
      assertStorableValue(key, values[key], 'state.update()')
    }
    if (this.#schema !== undefined) this.validateDelta(values)
    for (const key of keys) this.#delta[key] = values[key]
  }

  /**
   * Checks a whole delta against the schema without writing it (ADK 2.0): for writes that reach the session without
   * passing through this view, such as an event a node emits with its own `stateDelta`.
   */
  validateDelta(delta: Readonly<Record<string, unknown>>): void {
    const schema = this.#schema
    if (schema === undefined) return
    for (const key of Object.keys(delta)) checkStateWrite(schema, this.#schemaOwner, key, delta[key])
  }

  /** The merged state (a record that inherits nothing): session state, then `temp:` values, then the pending delta. */
  toRecord(): Record<string, unknown> {
    return ownRecord(this.#value, this.#temp, this.#delta)
  }

  #assertWritable(method: string): void {
    if (!this.#readOnly) return
    throw new StateError(
      `${method}: this state is read-only (a ReadonlyContext, as given to instruction providers); a write here would be lost. Write state from a callback or tool (its context.state records the write in an event), or return it from a pipeline step.`,
    )
  }
}
