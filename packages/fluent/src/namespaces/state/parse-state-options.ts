import { parseStateKey } from '../../parse/parse-state-key.js'
import { stateValueIssue } from '@adk-fluent/core/internal'
import { isScopedStateKey } from '../shared/state-key.js'
import { throwConfigIssue } from '../../parse/config-issue.js'

/** Validates a `{ key: value }` record given to `factory`: at least one entry, valid keys, no `undefined` values. @internal */
export function parseStateRecord<T>(factory: string, record: unknown, what: string): Record<string, T> {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    throwConfigIssue(
      'record_invalid',
      [factory],
      `expected an object of ${what}.`,
      `Pass one such as ${factory.replace('()', "({ draft: '' })")}.`,
    )
  }
  const entries = Object.entries(record)
  if (entries.length === 0)
    throwConfigIssue('items_missing', [factory], `the object is empty.`, `Pass at least one ${what.replace(/s$/, '')}.`)
  for (const [key, value] of entries) {
    parseStateKey(key, [factory])
    if (value === undefined)
      throwConfigIssue(
        'state_value_invalid',
        [factory],
        `the value of "${key}" is undefined.`,
        `Use null to remove a key.`,
      )
  }
  return record as Record<string, T>
}

/**
 * Rejects values state cannot hold (a cycle, a `BigInt`, a `Date`, … — see core's `stateValueIssue`): session
 * services store state as JSON, so they would fail or store something else when the step runs. @internal
 */
export function assertStateValues(factory: string, record: Readonly<Record<string, unknown>>): void {
  for (const [key, value] of Object.entries(record)) {
    const issue = stateValueIssue(value)
    if (issue === undefined) continue
    throwConfigIssue(
      'state_value_invalid',
      [factory],
      `the value of "${key}" cannot be stored in state: ${issue}.`,
      'State is stored as JSON: use plain objects, arrays, strings, finite numbers, booleans and null (a Date as an ISO string, a cycle as ids).',
    )
  }
}

/** Rejects `app:`/`user:`/`temp:` keys, which `pick`, `drop` and `rename` never touch. @internal */
export function assertSessionKey(factory: string, key: string): void {
  if (!isScopedStateKey(key)) return
  throwConfigIssue(
    'state_key_scoped',
    [factory],
    `"${key}" is a scoped key; ${factory.slice(0, -2)} only touches session keys (app:, user: and temp: keys are always kept).`,
    `Leave it out, or remove it with S.set({ '${key}': null }).`,
  )
}

/** Validates a function argument of `factory`. @internal */
export function assertFunction(factory: string, value: unknown, what: string): void {
  if (typeof value !== 'function')
    throwConfigIssue(
      'function_invalid',
      [factory],
      `${what} must be a function, got ${value === null ? 'null' : typeof value}.`,
      'Pass a function of the state, such as (state) => state.draft.',
    )
}
