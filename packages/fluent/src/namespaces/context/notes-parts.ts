import { type Context } from '@adk-fluent/core'
import { renderStateValue } from '@adk-fluent/core/internal'
import { createPart, type ContextPart } from './context-part.js'
import { toHistoryItem } from './history-item.js'
import { neutralizeContextValue } from './neutralize-context-value.js'
import { formatArgument } from '../shared/format-argument.js'

/** How `C.notes()` lists the notes. */
export type NotesFormat = 'plain' | 'checklist' | 'numbered'

/** How `C.writeNotes()` combines the new note with the scratchpad. */
export type NotesStrategy = 'append' | 'replace' | 'merge' | 'prepend'

/** The state key of scratchpad `key`: `_notes_<key>`. */
export function notesStateKey(key: string): string {
  return `_notes_${key}`
}

function readNotes(value: unknown): string[] {
  if (value === undefined || value === null) return []
  if (Array.isArray(value)) return value.map((note) => (typeof note === 'string' ? note : renderStateValue(note)))
  return String(typeof value === 'string' ? value : renderStateValue(value))
    .split('\n')
    .filter((line) => line.trim().length > 0)
}

const formatters: Readonly<Record<NotesFormat, (note: string, index: number) => string>> = {
  plain: (note) => note,
  checklist: (note) => `- [ ] ${note}`,
  numbered: (note, index) => `${index + 1}. ${note}`,
}

/** `C.notes()`: the scratchpad `_notes_<key>` as `[Notes: key]` and one line per note. @internal */
export function createNotesPart(key: string, format: NotesFormat): ContextPart {
  const stateKey = notesStateKey(key)
  const options = [
    key === 'default' ? '' : `key: ${formatArgument(key)}`,
    format === 'plain' ? '' : `format: '${format}'`,
  ].filter(Boolean)
  return createPart({
    kind: 'context-notes',
    includeContents: 'default',
    call: `C.notes(${options.length > 0 ? `{ ${options.join(', ')} }` : ''})`,
    summary: `scratchpad notes '${key}'`,
    stateKeys: [stateKey],
    // An empty scratchpad renders nothing: absent until the first note.
    optionalKeys: [stateKey],
    stages: null,
    render: async (context) => {
      const notes = readNotes(context.state.get(stateKey))
      return notes.length === 0
        ? ''
        : [
            `[Notes: ${key}]`,
            ...notes.map((note, index) => formatters[format](neutralizeContextValue(note), index)),
          ].join('\n')
    },
  })
}

/** The text of the agent's last reply in this invocation (`undefined` when it has none). */
function lastReply(context: Context): string | undefined {
  const events = context.invocationContext.session.events
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index]
    if (!event || event.invocationId !== context.invocationId) return undefined
    if (event.author !== context.agentName || event.partial) continue
    const item = toHistoryItem(event)
    if (item && !item.toolOnly) return item.text
  }
  return undefined
}

function combine(notes: readonly string[], note: string, strategy: NotesStrategy): string[] {
  if (strategy === 'replace') return [note]
  if (strategy === 'prepend') return [note, ...notes]
  if (strategy === 'merge' && notes.includes(note)) return [...notes]
  return [...notes, note]
}

/**
 * `C.writeNotes()`: after the agent's reply is stored, its text (or the value of `sourceKey`) goes into the scratchpad
 * `_notes_<key>`: appended, prepended, merged (skipped when already there) or replacing the notes.
 * @internal
 */
export function createWriteNotesPart(key: string, strategy: NotesStrategy, sourceKey: string | undefined): ContextPart {
  const stateKey = notesStateKey(key)
  const options = [
    key === 'default' ? '' : `key: ${formatArgument(key)}`,
    strategy === 'append' ? '' : `strategy: '${strategy}'`,
    sourceKey === undefined ? '' : `sourceKey: ${formatArgument(sourceKey)}`,
  ].filter(Boolean)
  return createPart({
    kind: 'context-write-notes',
    includeContents: 'default',
    call: `C.writeNotes(${options.length > 0 ? `{ ${options.join(', ')} }` : ''})`,
    summary: `${strategy}s ${sourceKey === undefined ? 'the reply' : `'${sourceKey}'`} to notes '${key}' after the agent`,
    stateKeys: sourceKey === undefined ? [stateKey] : [stateKey, sourceKey],
    // The scratchpad it adds to starts empty: absent before the first note.
    optionalKeys: [stateKey],
    writes: [stateKey],
    stages: null,
    render: null,
    afterAgent: async (context) => {
      const source = sourceKey === undefined ? lastReply(context) : context.state.get(sourceKey)
      if (source === undefined || source === null || source === '') return
      const note = typeof source === 'string' ? source : renderStateValue(source)
      context.state.set(stateKey, combine(readNotes(context.state.get(stateKey)), note, strategy))
    },
  })
}

/** `C.capture(key)`: before the agent runs, the user's message of this turn goes into `state[key]`. @internal */
export function createCapturePart(key: string): ContextPart {
  return createPart({
    kind: 'context-capture',
    includeContents: 'default',
    call: `C.capture(${formatArgument(key)})`,
    summary: `the user's message captured into '${key}'`,
    stateKeys: [],
    writes: [key],
    stages: null,
    render: null,
    beforeAgent: async (context) => {
      const parts = context.userContent?.parts ?? []
      const text = parts.flatMap((part) => (typeof part.text === 'string' && !part.thought ? [part.text] : [])).join('')
      if (text.length > 0) context.state.set(key, text)
    },
  })
}
