import type { z } from 'zod'
import {
  type BaseLlm,
  type BasePlanner,
  type LlmAgent,
  type SingleAfterModelCallback,
  type SingleAfterToolCallback,
  type SingleAgentCallback,
  type SingleBeforeModelCallback,
  type SingleBeforeToolCallback,
} from '@adk-fluent/core'
import type { ScriptEntry } from '@adk-fluent/core/testing'
import { isPromptSpec, type PromptSpec } from '../namespaces/prompt/compile-prompt.js'
import { AgentNode, type AgentNodePatch, type GenerateContentConfig } from '../ir/agent-node.js'
import { addAgentCallback, type AgentCallbackKind, type AgentCallbacks } from '../ir/agent-callbacks.js'
import type { StatePredicate } from '../ir/state-function-types.js'
import type { GuardChain } from '../namespaces/guards/guard-spec.js'
import { parseGuards } from '../parse/parse-guards.js'
import {
  parseAgentToolBuilder,
  parseArtifactOperations,
  parseContextSpec,
  parseGenerateConfig,
  parseMockScript,
  parseModel,
  parsePlanner,
  parseStaticInstruction,
  parseSubAgents,
  parseText,
} from '../parse/parse-agent-fields.js'
import { parseCount } from '../parse/parse-count.js'
import { parseFunction } from '../parse/parse-function.js'
import { parseInstruction } from '../parse/parse-instruction.js'
import { parseReads } from '../parse/parse-reads.js'
import { parseSchema } from '../parse/parse-schema.js'
import { parseStateKey } from '../parse/parse-state-key.js'
import type { NodeHolder } from '../parse/parse-step.js'
import {
  parseToolEntry,
  parseToolsEntries,
  type ToolArgument,
  type ToolOptions,
  type ToolsInput,
} from '../parse/parse-tools.js'
import { memoryTools, saveSessionToMemory, type MemoryMode } from '../namespaces/tools/memory-factories.js'
import type { BuilderKit, BuilderProps } from './builder-kit.js'
import { FlowBuilderBase } from './flow-builder-base.js'
import type { AgentBuilder } from './agent-builder.js'

/** `P.versioned()` prompts label every model request with `<tag>-<fingerprint>`. */
function versionPatch(prompt: PromptSpec): AgentNodePatch {
  return prompt.version === undefined
    ? {}
    : { promptVersion: `${prompt.version}-${prompt.fingerprint()}`.toLowerCase() }
}

/**
 * The class behind {@link AgentBuilder}, checked against it by `implements`. It holds only the node: the answer type
 * (`TOutput`, the `.returns()` schema's output) and the state keys are known to the interface's types alone, so the
 * class implements it for any. @internal
 */
export class AgentBuilderImpl extends FlowBuilderBase<any> implements AgentBuilder<any> {
  readonly #props: BuilderProps<AgentNode>

  constructor(props: BuilderProps<AgentNode>) {
    super()
    this.#props = Object.freeze(props)
  }

  get node(): AgentNode {
    return this.#props.node
  }

  protected get kit(): BuilderKit {
    return this.#props.kit
  }

  protected override answerSchema(): z.ZodType | undefined {
    return this.node.returns
  }

