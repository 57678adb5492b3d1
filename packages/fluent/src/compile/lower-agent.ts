import {
  LlmAgent,
  type Context,
  type LlmAgentConfig,
  type SingleAfterModelCallback,
  type SingleAgentCallback,
  type BaseTool,
} from '@adk-fluent/core'
import type { ContextHook } from '../namespaces/context/context-part.js'
import { StageModelAgent } from '../agents/stage-model-agent.js'
import { AnswerRoutingAgent, AnswerRoutingStageModelAgent } from '../agents/answer-route.js'
import { ToolsetTool } from '../namespaces/tools/toolset-tool.js'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import type { AgentNode } from '../ir/agent-node.js'
import { emptyAgentCallbacks } from '../ir/agent-callbacks.js'
import type { StatePredicate } from '../ir/state-function-types.js'
import { stateSnapshot } from '../agents/state-snapshot.js'
import { childNames } from './child-names.js'
import { composeCallbacks } from './compose-callbacks.js'
import { guardCallbacks } from './guard-callbacks.js'
import type { LowerFunction } from './lower-function.js'
import { compiledContextOf, instructionExtras, lowerInstruction, type InstructionExtras } from './lower-instruction.js'
import { lowerTools } from './lower-tools.js'

/** `.proceedIf(pred)`: a before-agent callback that skips the agent (an empty reply) unless `pred(state)` holds. */
function proceedIfCallback(predicate: StatePredicate): SingleAgentCallback {
  return async (context: Context) =>
    (await predicate(stateSnapshot(context))) ? undefined : { role: 'model', parts: [] }
}

const noCallbacks: readonly SingleAgentCallback[] = Object.freeze([])

/** The lists one after another, without a copy when at most one has callbacks (most agents have none). */
function joined(...lists: (readonly SingleAgentCallback[])[]): readonly SingleAgentCallback[] {
  let only: readonly SingleAgentCallback[] = noCallbacks
  for (const list of lists) {
    if (list.length === 0) continue
    if (only.length > 0) return lists.flat()
    only = list
  }
  return only
}

/** Context hooks (`C.capture`, `C.writeNotes`) and `.artifacts()` operations as agent callbacks that return nothing. */
function hookCallback(hooks: readonly ContextHook[]): readonly SingleAgentCallback[] {
  if (hooks.length === 0) return noCallbacks
  return [
    async (context: Context) => {
      for (const hook of hooks) await hook(context)
      return undefined
    },
  ]
}

/** The guards' after-model callback, then the agent's own on the guarded response (whose result wins). */
function afterGuards(
  guard: SingleAfterModelCallback,
  own: SingleAfterModelCallback | undefined,
): SingleAfterModelCallback {
  return async (params) => {
    const guarded = (await guard(params)) ?? undefined
    if (!own) return guarded
    const result = await own(guarded ? { ...params, response: guarded } : params)
    return result ?? guarded
  }
}

/**
 * Lowers an `Agent(...)` to a fresh core `LlmAgent` (with fresh sub-agents, tools and mock model); `routes`: a node
 * of a graph whose answer is the route of its outgoing edges.
 */
