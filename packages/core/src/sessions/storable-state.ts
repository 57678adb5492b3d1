import { StateError } from '../errors/runtime-errors.js'
import { assertWritableStateKey } from './reserved-state-key.js'

/** How deep a state value may nest: deeper values cannot be serialised (`JSON.stringify` overflows the stack). */
export const MAX_STATE_DEPTH = 512

const lone = /[\uD800-\uDFFF]/u

/** True when `text` is well-formed UTF-16 (no lone surrogate): it survives a round trip through UTF-8. */
export function isWellFormedText(text: string): boolean {
  return !lone.test(text)
}

/**
 * Why `value` cannot be stored in session state, or `undefined` when it can. State is stored as JSON by every session
 * service, so a state value must be JSON and come back equal: `null`, a boolean, a finite number, a well-formed
 * string, an array (no holes, no `undefined`) or a plain object of those, nested at most {@link MAX_STATE_DEPTH}
 * levels, without cycles. An object property that is `undefined` is allowed (it is absent, as in JSON). Refused:
 * `BigInt`, functions, symbols, `NaN`, `±Infinity`, `Date`, `Map`, `Set`, class instances and strings with lone
 * surrogates — JSON would turn each into something else (or fail), so the store would hold another value than the one
 * written. The answer names where in the value the problem is (`.a.b[2]`).
 */
export function stateValueIssue(value: unknown): string | undefined {
  return new Walker().issue(value, '', 0)
}

/**
 * Throws a {@link StateError} when `state` (a session's initial state or an event's state delta) has a key that is
 * not a string or is reserved (code `STATE_KEY_INVALID`), or a value {@link stateValueIssue} refuses (code
 * `STATE_VALUE_INVALID`). Every session service runs it before it writes anything, so what a store holds is always
 * what was written. Only own keys are checked (inherited ones are never state).
 */
export function assertStorableState(state: Readonly<Record<string, unknown>>, where: string): void {
  for (const key in state) {
    if (!Object.prototype.hasOwnProperty.call(state, key)) continue
    assertWritableStateKey(key, where)
    assertStorableValue(key, state[key], where)
  }
}

/** Throws a {@link StateError} (code `STATE_VALUE_INVALID`) naming `key` when {@link stateValueIssue} refuses `value`. */
export function assertStorableValue(key: string, value: unknown, where: string): void {
  // The common values first, without a walker.
  if (value === undefined || value === null || typeof value === 'boolean') return
  if (typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' && !lone.test(value)) return
  const issue = stateValueIssue(value)
  if (issue === undefined) return
  throw new StateError(
    `${where}: the value of state key ${JSON.stringify(key)} cannot be stored: ${issue}. State is stored as JSON; convert the value first (a Date to an ISO string, a BigInt to a string or number, a Map to an object, a cycle to ids).`,
    { code: 'STATE_VALUE_INVALID' },
  )
}

/**
 * One check of one value. Objects already checked are remembered with the height of their subtree, so a value shared
 * by many branches is walked once (a checked object cannot lead back to an object above it: that would have been a
 * cycle inside it). Recursion is bounded by {@link MAX_STATE_DEPTH}.
 */
class Walker {
  readonly #open = new Set<object>()
  readonly #heights = new WeakMap<object, number>()
  #height = 0

  issue(value: unknown, path: string, depth: number): string | undefined {
    this.#height = 0
    switch (typeof value) {
      case 'string':
        return lone.test(value) ? `${where(path)}a string with a lone surrogate (not well-formed UTF-16)` : undefined
      case 'number':
        return Number.isFinite(value) ? undefined : `${where(path)}${String(value)} (JSON has no such number)`
      case 'boolean':
        return undefined
      case 'bigint':
        return `${where(path)}a BigInt (${String(value)}n)`
      case 'function':
        return `${where(path)}a function`
      case 'symbol':
        return `${where(path)}a symbol`
      case 'undefined':
        return `${where(path)}undefined`
    }
    if (value === null) return undefined
    const object = value as object
    const known = this.#heights.get(object)
    if (known !== undefined) {
      if (depth + known > MAX_STATE_DEPTH) return `${where(path)}nested more than ${MAX_STATE_DEPTH} levels deep`
      this.#height = known
      return undefined
    }
    if (this.#open.has(object)) return `${where(path)}a cycle (the value contains itself)`
    if (depth >= MAX_STATE_DEPTH) return `${where(path)}nested more than ${MAX_STATE_DEPTH} levels deep`
    const issue = Array.isArray(object) ? this.#array(object, path, depth) : this.#object(object, path, depth)
    if (issue === undefined) this.#heights.set(object, this.#height)
    return issue
  }

  #array(array: readonly unknown[], path: string, depth: number): string | undefined {
    this.#open.add(array)
    let height = 0
    for (let index = 0; index < array.length; index++) {
      const at = `${path}[${index}]`
      if (!(index in array)) return `${where(at)}a hole in an array`
      const issue = this.issue(array[index], at, depth + 1)
      if (issue !== undefined) return issue
      height = Math.max(height, this.#height)
    }
    this.#open.delete(array)
    this.#height = height + 1
    return undefined
  }

  #object(object: object, path: string, depth: number): string | undefined {
    const proto = Object.getPrototypeOf(object) as object | null
    if (proto !== Object.prototype && proto !== null) {
      const name = (object.constructor as { name?: unknown } | undefined)?.name
      return `${where(path)}${typeof name === 'string' && name ? `a ${name}` : 'an object with a prototype'} (only plain objects are JSON)`
    }
    this.#open.add(object)
    let height = 0
    for (const key of Object.keys(object)) {
      const at = `${path}${/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`}`
      if (lone.test(key)) return `${where(at)}a key with a lone surrogate (not well-formed UTF-16)`
      const item = (object as Record<string, unknown>)[key]
      if (item === undefined) continue
      const issue = this.issue(item, at, depth + 1)
      if (issue !== undefined) return issue
      height = Math.max(height, this.#height)
    }
    this.#open.delete(object)
    this.#height = height + 1
    return undefined
  }
}

function where(path: string): string {
  return path ? `at ${path}: ` : ''
}
