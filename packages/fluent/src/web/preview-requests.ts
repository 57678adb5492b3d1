import { isAgentTool, isLlmAgent, previewLlmRequest, type BaseAgent, type LlmAgent } from '@adk-fluent/core'
import { requestJson } from './trace-entry.js'

/** A stretch of the request's JSON text that comes from a state key. */
export interface StateMark {
  readonly start: number
  readonly end: number
  readonly key: string
}

/** The request one agent of the tree would send, as JSON text with the parts that come from state marked. */
export interface PreviewCall {
  readonly agent: string
  /** `JSON.stringify({ model, contents, config }, null, 2)` of the request. */
  readonly text: string
  readonly marks: readonly StateMark[]
  /** Why no request could be computed (a template key missing from the state, …); `text` is empty then. */
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

function llmAgents(agent: BaseAgent): LlmAgent[] {
  const own = isLlmAgent(agent) ? [agent] : []
  const tools = isLlmAgent(agent) ? agent.tools.flatMap((tool) => (isAgentTool(tool) ? llmAgents(tool.agent) : [])) : []
  return [...own, ...agent.subAgents.flatMap(llmAgents), ...tools]
}

/** Wraps every string value as `<open>key<middle>value<close>` (private-use characters JSON leaves as they are). */
function markState(state: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(state).map(([key, value]) => [key, typeof value === 'string' ? `${open}${key}${middle}${value}${close}` : value]))
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

function json(value: unknown): string {
  return JSON.stringify(value, null, 2)
}

/**
 * The request each LLM agent of `agent` (sub-agents and agent tools included, in tree order) would send for `input`,
 * computed by core's `previewLlmRequest` — the request processors a run uses, no model call (a call that cannot be
 * computed, such as a template whose key the state lacks, carries the reason in `error`). String values of the state
 * are traced through the request, so each place a value lands is marked with its key; when tracing changes the request
 * (a value used other than as text) that call is shown without marks.
 */
export async function previewRequests(agent: BaseAgent, input: PreviewInput): Promise<PreviewCall[]> {
  const state = { ...input.state }
  const marked = markState(state)
  const calls: PreviewCall[] = []
  for (const llm of llmAgents(agent)) {
    const options = input.message === undefined ? {} : { userMessage: input.message }
    let plain: string
    try {
      plain = json(requestJson(await previewLlmRequest(llm, { ...options, state })))
    } catch (error) {
      calls.push({ agent: llm.name, text: '', marks: [], error: error instanceof Error ? error.message : String(error) })
      continue
    }
    const traced = unmark(json(requestJson(await previewLlmRequest(llm, { ...options, state: marked }))))
    calls.push({ agent: llm.name, text: plain, marks: traced.text === plain ? traced.marks : [] })
  }
  return calls
}
