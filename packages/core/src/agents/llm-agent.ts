import type { GenerateContentConfig } from '../models/genai-types.js'
import type { z } from 'zod'
import { BaseAgent, combineHistoryTurns, type BaseAgentConfig } from './base-agent.js'
import type { InvocationContext } from './invocation-context.js'
import type { ReadonlyContext } from './readonly-context.js'
import { noItems, toCallbackList } from './agent-callbacks.js'
import type {
  AfterModelCallback,
  AfterToolCallback,
  BeforeModelCallback,
  BeforeToolCallback,
  Instruction,
  SingleAfterModelCallback,
  SingleAfterToolCallback,
  SingleBeforeModelCallback,
  SingleBeforeToolCallback,
} from './llm-agent-callbacks.js'
import type { Event } from '../events/event.js'
import { BaseLlm, isBaseLlm } from '../models/base-llm.js'
import { LLMRegistry } from '../models/llm-registry.js'
import type { BaseTool } from '../tools/base-tool.js'
import type { BasePlanner } from '../planners/base-planner.js'
import { llmAgentConfigIssues } from './llm-agent-config-issues.js'
import { isRecord } from './validate-agent-config.js'
import { runLlmFlow } from '../flows/llm-flow.js'
import { isLlmAgent, llmAgentBrand } from './is-llm-agent.js'
import type { NodeContext } from '../workflow/node-context.js'
import { runLlmAgentAsNode } from '../workflow/llm-agent-node.js'

/** Model used when no agent in the tree names one: `ADK_FLUENT_MODEL`, else `gemini-2.5-flash`. */
export function defaultModelName(): string {
  return process.env['ADK_FLUENT_MODEL'] || 'gemini-2.5-flash'
}

/** Retries after a tool call with invalid arguments, when `maxToolRetries` is not set. */
export const DEFAULT_MAX_TOOL_RETRIES = 2

/** What history an agent's model receives (see {@link LlmAgentConfig.includeContents}). */
export type IncludeContents = 'default' | 'none' | 'isolated'

export interface LlmAgentConfig extends BaseAgentConfig {
  /** A model name (resolved by {@link LLMRegistry}) or a model instance; inherited from the nearest LlmAgent ancestor. */
  model?: string | BaseLlm
  instruction?: Instruction
  /** Used only on the root agent, for every agent of the tree. */
  globalInstruction?: Instruction
  /** Sent as the system instruction unchanged; the dynamic `instruction` then moves into user content. */
  staticInstruction?: string
  tools?: readonly BaseTool[]
  generateContentConfig?: GenerateContentConfig
  /**
   * `'default'`: all history of the agent's branch. `'none'` (ADK): only the current turn, which starts at the latest
   * event of the user or of another agent (so the previous agent's reply is included). `'isolated'` (adk-fluent): the
   * user's message of the current turn and this agent's own calls since it started; no event of another agent.
   */
  includeContents?: IncludeContents
  /**
   * With `includeContents: 'none'` or `'isolated'`, how many earlier user turns an instruction provider reads from
   * `session.events` (a run then loads only those from the session store). Default: `0` with string instructions,
   * all history with a function instruction.
   */
  historyTurns?: number
  /**
   * How many times the model is asked again after a tool call with arguments the tool's schema rejects (default 2).
   * Past it the agent stops: its last event carries `errorCode: 'TOOL_RETRIES_EXCEEDED'`.
   */
  maxToolRetries?: number
  inputSchema?: z.ZodType
  outputSchema?: z.ZodType
  /** State key that receives this agent's final answer (the parsed object with `outputSchema`). */
  outputKey?: string
  planner?: BasePlanner
  disallowTransferToParent?: boolean
  disallowTransferToPeers?: boolean
  beforeModelCallback?: BeforeModelCallback
  afterModelCallback?: AfterModelCallback
  beforeToolCallback?: BeforeToolCallback
  afterToolCallback?: AfterToolCallback
}

/** An agent driven by a model: it builds a request, calls the model, runs the tools it asks for, and loops. */
export class LlmAgent extends BaseAgent {
  static {
    // On the prototype, like BaseAgent's brand (see there).
    Object.defineProperty(LlmAgent.prototype, llmAgentBrand, { value: true })
  }

  readonly model: string | BaseLlm | undefined
  readonly instruction: Instruction
  readonly globalInstruction: Instruction
  readonly staticInstruction: string | undefined
  readonly tools: readonly BaseTool[]
  readonly generateContentConfig: GenerateContentConfig | undefined
  readonly includeContents: IncludeContents
  /** `includeContents` was configured (a workflow node without it reads only its input, as in ADK 2.0). */
  readonly includeContentsExplicit: boolean
  readonly #historyTurns: number | undefined
  readonly maxToolRetries: number
  declare readonly inputSchema: z.ZodType | undefined
  declare readonly outputSchema: z.ZodType | undefined
  readonly outputKey: string | undefined
  readonly planner: BasePlanner | undefined
  readonly disallowTransferToParent: boolean
  readonly disallowTransferToPeers: boolean
  readonly beforeModelCallback: readonly SingleBeforeModelCallback[]
  readonly afterModelCallback: readonly SingleAfterModelCallback[]
  readonly beforeToolCallback: readonly SingleBeforeToolCallback[]
  readonly afterToolCallback: readonly SingleAfterToolCallback[]
  #resolvedModel: BaseLlm | undefined
  /** The default model, made on first use when no agent up the tree has one (kept apart so a later parent's wins). */
  #fallbackModel: BaseLlm | undefined

