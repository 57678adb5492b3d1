import type { ReadonlyContext } from '../agents/readonly-context.js'
import { missingArtifactService } from '../artifacts/missing-artifact-service.js'
import { StateError } from '../errors/runtime-errors.js'
import type { Part } from '../models/genai-types.js'
import { parseTemplate, renderStateValue } from './template.js'

/**
 * Resolves `{key}` templates against the context's state (see {@link parseTemplate} for the syntax). A missing
 * required key throws a {@link StateError} naming the key, the agent and the keys that exist; a substituted value
 * is never expanded again.
 */
export async function injectSessionState(template: string, context: ReadonlyContext): Promise<string> {
  const now = injectSessionStateNow(template, context)
  if (now !== undefined) return now
  let result = ''
  for (const token of parseTemplate(template)) {
    if (token.kind === 'text') result += token.text
    else if (token.key.startsWith('artifact.'))
      result += await loadArtifactText(token.key.slice('artifact.'.length), token.optional, context)
    else result += stateText(token.key, token.optional, context)
  }
  return result
}

/**
 * {@link injectSessionState} without awaiting, for a template that reads only state; `undefined` when it reads an
 * artifact (then only the asynchronous form can resolve it).
 * @internal
 */
export function injectSessionStateNow(template: string, context: ReadonlyContext): string | undefined {
  const tokens = parseTemplate(template)
  if (tokens.length === 1 && tokens[0]?.kind === 'text') return tokens[0].text
  let result = ''
  for (const token of tokens) {
    if (token.kind === 'text') result += token.text
    else if (token.key.startsWith('artifact.')) return undefined
    else result += stateText(token.key, token.optional, context)
  }
  return result
}

/** A state value as template text: '' for a missing optional key; a missing required key throws. */
function stateText(key: string, optional: boolean, context: ReadonlyContext): string {
  const value = context.state.get(key)
  if (value !== undefined && value !== null) return renderStateValue(value)
  if (optional) return ''
  throw missingKeyError(key, context)
}

function missingKeyError(key: string, context: ReadonlyContext): StateError {
  const keys = Object.keys(context.state.toRecord()).filter((name) => context.state.get(name) !== undefined)
  const available = keys.length > 0 ? keys.sort().join(', ') : '(none)'
  return new StateError(
    `Context variable not found: \`${key}\`. Agent "${context.agentName}" has {${key}} in its instruction, but state has no "${key}" (keys in state: ${available}). Write it in an earlier step (for example .writes('${key}') upstream or initial state), or make it optional with {${key}?}.`,
    { agentName: context.agentName, invocationId: context.invocationId },
  )
}

async function loadArtifactText(filename: string, optional: boolean, context: ReadonlyContext): Promise<string> {
  const ctx = context.invocationContext
  const service = ctx.artifactService
  if (!service) throw missingArtifactService(context.agentName, `{artifact.${filename}} in its instruction`)
  const part = await service.loadArtifact({
    appName: ctx.appName,
    userId: ctx.userId,
    sessionId: ctx.session.id,
    filename,
  })
  if (!part) {
    if (optional) return ''
    throw new StateError(`Artifact ${filename === '' ? "''" : filename} not found.`, {
      agentName: context.agentName,
      invocationId: context.invocationId,
    })
  }
  return artifactText(part, filename)
}

const textMimeTypes = /^(text\/|application\/(json|xml|yaml|x-yaml|csv|javascript|x-ndjson)\b|[^;]*\+(json|xml)\b)/i

/**
 * An artifact as template text: its text, the decoded bytes of a textual `inlineData` (`text/*`, JSON, XML, YAML,
 * CSV), or a one-line stand-in for binary data (the bytes themselves mean nothing to a model as base64).
 */
function artifactText(part: Part, filename: string): string {
  if (typeof part.text === 'string') return part.text
  const inline = part.inlineData
  if (inline && typeof inline.data === 'string') {
    const mime = inline.mimeType ?? ''
    const bytes = Uint8Array.from(atob(inline.data), (char) => char.charCodeAt(0))
    if (textMimeTypes.test(mime)) return new TextDecoder().decode(bytes)
    return `[artifact ${filename}: ${mime || 'binary data'}, ${bytes.length} bytes]`
  }
  return JSON.stringify(part)
}
