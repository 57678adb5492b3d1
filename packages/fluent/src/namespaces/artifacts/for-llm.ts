import { describeValue } from '../../parse/describe-value.js'
import { throwConfigIssue } from '../../parse/config-issue.js'
import type { ReadonlyContext } from '@adk-fluent/core'
import { createContextSpec, type ContextSpec } from '../context/context-spec.js'
import { createPart } from '../context/context-part.js'
import { fromArtifactPart } from './artifact-content.js'
import { neutralizeContextValue } from '../context/neutralize-context-value.js'
import { parseFilename } from './parse-filename.js'
import { formatArgument } from '../shared/format-argument.js'

async function loadText(filename: string, maxChars: number, context: ReadonlyContext): Promise<string> {
  const invocation = context.invocationContext
  const service = invocation.artifactService
  if (!service) return ''
  const part = await service.loadArtifact({
    appName: invocation.appName,
    userId: invocation.userId,
    sessionId: invocation.session.id,
    filename,
  })
  if (!part) return ''
  const value = fromArtifactPart(part)
  const body =
    typeof value === 'string'
      ? value
      : value && typeof value === 'object' && 'mimeType' in value
        ? `(binary ${String(value.mimeType)})`
        : JSON.stringify(value)
  const shown = body.length > maxChars ? `${body.slice(0, maxChars)}…` : body
  return `[artifact: ${filename}]\n${neutralizeContextValue(shown)}`
}

/**
 * A context spec showing the latest version of an artifact in the agent's `<conversation_context>` block as
 * `[artifact: filename]` followed by its text (cut after `maxChars`, default 20 000); nothing when it does not
 * exist. History untouched. Combine with other `C` specs with `.add()`.
 * @example Agent('editor').context(C.window(3).add(A.forLlm('draft.md')))
 */
export function forLlm(filename: string, options: { readonly maxChars?: number } = {}): ContextSpec<never, never> {
  const name = parseFilename('A.forLlm()', filename)
  const maxChars = options.maxChars ?? 20_000
  if (typeof maxChars !== 'number' || !Number.isInteger(maxChars) || maxChars < 1) {
    throwConfigIssue(
      'number_invalid',
      ['A.forLlm()', 'maxChars'],
      `expected a whole number of at least 1, got ${describeValue(maxChars)}.`,
      "For example A.forLlm('draft.md', { maxChars: 4000 }).",
    )
  }
  return createContextSpec([
    createPart({
      kind: 'context-artifact',
      includeContents: 'default',
      call: `A.forLlm(${formatArgument(name)})`,
      summary: `artifact '${name}'`,
      stateKeys: [],
      stages: null,
      render: (context) => loadText(name, maxChars, context),
    }),
  ])
}