  constructor(config: LlmAgentConfig) {
    // Checked with BaseAgent's checks, before it links the sub-agents: one ConfigError lists every problem.
    // As in ADK 2.0, an LlmAgent node runs again when its workflow resumes after waiting for an answer.
    super(
      isRecord(config) ? { ...config, rerunOnResume: config.rerunOnResume ?? true } : config,
      llmAgentConfigIssues(config),
    )
    this.model = config.model
    if (typeof config.model === 'string' && config.model.length > 0)
      this.#resolvedModel = LLMRegistry.newLlm(config.model)
    else if (isBaseLlm(config.model)) this.#resolvedModel = config.model
    this.instruction = config.instruction ?? ''
    this.globalInstruction = config.globalInstruction ?? ''
    this.staticInstruction = config.staticInstruction
    this.tools = config.tools?.length ? Object.freeze([...config.tools]) : noItems
    this.generateContentConfig = config.generateContentConfig
    this.includeContents = config.includeContents ?? 'default'
    this.includeContentsExplicit = config.includeContents !== undefined
    this.#historyTurns = config.historyTurns
    this.maxToolRetries = config.maxToolRetries ?? DEFAULT_MAX_TOOL_RETRIES
    this.outputKey = config.outputKey
    this.planner = config.planner
    // An agent with structured output answers itself: it never hands the question on.
    this.disallowTransferToParent = config.outputSchema ? true : (config.disallowTransferToParent ?? false)
    this.disallowTransferToPeers = config.outputSchema ? true : (config.disallowTransferToPeers ?? false)
    this.beforeModelCallback = toCallbackList(config.beforeModelCallback)
    this.afterModelCallback = toCallbackList(config.afterModelCallback)
    this.beforeToolCallback = toCallbackList(config.beforeToolCallback)
    this.afterToolCallback = toCallbackList(config.afterToolCallback)
  }

  /** Runs the agent as a workflow node: its input is its user turn, its final answer its output (see `runLlmAgentAsNode`). */
  protected override runImpl(ctx: NodeContext, input: unknown): AsyncGenerator<unknown, void, undefined> {
    return runLlmAgentAsNode(this, ctx, input, (output) => this.validateOutput(output))
  }

  /**
   * As {@link BaseNode.run}, without its per-event pass: the agent's events are events already, and the answer it
   * turns into the node's output is checked where it is set.
   */
  override run(ctx: NodeContext, input: unknown): AsyncGenerator<Event, void, undefined> {
    return runLlmAgentAsNode(this, ctx, this.validateInput(input), (output) => this.validateOutput(output))
  }

  protected override get transfersBetweenAgents(): boolean {
    return true
  }

  /** The model this agent calls: its own, else the nearest LlmAgent ancestor's, else the default model. */
  get canonicalModel(): BaseLlm {
    return this.modelWithFallback(undefined)
  }

  /** Like {@link canonicalModel}, with `fallback` (a run's `runConfig.model`) in place of the default model. */
  modelWithFallback(fallback: BaseLlm | undefined): BaseLlm {
    let agent: BaseAgent | undefined = this
    while (agent) {
      if (isLlmAgent(agent) && agent.#resolvedModel) return agent.#resolvedModel
      agent = agent.parentAgent
    }
    if (fallback) return fallback
    const root = this.rootAgent
    const owner = isLlmAgent(root) ? root : this
    owner.#fallbackModel ??= LLMRegistry.newLlm(defaultModelName())
    return owner.#fallbackModel
  }

  /** All history with `includeContents: 'default'`; else the declared `historyTurns` (see {@link LlmAgentConfig}). */
  override historyTurns(): number | undefined {
    // 'default' contents read all history (checked first: no arrays for the common case).
    if (this.includeContents === 'default') return undefined
    const plain = typeof this.instruction === 'string' && typeof this.globalInstruction === 'string'
    const own = this.#historyTurns ?? (plain ? 0 : undefined)
    return own === undefined
      ? undefined
      : combineHistoryTurns([own, ...this.subAgents.map((sub) => sub.historyTurns())])
  }

  /** The instruction text and whether `{key}` templates must be injected (strings: yes; providers: no). */
  async canonicalInstruction(
    context: ReadonlyContext,
  ): Promise<{ instruction: string; requireStateInjection: boolean }> {
    if (typeof this.instruction === 'string') return { instruction: this.instruction, requireStateInjection: true }
    return { instruction: await this.instruction(context), requireStateInjection: false }
  }

  /**
   * The instruction when it is a string and {@link canonicalInstruction} is LlmAgent's own (a subclass may override
   * it): then the request is built without awaiting it. `undefined` otherwise.
   * @internal
   */
  get stringInstruction(): string | undefined {
    return typeof this.instruction === 'string' && this.canonicalInstruction === LlmAgent.prototype.canonicalInstruction
      ? this.instruction
      : undefined
  }

  /** Same for the global instruction and {@link canonicalGlobalInstruction}. @internal */
  get stringGlobalInstruction(): string | undefined {
    return typeof this.globalInstruction === 'string' &&
      this.canonicalGlobalInstruction === LlmAgent.prototype.canonicalGlobalInstruction
      ? this.globalInstruction
      : undefined
  }

  /** Same for the global instruction. */
  async canonicalGlobalInstruction(
    context: ReadonlyContext,
  ): Promise<{ instruction: string; requireStateInjection: boolean }> {
    if (typeof this.globalInstruction === 'string') {
      return { instruction: this.globalInstruction, requireStateInjection: true }
    }
    return { instruction: await this.globalInstruction(context), requireStateInjection: false }
  }

  protected runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    // The flow's generator itself, not a generator wrapping it: one async-generator layer less per event.
    return runLlmFlow(this, ctx)
  }
}
