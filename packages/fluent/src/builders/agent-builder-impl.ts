import type { z } from 'zod'
import {
  isBaseLlm,
  isBasePlanner,
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
import { isContextSpec, type ContextSpec } from '../namespaces/context/compile-context.js'
import { compilePrompt, isPromptSpec, type PromptSpec } from '../namespaces/prompt/compile-prompt.js'
import { isArtifactOperation, type ArtifactOperation } from '../namespaces/artifacts/artifact-operation.js'
import { AgentNode, type AgentInstruction, type AgentNodePatch, type GenerateContentConfig } from '../ir/agent-node.js'
import { addAgentCallback, type AgentCallbackKind, type AgentCallbacks } from '../ir/agent-callbacks.js'
import type { StatePredicate } from '../ir/state-function-types.js'
import { throwConfigIssue } from '../parse/config-issue.js'
import { describeValue } from '../parse/describe-value.js'
import { parseFunction } from '../parse/parse-function.js'
import { parseInstruction } from '../parse/parse-instruction.js'
import { parseReads } from '../parse/parse-reads.js'
import { parseSchema } from '../parse/parse-schema.js'
import { parseStateKey } from '../parse/parse-state-key.js'
import { isNodeHolder, type NodeHolder } from '../parse/parse-step.js'
import { parseToolEntry, parseToolsEntries, type ToolArgument, type ToolOptions, type ToolsInput } from '../parse/parse-tools.js'
import type { AgentBuilder } from './agent-builder.js'
import type { BuilderKit, BuilderProps } from './builder-kit.js'
import { FlowBuilderBase } from './flow-builder-base.js'

/** `P.versioned()` prompts label every model request with `<tag>-<fingerprint>`. */
function versionPatch(prompt: PromptSpec): AgentNodePatch {
  return prompt.version === undefined ? {} : { promptVersion: `${prompt.version}-${prompt.fingerprint()}`.toLowerCase() }
}

function text(value: unknown, path: readonly string[]): string {
  if (typeof value === 'string') return value
  throwConfigIssue(path, `expected a string, got ${describeValue(value)}.`)
}

/** @internal */
export class AgentBuilderImpl<TOutput = string> extends FlowBuilderBase<TOutput> implements AgentBuilder<TOutput> {
  readonly #props: BuilderProps<AgentNode>

  constructor(props: BuilderProps<AgentNode>) {
    super()
    this.#props = Object.freeze({ ...props })
  }

  get node(): AgentNode {
    return this.#props.node
  }

  protected get kit(): BuilderKit {
    return this.#props.kit
  }

  protected override answerSchema(): z.ZodType<TOutput> | undefined {
    return this.node.returns as z.ZodType<TOutput> | undefined
  }

  #with<TNext = TOutput>(patch: AgentNodePatch): AgentBuilderImpl<TNext> {
    return new AgentBuilderImpl<TNext>({ ...this.#props, node: AgentNode.cloneWith(this.#props.node, patch) })
  }

  #callback<K extends AgentCallbackKind>(kind: K, callback: unknown): AgentBuilder<TOutput> {
    const parsed = parseFunction<AgentCallbacks[K][number]>(callback, this.callPath(kind), 'a callback function')
    return this.#with({ callbacks: addAgentCallback(this.node.callbacks, kind, parsed) })
  }

  model(model: string | BaseLlm): AgentBuilder<TOutput> {
    if ((typeof model !== 'string' || model.length === 0) && !isBaseLlm(model)) {
      throwConfigIssue(this.callPath('model'), `expected a model name such as 'gemini-2.5-flash' or a BaseLlm, got ${describeValue(model)}.`)
    }
    return this.#with({ model, mock: undefined })
  }

  instruct(instruction: AgentInstruction): AgentBuilder<TOutput> {
    const parsed = parseInstruction(instruction, this.callPath('instruct'))
    return this.#with({ instruction: parsed, ...(isPromptSpec(parsed) ? versionPatch(parsed) : {}) })
  }

  describe(description: string): AgentBuilder<TOutput> {
    return this.#with({ description: text(description, this.callPath('describe')) })
  }

  static(instruction: string | PromptSpec): AgentBuilder<TOutput> {
    const path = this.callPath('static')
    if (!isPromptSpec(instruction)) return this.#with({ staticInstruction: text(instruction, path) })
    const compiled = compilePrompt(instruction)
    if (typeof compiled !== 'string') {
      throwConfigIssue(path, 'the prompt is dynamic (P.when, P.fromState, P.template, P.compress or P.adapt), and a static instruction is sent unchanged. Put the dynamic parts in .instruct() and keep .static() for fixed text.')
    }
    return this.#with({ staticInstruction: compiled, ...versionPatch(instruction) })
  }

  artifacts(...operations: ArtifactOperation[]): AgentBuilder<TOutput> {
    const path = this.callPath('artifacts')
    if (operations.length === 0) throwConfigIssue(path, "no operations given. Pass A operations such as .artifacts(A.publish('report.md', { fromKey: 'report' })).")
    operations.forEach((operation, index) => {
      if (!isArtifactOperation(operation)) {
        throwConfigIssue([...path, index], `expected an A operation such as A.publish('report.md', { fromKey: 'report' }), got ${describeValue(operation)}.`)
      }
    })
    return this.#with({ artifacts: Object.freeze([...this.node.artifacts, ...operations]) })
  }

  globalInstruct(instruction: string): AgentBuilder<TOutput> {
    return this.#with({ globalInstruction: text(instruction, this.callPath('globalInstruct')) })
  }

  reads(...parameters: unknown[]): AgentBuilder<TOutput> {
    return this.#with({ reads: parseReads(this.node.reads, parameters, this.callPath('reads')) })
  }

  context(spec: ContextSpec): AgentBuilder<TOutput> {
    if (!isContextSpec(spec)) {
      throwConfigIssue(this.callPath('context'), `expected a C context spec such as C.window(3), got ${describeValue(spec)}. A P prompt goes in .instruct().`)
    }
    return this.#with({ context: spec })
  }

  accepts(schema: z.ZodType): AgentBuilder<TOutput> {
    return this.#with({ accepts: parseSchema(schema, this.callPath('accepts')) })
  }

  returns<$Schema extends z.ZodType>(schema: $Schema): AgentBuilder<z.output<$Schema>> {
    return this.#with<z.output<$Schema>>({ returns: parseSchema(schema, this.callPath('returns')) })
  }

  writes(key: string): AgentBuilder<TOutput> {
    return this.#with({ writes: parseStateKey(key, this.callPath('writes')) })
  }

  produces(schema: z.ZodType): AgentBuilder<TOutput> {
    return this.#with({ produces: parseSchema(schema, this.callPath('produces')) })
  }

  consumes(schema: z.ZodType): AgentBuilder<TOutput> {
    return this.#with({ consumes: parseSchema(schema, this.callPath('consumes')) })
  }

  tool(tool: ToolArgument, options?: ToolOptions): AgentBuilder<TOutput> {
    return this.#with({ tools: Object.freeze([...this.node.tools, parseToolEntry(tool, options, this.callPath('tool'))]) })
  }

  tools(tools: ToolsInput): AgentBuilder<TOutput> {
    return this.#with({ tools: Object.freeze([...this.node.tools, ...parseToolsEntries(tools, this.callPath('tools'))]) })
  }

  agentTool(agent: NodeHolder): AgentBuilder<TOutput> {
    if (!isNodeHolder(agent)) {
      throwConfigIssue(this.callPath('agentTool'), `expected a builder such as Agent('helper'), got ${describeValue(agent)}.`)
    }
    return this.#with({ tools: Object.freeze([...this.node.tools, Object.freeze({ kind: 'agent-tool' as const, agent: agent.node })]) })
  }

  subAgents(...agents: NodeHolder[]): AgentBuilder<TOutput> {
    const path = this.callPath('subAgents')
    if (agents.length === 0) throwConfigIssue(path, "no agents given. Pass builders such as .subAgents(Agent('billing')).")
    const nodes = agents.map((agent, index) => {
      if (isNodeHolder(agent)) return agent.node
      throwConfigIssue([...path, index], `expected a builder such as Agent('billing'), got ${describeValue(agent)}.`)
    })
    return this.#with({ subAgents: Object.freeze([...this.node.subAgents, ...nodes]) })
  }

  isolate(): AgentBuilder<TOutput> {
    return this.#with({ transfer: Object.freeze({ disallowTransferToParent: true, disallowTransferToPeers: true }) })
  }

  stay(): AgentBuilder<TOutput> {
    return this.#with({ transfer: Object.freeze({ ...this.node.transfer, disallowTransferToParent: true }) })
  }

  noPeers(): AgentBuilder<TOutput> {
    return this.#with({ transfer: Object.freeze({ ...this.node.transfer, disallowTransferToPeers: true }) })
  }

  beforeAgent(callback: SingleAgentCallback): AgentBuilder<TOutput> {
    return this.#callback('beforeAgent', callback)
  }

  afterAgent(callback: SingleAgentCallback): AgentBuilder<TOutput> {
    return this.#callback('afterAgent', callback)
  }

  beforeModel(callback: SingleBeforeModelCallback): AgentBuilder<TOutput> {
    return this.#callback('beforeModel', callback)
  }

  afterModel(callback: SingleAfterModelCallback): AgentBuilder<TOutput> {
    return this.#callback('afterModel', callback)
  }

  beforeTool(callback: SingleBeforeToolCallback): AgentBuilder<TOutput> {
    return this.#callback('beforeTool', callback)
  }

  afterTool(callback: SingleAfterToolCallback): AgentBuilder<TOutput> {
    return this.#callback('afterTool', callback)
  }

  proceedIf(predicate: StatePredicate): AgentBuilder<TOutput> {
    return this.#with({ proceedIf: parseFunction<StatePredicate>(predicate, this.callPath('proceedIf'), 'a predicate (state) => boolean') })
  }

  planner(planner: BasePlanner): AgentBuilder<TOutput> {
    if (!isBasePlanner(planner)) {
      throwConfigIssue(this.callPath('planner'), `expected a planner such as new PlanReActPlanner(), got ${describeValue(planner)}.`)
    }
    return this.#with({ planner })
  }

  generateContentConfig(config: GenerateContentConfig): AgentBuilder<TOutput> {
    if (typeof config !== 'object' || config === null || Array.isArray(config)) {
      throwConfigIssue(this.callPath('generateContentConfig'), `expected an object such as { temperature: 0 }, got ${describeValue(config)}.`)
    }
    return this.#with({ generateContentConfig: Object.freeze({ ...config }) })
  }

  mock(script: readonly ScriptEntry[]): AgentBuilder<TOutput> {
    if (!Array.isArray(script)) {
      throwConfigIssue(this.callPath('mock'), `expected a list of scripted replies such as ['Hello!'], got ${describeValue(script)}.`)
    }
    return this.#with({ mock: Object.freeze([...script]), model: undefined })
  }

  override build(): LlmAgent {
    return super.build() as LlmAgent
  }
}
