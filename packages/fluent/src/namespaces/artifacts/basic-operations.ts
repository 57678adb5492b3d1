import { parseStateKey } from '../../parse/parse-state-key.js'
import { StateError, type Context } from '@adk-fluent/core'
import { createArtifactOperation, type ArtifactOperation } from './artifact-operation.js'
import { fromArtifactPart, isArtifactPart, toArtifactPart, type ArtifactContent } from './artifact-content.js'
import { parseFilename } from './parse-filename.js'

import { formatArgument } from '../shared/format-argument.js'
import { throwConfigIssue } from '../../parse/config-issue.js'

function stateKeys(context: Context): string {
  const keys = Object.keys(context.state.toRecord())
    .filter((key) => context.state.has(key))
    .sort()
  return keys.length > 0 ? keys.join(', ') : '(none)'
}

async function loadOrThrow(factory: string, filename: string, context: Context): Promise<unknown> {
  const part = await context.loadArtifact(filename)
  if (part) return fromArtifactPart(part)
  const existing = await context.listArtifacts()
  throw new StateError(
    `${factory}: artifact "${filename}" not found (artifacts: ${existing.length > 0 ? existing.join(', ') : '(none)'}). Save it in an earlier step with A.save() or A.publish(), or check the filename.`,
    { agentName: context.agentName, invocationId: context.invocationId },
  )
}

function parseMime(factory: string, mime: unknown): string | undefined {
  if (mime === undefined) return undefined
  if (typeof mime !== 'string' || !/^[\w.+-]+\/[\w.+-]+$/.test(mime)) {
    throwConfigIssue(
      'mime_type_invalid',
      [factory, 'mime'],
      `must be a MIME type, got ${formatArgument(mime)}.`,
      "Pass one such as 'text/markdown'.",
    )
  }
  return mime
}

/**
 * Saves the value of state key `fromKey` as an artifact (text as is, other values as JSON; stored as inline data of
 * type `mime` when one is given). A missing key is a `StateError`.
 * @example A.publish('report.md', { fromKey: 'report', mime: 'text/markdown' })
 */
export function publish(
  filename: string,
  options: { readonly fromKey: string; readonly mime?: string },
): ArtifactOperation<never> {
  const name = parseFilename('A.publish()', filename)
  parseStateKey(options?.fromKey, ['A.publish()'])
  const { fromKey } = options
  const mime = parseMime('A.publish()', options.mime)
  return createArtifactOperation({
    op: 'publish',
    name,
    description: `A.publish(${formatArgument(name)}, { fromKey: ${formatArgument(fromKey)}${mime ? `, mime: ${formatArgument(mime)}` : ''} })`,
    reads: [fromKey],
    writes: [],
    run: async (context) => {
      const value = context.state.get(fromKey)
      if (value === undefined) {
        throw new StateError(
          `A.publish('${name}'): state key "${fromKey}" is missing (keys in state: ${stateKeys(context)}). Write it in an earlier step (for example .writes('${fromKey}')) before publishing.`,
          { agentName: context.agentName, invocationId: context.invocationId },
        )
      }
      await context.saveArtifact(name, toArtifactPart(value, mime))
    },
  })
}

/**
 * Loads the latest version of an artifact into state key `intoKey` (text as a string, see `A.load`). A missing
 * artifact is a `StateError`.
 * @example A.snapshot('report.md', { intoKey: 'report_text' })
 */
export function snapshot<const $Key extends string>(
  filename: string,
  options: { readonly intoKey: $Key },
): ArtifactOperation<$Key> {
  const name = parseFilename('A.snapshot()', filename)
  parseStateKey(options?.intoKey, ['A.snapshot()'])
  const { intoKey } = options
  return createArtifactOperation({
    op: 'snapshot',
    name,
    description: `A.snapshot(${formatArgument(name)}, { intoKey: ${formatArgument(intoKey)} })`,
    reads: [],
    writes: [intoKey],
    run: async (context) => {
      context.state.set(intoKey, await loadOrThrow(`A.snapshot('${name}')`, name, context))
    },
  })
}

/**
 * Saves fixed content as an artifact: text, bytes, a JSON-able value, or a `Part`.
 * @example A.save('notes.txt', 'Reviewed by the team.')
 */
export function save(filename: string, content: ArtifactContent): ArtifactOperation<never> {
  const name = parseFilename('A.save()', filename)
  if (content === undefined || content === null) {
    throwConfigIssue(
      'option_missing',
      ['A.save()'],
      `no content given for "${name}".`,
      `Pass text, bytes, a JSON-able value or a Part such as { text: '...' }.`,
    )
  }
  const part = toArtifactPart(content)
  return createArtifactOperation({
    op: 'save',
    name,
    description: `A.save(${formatArgument(name)}, ${isArtifactPart(content) ? '<part>' : content instanceof Uint8Array ? `<${content.length} bytes>` : formatArgument(content)})`,
    reads: [],
    writes: [],
    run: async (context) => {
      await context.saveArtifact(name, part)
    },
  })
}

/**
 * Loads the latest version of an artifact into state, under the key `filename` unless `intoKey` is given. Text comes
 * back as a string; inline data of a textual type is decoded; other data as `{ mimeType, data }` (base64).
 * @example A.load('notes.txt', { intoKey: 'notes' })
 */
export function load<const $Filename extends string, const $Key extends string = $Filename>(
  filename: $Filename,
  options: { readonly intoKey?: $Key } = {},
): ArtifactOperation<$Key> {
  const name = parseFilename('A.load()', filename)
  if (options.intoKey !== undefined) parseStateKey(options.intoKey, ['A.load()'])
  const intoKey = options.intoKey ?? name
  return createArtifactOperation({
    op: 'load',
    name,
    description:
      options.intoKey === undefined
        ? `A.load(${formatArgument(name)})`
        : `A.load(${formatArgument(name)}, { intoKey: ${formatArgument(intoKey)} })`,
    reads: [],
    writes: [intoKey],
    run: async (context) => {
      context.state.set(intoKey, await loadOrThrow(`A.load('${name}')`, name, context))
    },
  })
}

/**
 * Writes the sorted filenames of the session's (and the user's) artifacts into state key `intoKey`.
 * @example A.list({ intoKey: 'files' })
 */
export function list<const $Key extends string>(options: { readonly intoKey: $Key }): ArtifactOperation<$Key> {
  parseStateKey(options?.intoKey, ['A.list()'])
  const { intoKey } = options
  return createArtifactOperation({
    op: 'list',
    name: intoKey,
    description: `A.list({ intoKey: ${formatArgument(intoKey)} })`,
    reads: [],
    writes: [intoKey],
    run: async (context) => {
      context.state.set(intoKey, await context.listArtifacts())
    },
  })
}

/**
 * Deletes every version of an artifact. Exported as `A.delete()`.
 * @example A.delete('draft.md')
 */
function deleteArtifact(filename: string): ArtifactOperation<never> {
  const name = parseFilename('A.delete()', filename)
  return createArtifactOperation({
    op: 'delete',
    name,
    description: `A.delete(${formatArgument(name)})`,
    reads: [],
    writes: [],
    run: async (context) => {
      await context.deleteArtifact(name)
    },
  })
}

// `delete` is a reserved word, so the function has another local name.
export { deleteArtifact as delete }