export function lowerAgent(node: AgentNode, name: string, lower: LowerFunction, routes = false): LlmAgent {
  const context = compiledContextOf(node)
  const lowered = lowerInstruction(node, context)
  const config: LlmAgentConfig = { name }
  if (lowered.instruction !== undefined) config.instruction = lowered.instruction
  if (lowered.includeContents !== undefined) config.includeContents = lowered.includeContents
  if (lowered.historyTurns !== undefined) config.historyTurns = lowered.historyTurns
  if (node.description !== undefined) config.description = node.description
  if (node.mock) config.model = new ScriptedLlm(node.mock)
  else if (node.model !== undefined) config.model = node.model
  if (node.staticInstruction !== undefined) config.staticInstruction = node.staticInstruction
  if (node.globalInstruction !== undefined) config.globalInstruction = node.globalInstruction
  if (node.tools.length > 0) config.tools = lowerTools(node.tools, lower)
  if (node.subAgents.length > 0) {
    const names = childNames(node.subAgents)
    config.subAgents = node.subAgents.map((sub, index) => lower(sub, names[index] as string))
  }
  if (node.generateContentConfig !== undefined) config.generateContentConfig = node.generateContentConfig
  if (node.toolRetries !== undefined) config.maxToolRetries = node.toolRetries
  if (node.promptVersion !== undefined) {
    const base = node.generateContentConfig
    config.generateContentConfig = { ...base, labels: { ...base?.labels, adk_prompt_version: node.promptVersion } }
  }
  if (node.accepts !== undefined) config.inputSchema = node.accepts
  if (node.returns !== undefined) config.outputSchema = node.returns
  if (node.writes !== undefined) config.outputKey = node.writes
  if (node.planner !== undefined) config.planner = node.planner
  if (node.transfer.disallowTransferToParent) config.disallowTransferToParent = true
  if (node.transfer.disallowTransferToPeers) config.disallowTransferToPeers = true
  const extras = instructionExtras(node, context)
  addCallbacks(config, node, extras)
  if (node.middleware?.length) config.plugins = node.middleware
  const holdsConnections = config.tools?.some(holdsConnectionsTool) ?? false
  if (extras.usesModel || holdsConnections)
    return routes ? new AnswerRoutingStageModelAgent(config) : new StageModelAgent(config)
  return routes ? new AnswerRoutingAgent(config) : new LlmAgent(config)
}

function holdsConnectionsTool(tool: BaseTool): boolean {
  return tool instanceof ToolsetTool && tool.holdsConnections
}

/** The agent's callbacks, hooks, artifact operations and guards, composed into the core callbacks. */
function addCallbacks(config: LlmAgentConfig, node: AgentNode, extras: InstructionExtras): void {
  const { callbacks } = node
  const plain =
    callbacks === emptyAgentCallbacks &&
    node.proceedIf === undefined &&
    node.artifacts.length === 0 &&
    node.guards.length === 0 &&
    extras.beforeAgent.length === 0 &&
    extras.afterAgent.length === 0
  // Most agents have none: nothing to compose (a 1,000-step pipeline's build() made six empty compositions per step).
  if (plain) return
  const beforeAgent = composeCallbacks(
    joined(
      node.proceedIf ? [proceedIfCallback(node.proceedIf)] : noCallbacks,
      hookCallback(extras.beforeAgent),
      callbacks.beforeAgent,
    ),
  )
  if (beforeAgent) config.beforeAgentCallback = beforeAgent
  // Artifact operations and note writes run first, so a callback that answers (and ends the list) cannot skip them.
  const afterHooks =
    node.artifacts.length === 0 ? extras.afterAgent : [...extras.afterAgent, ...node.artifacts.map((op) => op.run)]
  const afterAgent = composeCallbacks(joined(hookCallback(afterHooks), callbacks.afterAgent))
  if (afterAgent) config.afterAgentCallback = afterAgent
  // Guards check the request right before the call (after the agent's own callbacks changed it) and the answer
  // before the agent's own after-model callbacks see it.
  const guards = node.guards.length > 0 ? guardCallbacks(node.guards) : undefined
  const beforeModel = composeCallbacks(guards ? [...callbacks.beforeModel, guards.beforeModel] : callbacks.beforeModel)
  if (beforeModel) config.beforeModelCallback = beforeModel
  const afterModel = composeCallbacks(callbacks.afterModel)
  if (guards) config.afterModelCallback = afterGuards(guards.afterModel, afterModel)
  else if (afterModel) config.afterModelCallback = afterModel
  const beforeTool = composeCallbacks(callbacks.beforeTool)
  if (beforeTool) config.beforeToolCallback = beforeTool
  const afterTool = composeCallbacks(callbacks.afterTool)
  if (afterTool) config.afterToolCallback = afterTool
}