  #with(patch: AgentNodePatch): AgentBuilder<any> {
    return new AgentBuilderImpl({ node: AgentNode.cloneWith(this.#props.node, patch), kit: this.#props.kit })
  }

  #callback<K extends AgentCallbackKind>(kind: K, callback: unknown): AgentBuilder<any> {
    const parsed = parseFunction<AgentCallbacks[K][number]>(callback, this.callPath(kind), 'a callback function')
    return this.#with({ callbacks: addAgentCallback(this.node.callbacks, kind, parsed) })
  }

  guard(...guards: GuardChain[]): AgentBuilder<any> {
    return this.#with({ guards: Object.freeze([...this.node.guards, ...parseGuards(guards, this.callPath('guard'))]) })
  }

  model(model: string | BaseLlm): AgentBuilder<any> {
    return this.#with({ model: parseModel(model, this.callPath('model')), mock: undefined })
  }

  instruct(instruction: unknown): AgentBuilder<any> {
    const parsed = parseInstruction(instruction, this.callPath('instruct'))
    return this.#with(isPromptSpec(parsed) ? { instruction: parsed, ...versionPatch(parsed) } : { instruction: parsed })
  }

  describe(description: string): AgentBuilder<any> {
    return this.#with({ description: parseText(description, this.callPath('describe')) })
  }

  static(instruction: string | PromptSpec): AgentBuilder<any> {
    const staticInstruction = parseStaticInstruction(instruction, this.callPath('static'))
    return this.#with({ staticInstruction, ...(isPromptSpec(instruction) ? versionPatch(instruction) : {}) })
  }

  artifacts(...operations: readonly unknown[]): AgentBuilder<any> {
    const parsed = parseArtifactOperations(operations, this.callPath('artifacts'))
    return this.#with({ artifacts: Object.freeze([...this.node.artifacts, ...parsed]) })
  }

  globalInstruct(instruction: string): AgentBuilder<any> {
    return this.#with({ globalInstruction: parseText(instruction, this.callPath('globalInstruct')) })
  }

  reads(...parameters: unknown[]): AgentBuilder<any> {
    return this.#with({ reads: parseReads(this.node.reads, parameters, this.callPath('reads')) })
  }

  context(spec: unknown): AgentBuilder<any> {
    return this.#with({ context: parseContextSpec(spec, this.callPath('context')) })
  }

  accepts(schema: z.ZodType): AgentBuilder<any> {
    return this.#with({ accepts: parseSchema(schema, this.callPath('accepts')) })
  }

  returns<$Schema extends z.ZodType>(schema: $Schema): AgentBuilder<z.output<$Schema>> {
    return this.#with({ returns: parseSchema(schema, this.callPath('returns')) })
  }

  writes(key: string): AgentBuilder<any> {
    return this.#with({ writes: parseStateKey(key, this.callPath('writes')) })
  }

  produces(schema: z.ZodType): AgentBuilder<any> {
    return this.#with({ produces: parseSchema(schema, this.callPath('produces')) })
  }

  consumes(schema: unknown): AgentBuilder<any> {
    return this.#with({ consumes: parseSchema(schema, this.callPath('consumes')) })
  }

  tool(tool: ToolArgument, options?: ToolOptions): AgentBuilder<any> {
    return this.#with({
      tools: Object.freeze([...this.node.tools, parseToolEntry(tool, options, this.callPath('tool'))]),
    })
  }

  tools(tools: ToolsInput): AgentBuilder<any> {
    return this.#with({
      tools: Object.freeze([...this.node.tools, ...parseToolsEntries(tools, this.callPath('tools'))]),
    })
  }

  memory(mode: MemoryMode = 'preload'): AgentBuilder<any> {
    return this.tools(memoryTools(mode, this.callPath('memory')))
  }

  memoryAutoSave(): AgentBuilder<any> {
    return this.afterAgent(saveSessionToMemory)
  }

  agentTool(agent: NodeHolder): AgentBuilder<any> {
    const node = parseAgentToolBuilder(agent, this.callPath('agentTool'))
    return this.#with({
      tools: Object.freeze([...this.node.tools, Object.freeze({ kind: 'agent-tool' as const, agent: node })]),
    })
  }

  subAgents(...agents: readonly unknown[]): AgentBuilder<any> {
    return this.#with({
      subAgents: Object.freeze([...this.node.subAgents, ...parseSubAgents(agents, this.callPath('subAgents'))]),
    })
  }

  isolate(): AgentBuilder<any> {
    return this.#with({ transfer: Object.freeze({ disallowTransferToParent: true, disallowTransferToPeers: true }) })
  }

  stay(): AgentBuilder<any> {
    return this.#with({ transfer: Object.freeze({ ...this.node.transfer, disallowTransferToParent: true }) })
  }

  noPeers(): AgentBuilder<any> {
    return this.#with({ transfer: Object.freeze({ ...this.node.transfer, disallowTransferToPeers: true }) })
  }

  beforeAgent(callback: SingleAgentCallback): AgentBuilder<any> {
    return this.#callback('beforeAgent', callback)
  }

  afterAgent(callback: SingleAgentCallback): AgentBuilder<any> {
    return this.#callback('afterAgent', callback)
  }

  beforeModel(callback: SingleBeforeModelCallback): AgentBuilder<any> {
    return this.#callback('beforeModel', callback)
  }

  afterModel(callback: SingleAfterModelCallback): AgentBuilder<any> {
    return this.#callback('afterModel', callback)
  }

  beforeTool(callback: SingleBeforeToolCallback): AgentBuilder<any> {
    return this.#callback('beforeTool', callback)
  }

  afterTool(callback: SingleAfterToolCallback): AgentBuilder<any> {
    return this.#callback('afterTool', callback)
  }

  proceedIf(predicate: StatePredicate): AgentBuilder<any> {
    return this.#with({
      proceedIf: parseFunction<StatePredicate>(predicate, this.callPath('proceedIf'), 'a predicate (state) => boolean'),
    })
  }

  planner(planner: BasePlanner): AgentBuilder<any> {
    return this.#with({ planner: parsePlanner(planner, this.callPath('planner')) })
  }

  generateContentConfig(config: GenerateContentConfig): AgentBuilder<any> {
    return this.#with({ generateContentConfig: parseGenerateConfig(config, this.callPath('generateContentConfig')) })
  }

  toolRetries(retries: number): AgentBuilder<any> {
    return this.#with({ toolRetries: parseCount(retries, this.callPath('toolRetries'), 0, 'the number of retries') })
  }

  mock(script: readonly ScriptEntry[]): AgentBuilder<any> {
    return this.#with({ mock: parseMockScript(script, this.callPath('mock')), model: undefined })
  }

  override build(): LlmAgent {
    return super.build() as LlmAgent
  }
}
