import { describeValue } from '../../parse/describe-value.js'
import { throwConfigIssue } from '../../parse/config-issue.js'
import { createPromptSpec, isPromptSpec, type PromptSpec } from './prompt-spec.js'
import { createTextBlock } from './prompt-block.js'
import type { PromptModelTransform } from './prompt-transform.js'
import { parseStageModel, stageModelName, type StageModel } from '../shared/stage-model.js'

function options(factory: string, value: unknown, example: string): Record<string, unknown> {
  if (value === undefined) return {}
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throwConfigIssue(
      'options_invalid',
      [factory],
      `expected an options object, got ${describeValue(value)}.`,
      `For example ${example}.`,
    )
  }
  return value as Record<string, unknown>
}

function modelTransform(factory: string, call: string, instruction: string, model: StageModel | undefined): PromptSpec {
  const transform: PromptModelTransform = Object.freeze({ kind: 'prompt-model', factory, call, instruction, model })
  return createPromptSpec([], [transform])
}

function modelPart(model: StageModel | undefined): string {
  return model === undefined ? '' : `, model: ${JSON.stringify(stageModelName(model))}`
}

/**
 * Rewrites the rendered prompt, at run time, into a shorter one of at most about `maxTokens` tokens (default 500)
 * that keeps every instruction and constraint; done by `model` (left out, the agent's own), once per invocation for
 * the same text. Attach with `.pipe()`.
 * @example P.role('You are a support agent.').add(P.task('...')).pipe(P.compress({ maxTokens: 200 }))
 */
export function compress(settings?: { readonly maxTokens?: number; readonly model?: StageModel }): PromptSpec {
  const parsed = options('P.compress()', settings, 'P.compress({ maxTokens: 300 })')
  const maxTokens = parsed['maxTokens'] ?? 500
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1) {
    throwConfigIssue(
      'number_invalid',
      ['P.compress()', 'maxTokens'],
      `expected a whole number of at least 1, got ${JSON.stringify(maxTokens) ?? describeValue(maxTokens)}.`,
      'For example P.compress({ maxTokens: 300 }).',
    )
  }
  const model = parseStageModel('P.compress()', parsed['model'])
  return modelTransform(
    'P.compress()',
    `P.compress({ maxTokens: ${maxTokens}${modelPart(model)} })`,
    `Rewrite the system prompt below to at most about ${maxTokens} tokens. Keep every instruction, constraint, format requirement and example meaning; drop repetition and filler. Answer with the rewritten prompt only.`,
    model,
  )
}

/**
 * Rewrites the rendered prompt, at run time, for `audience` (tone, vocabulary, level of detail) without changing
 * what is asked; done by `model` (left out, the agent's own), once per invocation for the same text. Attach with
 * `.pipe()`.
 * @example P.task('Explain the bill.').pipe(P.adapt({ audience: 'a customer with no technical background' }))
 */
export function adapt(settings: { readonly audience: string; readonly model?: StageModel }): PromptSpec {
  const parsed = options('P.adapt()', settings ?? null, "P.adapt({ audience: 'beginners' })")
  const audience = parsed['audience']
  if (typeof audience !== 'string' || audience.trim().length === 0) {
    throwConfigIssue(
      'text_invalid',
      ['P.adapt()', 'audience'],
      `expected a non-empty string, got ${describeValue(audience)}.`,
      "For example P.adapt({ audience: 'beginners' }).",
    )
  }
  const model = parseStageModel('P.adapt()', parsed['model'])
  return modelTransform(
    'P.adapt()',
    `P.adapt({ audience: ${JSON.stringify(audience)}${modelPart(model)} })`,
    `Rewrite the system prompt below so the assistant addresses this audience: ${audience}. Adjust tone, vocabulary and level of detail; keep every instruction and constraint. Answer with the rewritten prompt only.`,
    model,
  )
}

/** The default preamble of `P.scaffolded()`. */
export const defaultPreamble = 'You must follow these instructions carefully. Do not deviate from the specified task.'
/** The default postamble of `P.scaffolded()`. */
export const defaultPostamble = 'Remember: stay on topic, be accurate, and follow all constraints above.'

function parseText(factory: string, name: string, value: unknown, fallback: string): string {
  if (value === undefined) return fallback
  if (typeof value !== 'string')
    throwConfigIssue(
      'text_invalid',
      [factory, name],
      `expected a string, got ${describeValue(value)}.`,
      `For example ${factory.replace('()', `(block, { ${name}: '...' })`)}.`,
    )
  return value
}

function parseBlock(factory: string, block: unknown): PromptSpec {
  if (!isPromptSpec(block))
    throwConfigIssue(
      'prompt_invalid',
      [factory, 'block'],
      `expected a prompt made by P.*, got ${describeValue(block)}.`,
      `For example ${factory.replace('()', "(P.task('Do X.'))")}.`,
    )
  return block
}

/**
 * The prompt wrapped between a preamble (first, no header) and a postamble (last, no header); defaults ask the model
 * to follow the instructions and stay on topic. An empty string leaves that part out.
 * @example P.scaffolded(P.task('Do X.')) // 'You must follow…\n\nTask:\nDo X.\n\nRemember: stay on topic…'
 */
export function scaffolded<TReads extends string = never>(
  block: PromptSpec<TReads>,
  settings?: { readonly preamble?: string; readonly postamble?: string },
): PromptSpec<TReads> {
  const inner = parseBlock('P.scaffolded()', block)
  const parsed = options('P.scaffolded()', settings, "P.scaffolded(P.task('Do X.'), { preamble: '...' })")
  const preamble = parseText('P.scaffolded()', 'preamble', parsed['preamble'], defaultPreamble)
  const postamble = parseText('P.scaffolded()', 'postamble', parsed['postamble'], defaultPostamble)
  const blocks = [
    ...(preamble.length > 0 ? [createTextBlock('scaffold_preamble', preamble)] : []),
    ...inner.blocks,
    ...(postamble.length > 0 ? [createTextBlock('scaffold_postamble', postamble)] : []),
  ]
  return createPromptSpec(blocks, inner.transforms, inner.version)
}

/**
 * The prompt tagged with a version: the tag and the prompt's fingerprint are shown by explain/anatomy views and sent
 * with every model request as the label `adk_prompt_version` (`<tag>-<fingerprint>`), so logs tell which prompt
 * produced an answer.
 * @example P.versioned(P.role('You are a reviewer.').add(P.task('Review.')), { tag: 'v2' })
 */
export function versioned<TReads extends string = never>(
  block: PromptSpec<TReads>,
  settings: { readonly tag: string },
): PromptSpec<TReads> {
  const inner = parseBlock('P.versioned()', block)
  const tag = options('P.versioned()', settings ?? null, "P.versioned(prompt, { tag: 'v2' })")['tag']
  if (typeof tag !== 'string' || !/^[a-z0-9][a-z0-9_.-]{0,40}$/i.test(tag)) {
    throwConfigIssue(
      'text_invalid',
      ['P.versioned()', 'tag'],
      `expected a short tag of letters, digits, '.', '_' or '-', got ${JSON.stringify(tag) ?? describeValue(tag)}.`,
      "For example { tag: 'v2' }.",
    )
  }
  return createPromptSpec(inner.blocks, inner.transforms, tag)
}

/**
 * The fingerprint of a prompt (see `PromptSpec.fingerprint()`): 12 hex digits of SHA-256 over its structure.
 * @example P.fingerprint(prompt) === prompt.fingerprint()
 */
export function fingerprint(prompt: PromptSpec): string {
  return parseBlock('P.fingerprint()', prompt).fingerprint()
}
