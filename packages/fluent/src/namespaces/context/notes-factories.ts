import { parseStateKey } from '../../parse/parse-state-key.js'
import { createContextSpec, type ContextSpec } from './context-spec.js'
import {
  createCapturePart,
  createNotesPart,
  createWriteNotesPart,
  type NotesFormat,
  type NotesStrategy,
} from './notes-parts.js'
import { parseChoice, parseKeyName, parseOptionsObject } from './parse-context-options.js'

/**
 * The scratchpad `key` (default `default`, state key `_notes_<key>`) as `[Notes: key]` followed by one line per note,
 * `plain`, as a `checklist` (`- [ ] note`) or `numbered`. History untouched.
 * @example C.notes({ key: 'todo', format: 'checklist' })
 */
export function notes(options?: { readonly key?: string; readonly format?: NotesFormat }): ContextSpec<never, never> {
  const parsed = parseOptionsObject('C.notes()', options, "C.notes({ key: 'todo' })")
  const key = parseKeyName('C.notes()', 'key', parsed['key'], 'default')
  return createContextSpec([
    createNotesPart(
      key,
      parseChoice('C.notes()', 'format', parsed['format'], ['plain', 'checklist', 'numbered'] as const),
    ),
  ])
}

/**
 * After the agent's reply is stored, writes it (or the value of `sourceKey`) to the scratchpad `key`: `append`
 * (default), `prepend`, `merge` (skipped when already there) or `replace`. Read it back with `C.notes()`.
 * @example Agent('planner').context(C.notes({ key: 'plan' }).add(C.writeNotes({ key: 'plan' })))
 */
export function writeNotes<const $Key extends string = 'default'>(options?: {
  readonly key?: $Key
  readonly strategy?: NotesStrategy
  readonly sourceKey?: string
}): ContextSpec<never, `_notes_${$Key}`> {
  const parsed = parseOptionsObject('C.writeNotes()', options, "C.writeNotes({ key: 'plan' })")
  const key = parseKeyName('C.writeNotes()', 'key', parsed['key'], 'default')
  const strategy = parseChoice('C.writeNotes()', 'strategy', parsed['strategy'], [
    'append',
    'replace',
    'merge',
    'prepend',
  ] as const)
  const sourceKey = parsed['sourceKey']
  if (sourceKey !== undefined) parseStateKey(sourceKey, ['C.writeNotes()'])
  return createContextSpec([createWriteNotesPart(key, strategy, sourceKey as string | undefined)])
}

/**
 * Before the agent runs, writes the user's message of this turn into `state[key]` (so `{key}` templates and later
 * steps can use it). History untouched.
 * @example Agent('router').context(C.capture('request')).instruct('Route this request: {request}')
 */
export function capture<const $Key extends string>(key: $Key): ContextSpec<never, $Key> {
  parseStateKey(key, ['C.capture()'])
  return createContextSpec([createCapturePart(key)])
}
