import { zodToSchema } from '@adk-fluent/core/internal'
import type { z } from 'zod'
import type { HistoryItem } from './history-item.js'
import { createCollectStage, type HistoryStage } from './history-stage.js'
import { callOptions, madeItem, transcript } from './model-stages.js'
import { contextModelName, modelArgument, type ContextModel } from './context-model.js'
import { callStageModel, failStage, stageModelName } from '../shared/stage-model.js'
import { neutralizeContextValue } from './neutralize-context-value.js'
import { formatArgument, formatArguments } from '../shared/format-argument.js'

/** What `C.extract()` extracts: the fields of a zod object schema, or field names. */
export type ExtractShape = { readonly schema: z.ZodType } | { readonly fields: readonly string[] }

function shapeText(shape: ExtractShape): string {
  return 'schema' in shape
    ? `a JSON value matching this JSON schema:\n${JSON.stringify(zodToSchema(shape.schema))}`
    : `a JSON object with exactly these fields: ${shape.fields.join(', ')} (null when the conversation does not say)`
}

function parseJson(reply: string): { ok: true; value: unknown } | { ok: false } {
  const unfenced = reply
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '')
    .trim()
  try {
    return { ok: true, value: JSON.parse(unfenced) }
  } catch {
    return { ok: false }
  }
}

/**
 * `C.extract()`: the model extracts structured data from the kept history; it renders as one `[key]: {json}` line
 * in place of the history. An answer that is not JSON (or does not match the schema) fails the agent's turn.
 * @internal
 */
export function extractStage(shape: ExtractShape, key: string, model: ContextModel | undefined): HistoryStage {
  const what = 'schema' in shape ? 'schema' : `fields: [${formatArguments(shape.fields)}]`
  const call = `C.extract(${callOptions([what, key === 'extracted' ? '' : `key: ${formatArgument(key)}`, modelArgument(model)])})`
  return createCollectStage(
    call,
    `data extracted into [${key}] by ${contextModelName(model)}`,
    async (items, context) => {
      if (items.length === 0) return []
      const reply = await callStageModel(
        'C.extract()',
        model,
        `Extract information from the conversation below. Answer with ${shapeText(shape)}. Answer with the JSON only.`,
        transcript(items),
        context,
      )
      const parsed = parseJson(reply)
      if (!parsed.ok)
        failStage(
          'C.extract()',
          stageModelName(model),
          `the model answered text that is not JSON: ${JSON.stringify(reply.slice(0, 80))}`,
          context,
        )
      if ('schema' in shape) {
        const checked = shape.schema.safeParse(parsed.value)
        if (!checked.success)
          failStage(
            'C.extract()',
            stageModelName(model),
            `the model's JSON does not match the schema: ${checked.error.message}`,
            context,
          )
      }
      return [madeItem(key, JSON.stringify(parsed.value))]
    },
    [],
    true,
  )
}

/** `C.distill()`: the kept history replaced by the key facts the model lists, as one `[key]: …` entry. @internal */
export function distillStage(key: string, model: ContextModel | undefined): HistoryStage {
  const call = `C.distill(${callOptions([key === 'facts' ? '' : `key: ${formatArgument(key)}`, modelArgument(model)])})`
  return createCollectStage(
    call,
    `key facts distilled into [${key}] by ${contextModelName(model)}`,
    async (items, context) => {
      if (items.length === 0) return []
      const facts = await callStageModel(
        'C.distill()',
        model,
        'List the durable facts of the conversation below (decisions, constraints, names, numbers, open questions), one per line, each starting with "- ". Answer with the list only.',
        transcript(items),
        context,
      )
      return [madeItem(key, facts)]
    },
    [],
    true,
  )
}

/** A check of `C.validate()`: a question the model answers, or a function returning a warning (or nothing). */
export type ContextCheck = string | ((transcript: string) => string | undefined | null)

/**
 * `C.validate()`: the history unchanged, followed by one `<warning>…</warning>` line per failed check. Function
 * checks run locally; text checks are put to the model in one call.
 * @internal
 */
export function validateStage(checks: readonly ContextCheck[], model: ContextModel | undefined): HistoryStage {
  const questions = checks.filter((check): check is string => typeof check === 'string')
  const functions = checks.filter((check): check is Exclude<ContextCheck, string> => typeof check === 'function')
  const call = `C.validate(${[formatArguments(checks), questions.length > 0 && model !== undefined ? `{ ${modelArgument(model)} }` : ''].filter(Boolean).join(', ')})`
  const by = questions.length > 0 ? ` (text checks by ${contextModelName(model)})` : ''
  return createCollectStage(
    call,
    `history with <warning> lines for failed checks${by}`,
    async (items, context) => {
      const text = transcript(items)
      const warnings: string[] = []
      for (const check of functions) {
        const warning = check(text)
        if (typeof warning === 'string' && warning.length > 0) warnings.push(warning)
      }
      if (questions.length > 0 && items.length > 0) {
        const reply = await callStageModel(
          'C.validate()',
          model,
          `Check the conversation below against each numbered check. For every check it fails, write one line "<number>: <what is wrong>". If it passes every check, answer OK.\n\nChecks:\n${questions.map((question, index) => `${index + 1}. ${question}`).join('\n')}`,
          text,
          context,
        )
        for (const line of reply.split('\n')) {
          const match = /^\s*(\d+)\s*[:.)-]\s*(.+)$/.exec(line)
          const question = match ? questions[Number(match[1]) - 1] : undefined
          if (match && question) warnings.push(`${question}: ${(match[2] as string).trim()}`)
        }
      }
      const made: HistoryItem[] = warnings.map((warning) =>
        madeItem('warning', `<warning>${neutralizeContextValue(warning)}</warning>`, true),
      )
      return [...made.reverse(), ...items]
    },
    [],
    questions.length > 0,
  )
}
