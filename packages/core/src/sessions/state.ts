import { StatePrefix } from './state-prefix.js'

/**
 * A delta-aware view of session state. Reads see the pending delta first, then the invocation's `temp:` values,
 * then the session state; writes go **only** to the delta, which becomes an event's `actions.stateDelta`.
 * So state never changes outside events.
 */
export class State {
  static readonly APP_PREFIX = StatePrefix.APP
  static readonly USER_PREFIX = StatePrefix.USER
  static readonly TEMP_PREFIX = StatePrefix.TEMP

  readonly #value: Readonly<Record<string, unknown>>
  readonly #delta: Record<string, unknown>
  readonly #temp: Readonly<Record<string, unknown>> | undefined

  constructor(
    value: Readonly<Record<string, unknown>>,
    delta: Record<string, unknown>,
    temp?: Readonly<Record<string, unknown>>,
  ) {
    this.#value = value
    this.#delta = delta
    this.#temp = temp
  }

  /** The value of `key` (`null` counts as absent), or `defaultValue`. */
  get<T = unknown>(key: string, defaultValue?: T): T | undefined {
    if (key in this.#delta) return (this.#delta[key] ?? defaultValue) as T | undefined
    if (this.#temp && key in this.#temp) return (this.#temp[key] ?? defaultValue) as T | undefined
    return (this.#value[key] ?? defaultValue) as T | undefined
  }

  /** Records `key = value` in the pending delta. */
  set(key: string, value: unknown): void {
    this.#delta[key] = value
  }

  /** True when `key` has a non-null value. */
  has(key: string): boolean {
    return this.get(key) !== undefined
  }

  /** True when something was written through this view. */
  hasDelta(): boolean {
    for (const _ in this.#delta) return true
    return false
  }

  /** Writes every entry of `values`. */
  update(values: Readonly<Record<string, unknown>>): void {
    Object.assign(this.#delta, values)
  }

  /** The merged state: session state, then `temp:` values, then the pending delta. */
  toRecord(): Record<string, unknown> {
    return { ...this.#value, ...this.#temp, ...this.#delta }
  }
}
