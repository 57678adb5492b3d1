import type { Part } from '@a2a-js/sdk'
import { InterruptAnswerError, type InterruptAnswers, type PendingInterrupt } from '@adk-fluent/core'
import { dataPart, jsonObject, partsText, textPart } from './a2a-parts.js'

/**
 * The data key of a message that answers an `input-required` task: `{ answers: { <interruptId>: <answer> } }`, the
 * answers of `error.resume(…)` (`true` / `false` / `{ confirmed, payload? }` for an approval, the reply for an input,
 * the result for a long-running tool).
 */
export const ANSWERS_KEY = 'answers'
/** The data key of an `input-required` status message: what the task waits for. */
export const INTERRUPTS_KEY = 'interrupts'
/** ADK's marker of a data part that holds a function response (part metadata `adk_type`), as ADK's A2A peers send. */
const ADK_TYPE_KEY = 'adk_type'

const yes = /^(?:yes|y|approve|approved|confirm|confirmed|ok|true)[.!]?$/i
const no = /^(?:no|n|refuse|refused|reject|rejected|deny|denied|false)[.!]?$/i

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** What one interrupt asks, as plain data (the data part of an `input-required` message). */
function interruptData(item: PendingInterrupt): Record<string, unknown> {
  return {
    id: item.id,
    kind: item.kind,
    agent: item.agent,
    ...(item.tool === undefined ? {} : { tool: item.tool }),
    ...(item.args === undefined ? {} : { args: item.args }),
    ...(item.message === undefined ? {} : { message: item.message }),
    ...(item.payload === undefined ? {} : { payload: item.payload }),
    ...(item.responseSchema === undefined ? {} : { responseSchema: item.responseSchema }),
  }
}

function describe(item: PendingInterrupt): string {
  const call = item.tool === undefined ? '' : `${item.tool}(${JSON.stringify(item.args ?? {})})`
  if (item.kind === 'confirmation') return `approval of ${call}${item.message ? ` — ${item.message}` : ''}`
  if (item.kind === 'input')
    return `input${item.message ? `: ${item.message}` : ''}${call ? ` (asked by ${call})` : ''}`
  return `the result of the long-running ${call}`
}

/**
 * The parts of the status message of a task that paused: a sentence per interrupt (its id, what it asks, how to
 * answer) and a data part `{ interrupts: [{ id, kind, agent, tool?, args?, message?, payload?, responseSchema? }] }`.
 */
export function interruptParts(pending: readonly PendingInterrupt[]): Part[] {
  const lines = pending.map((item) => `- ${item.id}: ${describe(item)}`)
  const single = pending.length === 1 ? pending[0] : undefined
  const plain =
    single?.kind === 'confirmation'
      ? ' or reply "yes" or "no"'
      : single?.kind === 'input'
        ? ' or reply with the answer as text'
        : ''
  const text = [
    `The run is waiting for ${pending.length === 1 ? 'an answer' : `${pending.length} answers`}:`,
    ...lines,
    `Answer in this task with a data part { "${ANSWERS_KEY}": { "<id>": <answer> } }${plain}.`,
  ].join('\n')
  return [textPart(text), dataPart({ [INTERRUPTS_KEY]: pending.map(interruptData) })]
}

/** A function response carried by a data part (`{ functionResponse: {…} }`, or ADK's `adk_type` part), else undefined. */
function functionResponseOf(part: Part): Record<string, unknown> | undefined {
  const value = part.content?.$case === 'data' ? part.content.value : undefined
  if (!isRecord(value)) return undefined
  if (isRecord(value['functionResponse'])) return value['functionResponse']
  return part.metadata?.[ADK_TYPE_KEY] === 'function_response' ? value : undefined
}

function textAnswer(text: string, pending: readonly PendingInterrupt[]): InterruptAnswers {
  const only = pending.length === 1 ? pending[0] : undefined
  const reply = text.trim()
  if (only?.kind === 'confirmation' && (yes.test(reply) || no.test(reply))) return { [only.id]: yes.test(reply) }
  // A text reply to an input: a JSON object when it is one (a structured reply), else the text.
  if (only?.kind === 'input' && reply !== '') return { [only.id]: jsonObject(reply) ?? reply }
  const why =
    pending.length > 1
      ? `the task waits for ${pending.length} answers, so a text reply is ambiguous`
      : only?.kind === 'confirmation'
        ? `a text reply to an approval is "yes" or "no", got ${JSON.stringify(reply.slice(0, 80))}`
        : 'a text reply does not answer a long-running tool'
  throw new InterruptAnswerError(
    `This message does not answer the task: ${why}. Send a data part { "${ANSWERS_KEY}": { "<id>": <answer> } }. Pending: ${pending.map((item) => `${item.id} (${item.kind})`).join(', ')}.`,
  )
}

/**
 * The answers a message to an `input-required` task carries, by interrupt id: the `answers` of its data parts, the
 * function responses of its data parts (`{ functionResponse: { id, name?, response } }`, or an ADK peer's part with
 * metadata `adk_type: "function_response"`), or — with no data — its text when that is unambiguous ("yes"/"no" to a
 * single approval, any text to a single input). Throws an `InterruptAnswerError` saying how to answer otherwise.
 */
export function messageAnswers(parts: readonly Part[], pending: readonly PendingInterrupt[]): InterruptAnswers {
  const answers: Record<string, unknown> = {}
  let found = false
  for (const part of parts) {
    const response = functionResponseOf(part)
    if (response) {
      found = true
      if (typeof response['id'] !== 'string')
        throw new InterruptAnswerError('A functionResponse data part needs the "id" of the interrupt it answers.')
      answers[response['id']] = response['response']
      continue
    }
    const value = part.content?.$case === 'data' ? part.content.value : undefined
    if (!isRecord(value) || !(ANSWERS_KEY in value)) continue
    found = true
    const given = value[ANSWERS_KEY]
    if (!isRecord(given))
      throw new InterruptAnswerError(
        `"${ANSWERS_KEY}" is an object of answers by interrupt id, e.g. { "${pending[0]?.id ?? '<id>'}": true }.`,
      )
    Object.assign(answers, given)
  }
  return found ? answers : textAnswer(partsText(parts), pending)
}
