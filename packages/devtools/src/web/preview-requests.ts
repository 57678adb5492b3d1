import {
  BasePlugin,
  previewRun,
  type BaseAgent,
  type Context,
  type LlmRequest,
  type PreviewRunResult,
} from '@adk-fluent/core'
import { requestJson } from '../trace/model-call.js'

/** A stretch of the request's JSON text that comes from a state key. */
export interface StateMark {
  readonly start: number
  readonly end: number
  readonly key: string
}

/** One model call of the previewed run, as JSON text with the parts that come from state marked. */
export interface PreviewCall {
  /** Position in the run, 1-based. */
  readonly index: number
  readonly agent: string
  /** This agent's call number, 1-based. */
  readonly callNumber: number
  /** `JSON.stringify({ model, contents, config }, null, 2)` of the request. */
  readonly text: string
  readonly marks: readonly StateMark[]
  /** The stand-in's reply (a placeholder shaped like the agent's output). */
  readonly reply: unknown
}

/** The previewed run: every model call in order, or why the preview could not run. */
export interface PreviewResult {
  readonly calls: readonly PreviewCall[]
  readonly error?: string
}

/** What a preview is computed against. */
export interface PreviewInput {
  readonly state?: Readonly<Record<string, unknown>>
  readonly message?: string
}

const open = '\uE000'
const middle = '\uE001'
const close = '\uE002'

/** Wraps every string value as `<open>key<middle>value<close>` (private-use characters JSON leaves as they are). */
function markState(state: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(state).map(([key, value]) => [
      key,
      typeof value === 'string' ? `${open}${key}${middle}${value}${close}` : value,
    ]),
  )
}

/** Removes the markers from `marked`, recording where each marked value lands in the plain text. */
function unmark(marked: string): { text: string; marks: StateMark[] } {
  const marks: StateMark[] = []
  let text = ''
  const stack: { key: string; start: number }[] = []
  for (let index = 0; index < marked.length; index++) {
    const char = marked[index] as string
    if (char === open) {
      const end = marked.indexOf(middle, index)
      stack.push({ key: marked.slice(index + 1, end), start: text.length })
      index = end
    } else if (char === close) {
      const top = stack.pop()
      if (top) marks.push({ key: top.key, start: top.start, end: text.length })
    } else text += char
  }
  return { text, marks: marks.sort((a, b) => a.start - b.start) }
}

/**
 * Marks, in each system instruction of the traced run, the string values of state keys the run itself wrote (a
 * captured message, an earlier agent's answer): the start state is marked at its source, these where they land.
 */
class MarkWrittenState extends BasePlugin {
  readonly #given: ReadonlySet<string>

  constructor(given: Iterable<string>) {
    super('adk-fluent-preview-marks')
    this.#given = new Set(given)
  }

  override beforeModelCallback({ callbackContext, llmRequest }: { callbackContext: Context; llmRequest: LlmRequest }) {
    let instruction = llmRequest.config.systemInstruction
    if (instruction === undefined) return undefined
    const written = Object.entries(callbackContext.state.toRecord())
      .filter((entry): entry is [string, string] => !this.#given.has(entry[0]) && typeof entry[1] === 'string')
      .filter(([, value]) => value.trim().length > 0 && !value.includes(open))
      .sort((a, b) => b[1].length - a[1].length)
    for (const [key, value] of written)
      instruction = instruction.split(value).join(`${open}${key}${middle}${value}${close}`)
    llmRequest.config.systemInstruction = instruction
    return undefined
  }
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2)
}

/**
 * The pipeline preview of one turn: core's `previewRun` runs the whole tree with stand-in models (the runtime a run
 * uses; no model is called) and records every request in order. String values of the state are traced through the
 * run, so each place a value lands in a request is marked with its key; a call whose request the tracing changes (a
 * value used other than as text) is shown without marks. A run that cannot go on gives `error`.
 */
export async function previewRequests(agent: BaseAgent, input: PreviewInput): Promise<PreviewResult> {
  const state = { ...input.state }
  const message = input.message === undefined ? {} : { userMessage: input.message }
  let plain: PreviewRunResult
  try {
    plain = await previewRun(agent, { ...message, state })
  } catch (error) {
    return { calls: [], error: error instanceof Error ? error.message : String(error) }
  }
  const traced = await previewRun(agent, {
    ...message,
    state: markState(state),
    plugins: [new MarkWrittenState(Object.keys(state))],
  }).catch(() => undefined)
  const calls = plain.calls.map((call) => {
    const text = json(requestJson(call.request))
    const other = traced?.calls[call.index - 1]
    const unmarked = other && other.agent === call.agent ? unmark(json(requestJson(other.request))) : undefined
    return {
      index: call.index,
      agent: call.agent,
      callNumber: call.callNumber,
      text,
      marks: unmarked?.text === text ? unmarked.marks : [],
      reply: call.reply,
    }
  })
  return { calls }
}
