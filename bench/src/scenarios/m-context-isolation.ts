import {
  isLlmAgent,
  previewRun,
  type BaseAgent,
  type LlmRequest,
  type PreviewCall,
  type ScriptEntry,
} from '@adk-fluent/core'
import { countTokens } from 'gpt-tokenizer'
import { createShowcase, example } from '../../../examples/showcase/index.js'
import type { BenchConfig } from '../bench-config.js'
import type { Stats } from '../measure.js'
import { formatNumber, type ResultRow } from '../report.js'

const USER_MESSAGE = example.defaultPrompt

/** The showcase's replies (one list, in call order), per agent. */
function showcaseReplies(): Record<string, ScriptEntry[]> {
  const script = example.script as readonly ScriptEntry[]
  const at = (index: number): ScriptEntry => script[index] as ScriptEntry
  return { researcher: [at(0)], writer: [at(1), at(3)], reviewer: [at(2), at(4)] }
}

/** What one request sends as text: the system instruction, every content part, and the tool declarations. */
function requestText(request: LlmRequest): string {
  const system = request.config.systemInstruction
  const parts = [typeof system === 'string' ? system : JSON.stringify(system ?? '')]
  for (const content of request.contents) {
    for (const part of content.parts ?? []) parts.push(part.text ?? JSON.stringify(part))
  }
  if (request.config.tools?.length) parts.push(JSON.stringify(request.config.tools))
  return parts.join('\n')
}

/**
 * The showcase tree as `.reads()` compiled before the isolation rule: the same agents with core's `includeContents:
 * 'none'` (ADK's current turn, what `C.currentTurn()` gives) in place of `'isolated'`.
 */
function asCurrentTurn(agent: BaseAgent): BaseAgent {
  if (isLlmAgent(agent) && agent.includeContents === 'isolated')
    Object.defineProperty(agent, 'includeContents', { value: 'none' })
  for (const sub of agent.subAgents) asCurrentTurn(sub)
  return agent
}

interface Totals {
  readonly all: number
  readonly reading: number
  readonly foreignReplies: number
}

function totals(calls: readonly PreviewCall[]): Totals {
  let all = 0
  let reading = 0
  let foreignReplies = 0
  for (const call of calls) {
    const tokens = countTokens(requestText(call.request))
    all += tokens
    if (call.agent !== 'researcher') reading += tokens
    for (const content of call.request.contents)
      if (content.parts?.some((part) => /^\[\w+\] said: /.test(part.text ?? ''))) foreignReplies++
  }
  return { all, reading, foreignReplies }
}

function fixed(value: number): Stats {
  return { median: value, min: value, max: value, samples: 1 }
}

async function measure(isolated: boolean): Promise<{ totals: Totals; calls: number }> {
  const tree = createShowcase('gemini-2.5-flash').build()
  const { calls } = await previewRun(isolated ? tree : asCurrentTurn(tree), {
    userMessage: USER_MESSAGE,
    replies: showcaseReplies(),
  })
  return { totals: totals(calls), calls: calls.length }
}

/**
 * M: the tokens the showcase pipeline (research → write ⇄ review, two rounds) sends to its models in one turn, with
 * the context-isolation rule (`.reads()` → `includeContents: 'isolated'`) against ADK's current turn
 * (`includeContents: 'none'`, what `.reads()` compiled to before). Counted with gpt-tokenizer (o200k BPE) over the
 * system instruction, every content part and the tool declarations of every recorded request: a proxy for Gemini's
 * count, the same counter on both sides. Deterministic: one run each.
 */
export async function runContextIsolation(_config: BenchConfig): Promise<ResultRow[]> {
  const after = await measure(true)
  const before = await measure(false)
  const note = (side: { totals: Totals; calls: number }): string =>
    `${side.calls} model calls; earlier agents' raw replies sent: ${side.totals.foreignReplies}`
  return [
    {
      scenario: 'M',
      name: 'showcase turn: tokens sent by the reading agents (writer, reviewer)',
      unit: 'tokens',
      ours: fixed(after.totals.reading),
      theirs: fixed(before.totals.reading),
      note: `ours = C.none()/.reads() isolated (${note(after)}); the other column = the same tree with ADK's includeContents 'none' (${note(before)})`,
    },
    {
      scenario: 'M',
      name: 'showcase turn: tokens sent by all agents',
      unit: 'tokens',
      ours: fixed(after.totals.all),
      theirs: fixed(before.totals.all),
      note: `saved ${formatNumber(before.totals.all - after.totals.all)} tokens per turn (gpt-tokenizer o200k count)`,
    },
  ]
}
