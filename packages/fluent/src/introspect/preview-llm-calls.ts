import {
  ConfigError,
  createEvent,
  isEvent,
  previewRun,
  type Event,
  type MemoryEntry,
  type PreviewCall,
  type PreviewRunResult,
  type ScriptEntry,
} from '@adk-fluent/core'
import type { AgentNode } from '../ir/agent-node.js'
import type { FlowNode } from '../ir/flow-node.js'
import { lowerNode } from '../compile/lower-node.js'
import { validateNode } from '../check/validate-node.js'
import { analyzeFlow } from '../check/flow-analysis.js'
import type { TreePath } from '../check/node-visit.js'

/** A message of the conversation, as `@google/genai` shapes it. */
export type Content = NonNullable<Event['content']>

/** What `.llmAnatomy(options)` and {@link previewLlmCalls} run the tree on. */
export interface LlmAnatomyOptions {
  /** The session state at the start of the turn. */
  readonly state?: Readonly<Record<string, unknown>>
  /** The user's message (default `⟨user message⟩`). */
  readonly userMessage?: string | Content
  /**
   * Earlier conversation: core events, or contents (role `user` from the user; `model` turns are attributed to the
   * first agent of the tree).
   */
  readonly history?: readonly (Event | Content)[]
  /**
   * Replies per agent name in the shapes `ScriptedLlm` takes (`{ writer: ['…'], classifier: ['{"category":"billing"}'] }`,
   * `call(...)` for tool calls). Agents without replies answer with placeholders (`⟨writer's reply⟩`, or a value
   * generated from their `.returns()` schema).
   */
  readonly replies?: Readonly<Record<string, readonly ScriptEntry[]>>
  /** Show only this agent's calls (the whole run still happens). */
  readonly at?: string
  /**
   * The user's long-term memories (strings or `MemoryEntry`s): `load_memory` answers from them and `preload_memory`
   * adds those sharing a word with the message to the system instruction. Default: none.
   */
  readonly memories?: readonly (string | MemoryEntry)[]
}

/** One model call of a previewed run, with the builder node of the agent that made it. */
export interface LlmCallPreview extends PreviewCall {
  /** Where the agent sits in the builder tree (empty for an agent the tree does not describe). */
  readonly path: TreePath
  /** The agent's builder node, when the tree describes it. */
  readonly node: AgentNode | undefined
}

/** A previewed run of a builder tree: its calls (filtered by `at`) and what core's `previewRun` recorded. */
export interface LlmCallsPreview {
  readonly calls: readonly LlmCallPreview[]
  /** Number of model calls in the whole run (before the `at` filter). */
  readonly total: number
  readonly run: PreviewRunResult
}

function historyEvents(history: LlmAnatomyOptions['history'], agentName: string): Event[] {
  return (history ?? []).map((item) =>
    isEvent(item)
      ? item
      : createEvent({ invocationId: 'history', author: item.role === 'user' ? 'user' : agentName, content: item }),
  )
}

/**
 * Runs the builder tree through core's `previewRun` (the real runner with a stand-in model) and returns every model
 * call in order, each with the request exactly as a run sends it, the agent, its branch, loop round and state.
 *
 * @example
 * const { calls } = await previewLlmCalls(pipeline.node, { state: { topic: 'cats' }, userMessage: 'hi', at: 'writer' })
 */
export async function previewLlmCalls(node: FlowNode, options: LlmAnatomyOptions = {}): Promise<LlmCallsPreview> {
  const structural = validateNode(node)
  if (structural.length > 0) throw new ConfigError(structural, { agentName: node.name })
  const visits = analyzeFlow(node).visits.filter((visit) => visit.node.kind === 'agent')
  const agent = lowerNode(node)
  const first = visits[0]?.node.name ?? node.name
  const run = await previewRun(agent, {
    ...(options.state ? { state: options.state } : {}),
    ...(options.userMessage === undefined ? {} : { userMessage: options.userMessage }),
    ...(options.history ? { events: historyEvents(options.history, first) } : {}),
    ...(options.replies ? { replies: options.replies } : {}),
    ...(options.memories ? { memories: options.memories } : {}),
  })
  if (options.at !== undefined && !run.calls.some((call) => call.agent === options.at)) {
    const agents = [...new Set(run.calls.map((call) => call.agent))]
    throw new ConfigError(
      [
        {
          code: 'agent_not_found',
          path: [node.name, 'llmAnatomy', 'at'],
          message: `agent "${options.at}" made no model call in this run (agents that did: ${agents.length > 0 ? agents.join(', ') : '(none)'}).`,
          hint: 'Check the name, or the state and replies that decide which agents run.',
        },
      ],
      { agentName: node.name },
    )
  }
  const calls = run.calls
    .filter((call) => options.at === undefined || call.agent === options.at)
    .map((call) => {
      const visit = visits.find((item) => item.node.name === call.agent)
      return { ...call, path: visit?.path ?? [], node: visit?.node as AgentNode | undefined }
    })
  return { calls, total: run.calls.length, run }
}
