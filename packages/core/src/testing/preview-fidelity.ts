import type { BaseAgent } from '../agents/base-agent.js'
import { isBaseAgent } from '../agents/base-agent.js'
import type { LlmAgent } from '../agents/llm-agent.js'
import { BaseLlm } from '../models/base-llm.js'
import type { LlmRequest } from '../models/llm-request.js'
import type { LlmResponse } from '../models/llm-response.js'
import type { ScriptEntry } from '../models/script-step.js'
import { previewRun, type PreviewCall } from '../preview/preview-run.js'
import { InMemoryRunner } from '../runner/in-memory-runner.js'
import { isTempKey } from '../sessions/state-prefix.js'
import { ScriptedLlm } from './scripted-llm.js'

/** Something that becomes an agent tree: a core agent, or a builder with `build()`. */
export type AgentSource = BaseAgent | { build(): BaseAgent }

/** What {@link checkPreviewFidelity} runs. */
export interface PreviewFidelityOptions {
  /**
   * The tree: a builder or agent (its models are replaced, in the run, by the scripted one — named like each agent's
   * own model), or a function that builds it on a given model (called twice: once for the run, once for the preview).
   */
  agent: AgentSource | ((model: BaseLlm) => AgentSource)
  /** The scripted replies, in call order or per agent name (as `ScriptedLlm` takes them). */
  script: readonly ScriptEntry[] | Readonly<Record<string, readonly ScriptEntry[]>>
  /** The user's message. */
  prompt: string
  /** Session state at the start of the turn. */
  state?: Readonly<Record<string, unknown>>
}

/** What both sides recorded, when they agree. */
export interface PreviewFidelity {
  /** The requests the scripted model received in the run, in order. */
  readonly runRequests: readonly LlmRequest[]
  /** The preview's calls, in order. */
  readonly previewCalls: readonly PreviewCall[]
}

/** The fields compared, each serialised: what a model receives. */
const fields = {
  model: (request: LlmRequest) => request.model,
  systemInstruction: (request: LlmRequest) => request.config.systemInstruction,
  contents: (request: LlmRequest) => request.contents,
  tools: (request: LlmRequest) => request.config.tools,
  responseSchema: (request: LlmRequest) => request.config.responseSchema,
  config: (request: LlmRequest) => request.config,
  toolNames: (request: LlmRequest) => Object.keys(request.toolsDict),
} as const

/** The scripted model under another name (the name is what the request's `model` field carries). */
class NamedModel extends BaseLlm {
  readonly #inner: BaseLlm

  constructor(model: string, inner: BaseLlm) {
    super({ model })
    this.#inner = inner
  }

  generateContentAsync(
    request: LlmRequest,
    stream?: boolean,
    abortSignal?: AbortSignal,
  ): AsyncGenerator<LlmResponse, void, undefined> {
    return this.#inner.generateContentAsync(request, stream, abortSignal)
  }
}

function toAgent(source: AgentSource): BaseAgent {
  return isBaseAgent(source) ? source : source.build()
}

function agentOf(request: LlmRequest): string {
  return String(request.config.labels?.['adk_agent_name'] ?? 'unknown')
}

/** Each agent's requests, in the order it made them. */
function byAgent<T>(
  items: readonly T[],
  agent: (item: T) => string,
  request: (item: T) => LlmRequest,
): Map<string, LlmRequest[]> {
  const grouped = new Map<string, LlmRequest[]>()
  for (const item of items) {
    const name = agent(item)
    grouped.set(name, [...(grouped.get(name) ?? []), request(item)])
  }
  return grouped
}

function clip(text: string | undefined): string {
  const value = text ?? 'undefined'
  return value.length > 600 ? `${value.slice(0, 600)}…` : value
}

/**
 * Runs the tree on a `ScriptedLlm`, then previews it (core's `previewRun`) with the same replies per agent, and
 * checks that every request the preview recorded equals the run's byte for byte: model, system instruction,
 * contents, tools, response schema and the whole config. Throws an error naming the agent, the call and the field
 * that differs; returns both recordings when they agree.
 */
export async function checkPreviewFidelity(options: PreviewFidelityOptions): Promise<PreviewFidelity> {
  const llm = new ScriptedLlm(options.script)
  const make = options.agent
  const fixed = typeof make !== 'function'
  const runner = new InMemoryRunner({ agent: toAgent(fixed ? make : make(llm)), appName: 'fidelity' })
  const state = { ...options.state }
  const temp: Record<string, unknown> = {}
  for (const key in state) if (isTempKey(key)) temp[key] = state[key]
  const session = await runner.sessionService.createSession({ appName: 'fidelity', userId: 'fidelity', state })
  const run = runner.runAsync({
    userId: 'fidelity',
    sessionId: session.id,
    newMessage: { role: 'user', parts: [{ text: options.prompt }] },
    ...(Object.keys(temp).length > 0 ? { stateDelta: temp } : {}),
    // The agents keep their models; the run sends every call to the scripted model under the agent's model name.
    ...(fixed
      ? { runConfig: { modelOverride: (agent: LlmAgent) => new NamedModel(agent.canonicalModel.model, llm) } }
      : {}),
  })
  for await (const _ of run);
  const runRequests = llm.requests
  const replies: Record<string, ScriptEntry[]> = {}
  if (Array.isArray(options.script)) {
    runRequests.forEach((request, index) => {
      const name = agentOf(request)
      ;(replies[name] ??= []).push((options.script as readonly ScriptEntry[])[index] as ScriptEntry)
    })
  } else {
    for (const [name, list] of Object.entries(options.script)) replies[name] = [...list]
  }
  const preview = await previewRun(toAgent(fixed ? make : make(new ScriptedLlm([]))), {
    state: options.state ?? {},
    userMessage: options.prompt,
    replies,
  })
  const expected = byAgent(runRequests, agentOf, (request) => request)
  const actual = byAgent(
    preview.calls,
    (call) => call.agent,
    (call) => call.request,
  )
  const problems: string[] = []
  if (preview.calls.length !== runRequests.length) {
    problems.push(
      `the run made ${runRequests.length} model calls (${runRequests.map(agentOf).join(', ')}), the preview ${preview.calls.length} (${preview.calls.map((call) => call.agent).join(', ')})`,
    )
  }
  for (const [name, requests] of expected) {
    const previewed = actual.get(name) ?? []
    requests.forEach((request, index) => {
      const other = previewed[index]
      if (!other) return problems.push(`agent "${name}" call ${index + 1}: the preview has no such call`)
      for (const [field, read] of Object.entries(fields)) {
        const want = JSON.stringify(read(request))
        const got = JSON.stringify(read(other))
        if (want !== got)
          problems.push(
            `agent "${name}" call ${index + 1}: ${field} differs\n  run:     ${clip(want)}\n  preview: ${clip(got)}`,
          )
      }
      return undefined
    })
  }
  if (problems.length > 0) throw new Error(`The preview does not match the run:\n${problems.join('\n')}`)
  return { runRequests, previewCalls: preview.calls }
}
