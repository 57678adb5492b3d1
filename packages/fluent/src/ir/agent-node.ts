import type { z } from 'zod'
import type { BaseLlm, BasePlanner, BaseTool, InstructionProvider, LlmAgentConfig } from '@adk-fluent/core'
import type { ScriptEntry } from '@adk-fluent/core/testing'
import type { PromptSpec } from '../namespaces/prompt/index.js'
import type { ContextSpec } from '../namespaces/context/index.js'
import type { ToolComposite } from '../namespaces/tools/index.js'
import type { ArtifactOperation } from '../namespaces/artifacts/artifact-operation.js'
import type { FlowNode, NamedNodeFields } from './flow-node.js'
import { emptyAgentCallbacks, type AgentCallbacks } from './agent-callbacks.js'
import type { StatePredicate } from './state-function-types.js'
import type { GuardSpec } from '../namespaces/guards/guard-spec.js'

/** Generation settings (`temperature`, …), as `@google/genai`'s `GenerateContentConfig`. */
export type GenerateContentConfig = NonNullable<LlmAgentConfig['generateContentConfig']>

/** What `.instruct()` accepts, kept as given: a `{key}` template string, a `P` prompt, or a provider function. */
export type AgentInstruction = string | PromptSpec | InstructionProvider

/** `.reads(...)`: state keys injected as a context block; history is suppressed unless `keepHistory`. */
export interface ReadsSetting {
  readonly keys: readonly string[]
  readonly keepHistory: boolean
}

/** One `.tool()` / `.tools()` / `.agentTool()` entry, in the order added. */
export type AgentToolEntry =
  | { readonly kind: 'tool'; readonly tool: BaseTool }
  | { readonly kind: 'tool-composite'; readonly composite: ToolComposite }
  | { readonly kind: 'agent-tool'; readonly agent: FlowNode }

/** `.isolate()`, `.stay()`, `.noPeers()`. */
export interface TransferPolicy {
  readonly disallowTransferToParent: boolean
  readonly disallowTransferToPeers: boolean
}

/** An `Agent(...)`: everything `build()` needs for a core `LlmAgent`, and everything introspection shows. */
export interface AgentNode extends NamedNodeFields {
  readonly kind: 'agent'
  readonly description: string | undefined
  /** `.model()`; `undefined` inherits the nearest ancestor's model. */
  readonly model: string | BaseLlm | undefined
  /** `.mock(script)`: a fresh `ScriptedLlm` over this script is the model of every build. */
  readonly mock: readonly ScriptEntry[] | undefined
  readonly instruction: AgentInstruction | undefined
  readonly staticInstruction: string | undefined
  readonly globalInstruction: string | undefined
  readonly reads: ReadsSetting | undefined
  /** `.context(C...)`; combined with `reads` at build. */
  readonly context: ContextSpec | undefined
  readonly accepts: z.ZodType | undefined
  readonly returns: z.ZodType | undefined
  readonly writes: string | undefined
  /** Contract annotations: no run-time effect. */
  readonly produces: z.ZodType | undefined
  readonly consumes: z.ZodType | undefined
  readonly tools: readonly AgentToolEntry[]
  readonly subAgents: readonly FlowNode[]
  readonly transfer: TransferPolicy
  readonly callbacks: AgentCallbacks
  readonly proceedIf: StatePredicate | undefined
  readonly planner: BasePlanner | undefined
  readonly generateContentConfig: GenerateContentConfig | undefined
  /** `.toolRetries(n)`: core's `maxToolRetries` (unset: core's default). */
  readonly toolRetries: number | undefined
  /** `.artifacts(...ops)`: `A` operations run after the agent's reply is stored. */
  readonly artifacts: readonly ArtifactOperation[]
  /** `P.versioned()` of the instruction or static prompt: `<tag>-<fingerprint>`, sent as a request label. */
  readonly promptVersion: string | undefined
  /** `.guard(G...)`: guards around every model call of this agent, in order. */
  readonly guards: readonly GuardSpec[]
}

/** Fields `cloneWith` may replace. */
export type AgentNodePatch = Partial<Omit<AgentNode, 'kind' | 'name' | 'hasGeneratedName'>>

/** The fields of an agent node, writable (a copy being made). */
type AgentNodeFields = { -readonly [K in keyof AgentNode]: AgentNode[K] }

/**
 * A mutable copy of `node`'s fields, written out one by one: V8 copies a frozen object's properties by spread
 * (`{ ...node }`) about six times slower than this literal, and a 1,000-step chain makes thousands of copies.
 */
function copyFields(node: AgentNode): AgentNodeFields {
  const fields: AgentNodeFields = {
    kind: 'agent',
    name: node.name,
    hasGeneratedName: node.hasGeneratedName,
    description: node.description,
    model: node.model,
    mock: node.mock,
    instruction: node.instruction,
    staticInstruction: node.staticInstruction,
    globalInstruction: node.globalInstruction,
    reads: node.reads,
    context: node.context,
    accepts: node.accepts,
    returns: node.returns,
    writes: node.writes,
    produces: node.produces,
    consumes: node.consumes,
    tools: node.tools,
    subAgents: node.subAgents,
    transfer: node.transfer,
    callbacks: node.callbacks,
    proceedIf: node.proceedIf,
    planner: node.planner,
    generateContentConfig: node.generateContentConfig,
    toolRetries: node.toolRetries,
    artifacts: node.artifacts,
    promptVersion: node.promptVersion,
    guards: node.guards,
  } satisfies { [K in keyof Required<Omit<AgentNode, 'initialState' | 'middleware'>>]: AgentNode[K] }
  // The optional fields only when set (exactOptionalPropertyTypes: absent, never present as undefined).
  if (node.initialState !== undefined) fields.initialState = node.initialState
  if (node.middleware !== undefined) fields.middleware = node.middleware
  return fields
}

const noTools: readonly AgentToolEntry[] = Object.freeze([])
const noNodes: readonly FlowNode[] = Object.freeze([])
const noArtifacts: readonly ArtifactOperation[] = Object.freeze([])
const noGuards: readonly GuardSpec[] = Object.freeze([])
const allowTransfers: TransferPolicy = Object.freeze({
  disallowTransferToParent: false,
  disallowTransferToPeers: false,
})

/** The node `create()` copies: nothing configured. */
const blank: AgentNode = Object.freeze({
  kind: 'agent',
  name: '',
  hasGeneratedName: false,
  description: undefined,
  model: undefined,
  mock: undefined,
  instruction: undefined,
  staticInstruction: undefined,
  globalInstruction: undefined,
  reads: undefined,
  context: undefined,
  accepts: undefined,
  returns: undefined,
  writes: undefined,
  produces: undefined,
  consumes: undefined,
  tools: noTools,
  subAgents: noNodes,
  transfer: allowTransfers,
  callbacks: emptyAgentCallbacks,
  proceedIf: undefined,
  planner: undefined,
  generateContentConfig: undefined,
  toolRetries: undefined,
  artifacts: noArtifacts,
  promptVersion: undefined,
  guards: noGuards,
})

/** @internal */
export const AgentNode = Object.freeze({
  /** A new agent node with nothing configured but its name. */
  create(name: string): AgentNode {
    const fields = copyFields(blank)
    fields.name = name
    return Object.freeze(fields)
  },
  /** A copy of `node` with `patch` applied; `node` is unchanged. */
  cloneWith(node: AgentNode, patch: AgentNodePatch): AgentNode {
    return Object.freeze(Object.assign(copyFields(node), patch))
  },
})
