import type { z } from 'zod'
import type { GuardChain } from '../namespaces/guards/guard-spec.js'
import type {
  BaseLlm,
  BasePlanner,
  LlmAgent,
  SingleAfterModelCallback,
  SingleAfterToolCallback,
  SingleAgentCallback,
  SingleBeforeModelCallback,
  SingleBeforeToolCallback,
} from '@adk-fluent/core'
import type { ScriptEntry } from '@adk-fluent/core/testing'
import type { ContextSpec } from '../namespaces/context/index.js'
import type { PromptSpec } from '../namespaces/prompt/index.js'
import type { ArtifactOperation } from '../namespaces/artifacts/artifact-operation.js'
import type { AgentInstruction, AgentNode, GenerateContentConfig } from '../ir/agent-node.js'
import type { StatePredicate } from '../ir/state-function-types.js'
import type { NodeHolder } from '../parse/parse-step.js'
import type { ToolArgument, ToolOptions, ToolsInput } from '../parse/parse-tools.js'
import type { MemoryMode } from '../namespaces/tools/memory-factories.js'
import type { FlowBuilder } from './flow-builder.js'
import type {
  AddReads,
  AddWrites,
  Checked,
  DeclaredWrites,
  FlowOf,
  InitialError,
  InitialKeys,
  InitialReceiver,
  KeyWrites,
  ReadError,
  SchemaKeys,
  SchemaWrites,
  SetWrites,
  SomeWrites,
  StateFlow,
  Typed,
  WithInitial,
} from '../flow-types/state-flow.js'
import type { InstructionRequiredKeys } from '../flow-types/template-keys.js'

/** What a sub-agent or agent tool `$Agent` (a union for several) may write: its writes, each possibly absent. */
export type ChildWrites<$Agent> = SomeWrites<FlowOf<$Agent>['writes']>

/**
 * An agent's flow: `TFlow` (its reads, initial state and `.writes()` key) with the keys it writes otherwise (`TSide`:
 * `.produces()`, `.context()`, `.artifacts()`, its sub-agents and agent tools). Kept apart so that `.writes()` replaces
 * only its own key and `.returns()` types only that one.
 */
export type AgentFlow<TFlow extends StateFlow, TSide extends object> = [keyof TSide] extends [never]
  ? TFlow
  : AddWrites<Typed<TFlow>, TSide>

/**
 * An LLM agent (a core `LlmAgent`). Every method returns a new builder; the receiver is unchanged. Single-valued
 * settings are replaced by a later call; lists (tools, sub-agents, callbacks, read keys) are appended to.
 * `TOutput` is what `.ask()` returns: the text, or the type of the `.returns()` schema. `TFlow` is what its type knows
 * of the state it reads and its `.writes()` key, `TSide` the keys it writes otherwise (see {@link AgentFlow}).
 */
export interface AgentBuilder<TOutput = string, TFlow extends StateFlow = any, TSide extends object = any>
  extends FlowBuilder<TOutput, AgentFlow<TFlow, TSide>> {
  readonly node: AgentNode
  /** The model: a name (`'gemini-2.5-flash'`) or a `BaseLlm` (replaces; clears `.mock()`). Without one the agent uses its nearest ancestor's. */
  model(model: string | BaseLlm): AgentBuilder<TOutput, TFlow, TSide>
  /**
   * The instruction (replaces): a string with `{key}` / `{key?}` templates resolved from state at run time, a `P`
   * prompt, or a function `(context) => string`.
   * @example Agent('writer').instruct('Write about {topic}.')
   */
  instruct<const $Instruction extends AgentInstruction>(
    instruction: Checked<$Instruction, ReadError<AddReads<Typed<TFlow>, InstructionRequiredKeys<$Instruction>, true>>>,
  ): AgentBuilder<TOutput, AddReads<Typed<TFlow>, InstructionRequiredKeys<$Instruction>, true>, TSide>
  /** The description other agents see when choosing whom to transfer to (replaces). */
  describe(text: string): AgentBuilder<TOutput, TFlow, TSide>
  /**
   * The static instruction, sent unchanged as a cacheable prefix (replaces): text, or a static `P` prompt (no
   * `P.when`/`P.fromState`/`P.template`/`P.compress`/`P.adapt`), rendered once at the call.
   * @example Agent('a').static(P.role('You are a support agent.').add(P.constraint('Never promise refunds.')))
   */
  static(instruction: string | PromptSpec): AgentBuilder<TOutput, TFlow, TSide>
  /** The global instruction; only the root agent's applies, to every agent of the tree (replaces). */
  globalInstruct(text: string): AgentBuilder<TOutput, TFlow, TSide>
  /**
   * Shows these state keys in a `<conversation_context>` block after the instruction and hides the conversation
   * history (`C.none()` + `C.fromState(...)`); keys are appended across calls.
   * @example Agent('critic').instruct('Review the draft.').reads('draft', 'tone')
   */
  reads<const $Key extends string>(
    ...keys: Checked<$Key, ReadError<AddReads<Typed<TFlow>, $Key, false>>>[]
  ): AgentBuilder<TOutput, AddReads<Typed<TFlow>, $Key, false>, TSide>
  /**
   * Like `.reads(...keys)`; `keepHistory: true` keeps the conversation history too (sets it for the agent).
   * @example Agent('critic').reads(['draft'], { keepHistory: true })
   */
  reads<const $Key extends string>(
    keys: readonly Checked<$Key, ReadError<AddReads<Typed<TFlow>, $Key, false>>>[],
    options: { readonly keepHistory?: boolean },
  ): AgentBuilder<TOutput, AddReads<Typed<TFlow>, $Key, false>, TSide>
  /**
   * What the agent sees of the conversation and state, as a `C` spec (replaces; combined with `.reads()`). The state
   * keys it reads (`C.fromState`, `C.template`'s `{key}`) count as reads, like `.reads()`.
   * @example Agent('a').context(C.window(3))
   */
  context<const $Spec extends ContextSpec>(
    spec: Checked<$Spec, ReadError<AddReads<Typed<TFlow>, InstructionRequiredKeys<$Spec>, false>>>,
  ): AgentBuilder<TOutput, AddReads<Typed<TFlow>, InstructionRequiredKeys<$Spec>, false>, TSide & DeclaredWrites<$Spec>>
  /** The input schema, used when the agent is called as a tool (replaces). */
  accepts(schema: z.ZodType): AgentBuilder<TOutput, TFlow, TSide>
  /**
   * The output schema: the model answers JSON of this shape, and `.ask()` returns the parsed object (replaces).
   * @example Agent('classifier').returns(z.object({ intent: z.enum(['billing', 'other']) }))
   */
  returns<$Schema extends z.ZodType>(
    schema: $Schema,
  ): AgentBuilder<
    z.output<$Schema>,
    SetWrites<Typed<TFlow>, { [K in keyof Typed<TFlow>['writes']]: z.output<$Schema> }>,
    TSide
  >
  /** Stores the agent's final answer in `state[key]` (replaces). @example Agent('writer').writes('draft') */
  writes<const $Key extends string>(
    key: $Key,
  ): AgentBuilder<TOutput, SetWrites<Typed<TFlow>, KeyWrites<$Key, TOutput>>, TSide>
  /**
   * Declares the state this agent produces, for the contract checker only (replaces): the schema's top-level fields
   * count as keys it writes, in the types too.
   */
  produces<$Schema extends z.ZodType>(
    schema: $Schema,
  ): AgentBuilder<TOutput, TFlow, TSide & SchemaWrites<z.output<$Schema>>>
  /**
   * Declares the state this agent consumes, for the contract checker only (replaces): the schema's top-level fields
   * count as keys it reads (like `.reads()`), in the types too.
   */
  consumes<$Schema extends z.ZodType>(
    schema: Checked<$Schema, ReadError<AddReads<Typed<TFlow>, SchemaKeys<z.output<$Schema>>, false>>>,
  ): AgentBuilder<TOutput, AddReads<Typed<TFlow>, SchemaKeys<z.output<$Schema>>, false>, TSide>
  /**
   * Adds one tool (appends): a core tool, or a function made into a tool by `T.fn(fn, options)`.
   * @example Agent('assistant').tool(getWeather)
   */
  tool(tool: ToolArgument, options?: ToolOptions): AgentBuilder<TOutput, TFlow, TSide>
  /** Adds tools (appends): a `T` composite, a core tool, or a list of them. @example Agent('a').tools(T.fn(search).add(T.fn(fetch))) */
  tools(tools: ToolsInput): AgentBuilder<TOutput, TFlow, TSide>
  /**
   * Gives the agent the user's long-term memory (appends tools): `'preload'` (default) adds `T.preloadMemory()`,
   * `'on-demand'` adds `T.loadMemory()`, `'both'` adds both. The runner's `memoryService` is searched.
   * @example Agent('assistant').instruct('Help the user.').memory('both')
   */
  memory(mode?: MemoryMode): AgentBuilder<TOutput, TFlow, TSide>
  /**
   * After the agent runs, adds the session (as the run sees it) to the runner's `memoryService` (an after-agent
   * callback calling `context.addSessionToMemory()`, appended); a run without a memory service fails with a
   * `ConfigError`. To save every run of a runner, use `memoryAutoSave` on the `Runner` or in `.ask()` options.
   */
  memoryAutoSave(): AgentBuilder<TOutput, TFlow, TSide>
  /** Adds another agent as a tool the model can call (appends; an `AgentTool` at build). */
  agentTool<$Agent extends NodeHolder>(agent: $Agent): AgentBuilder<TOutput, TFlow, TSide & ChildWrites<$Agent>>
  /**
   * Adds transfer targets (appends). What a sub-agent (or an agent tool) writes counts as written after this agent,
   * as for the checker (each key possibly absent: the model may not transfer).
   * @example Agent('router').subAgents(Agent('billing'), Agent('support'))
   */
  subAgents<const $Agents extends readonly NodeHolder[]>(
    ...agents: $Agents
  ): AgentBuilder<TOutput, TFlow, TSide & ChildWrites<$Agents[number]>>
  /** Never transfers to its parent or to its peers. */
  isolate(): AgentBuilder<TOutput, TFlow, TSide>
  /** Never transfers back to its parent. */
  stay(): AgentBuilder<TOutput, TFlow, TSide>
  /** Never transfers to its peers. */
  noPeers(): AgentBuilder<TOutput, TFlow, TSide>
  /** Adds a before-agent callback (appends; the first non-undefined result is the agent's reply and skips it). */
  beforeAgent(callback: SingleAgentCallback): AgentBuilder<TOutput, TFlow, TSide>
  /** Adds an after-agent callback (appends; the first non-undefined result is added as a reply). */
  afterAgent(callback: SingleAgentCallback): AgentBuilder<TOutput, TFlow, TSide>
  /**
   * Adds guards (`G.pii()`, `G.length()`, `G.regex()`, `G.judge()`, composed with `.add`) around every model call
   * of this agent, appended, run in order; compiled into the built agent. A blocked call fails the run with a
   * `GuardViolationError` (code `GUARD_VIOLATION`) and nothing of it reaches the model.
   * @example Agent('support').guard(G.pii({ action: 'redact' }).add(G.length({ max: 2000 })))
   */
  guard(...guards: GuardChain[]): AgentBuilder<TOutput, TFlow, TSide>
  /** Adds a before-model callback (appends; the first non-undefined `LlmResponse` replaces the model call). */
  beforeModel(callback: SingleBeforeModelCallback): AgentBuilder<TOutput, TFlow, TSide>
  /** Adds an after-model callback (appends; the first non-undefined `LlmResponse` replaces the response). */
  afterModel(callback: SingleAfterModelCallback): AgentBuilder<TOutput, TFlow, TSide>
  /** Adds a before-tool callback (appends; the first non-undefined result replaces the tool call). */
  beforeTool(callback: SingleBeforeToolCallback): AgentBuilder<TOutput, TFlow, TSide>
  /** Adds an after-tool callback (appends; the first non-undefined result replaces the tool result). */
  afterTool(callback: SingleAfterToolCallback): AgentBuilder<TOutput, TFlow, TSide>
  /**
   * Runs the agent only when `predicate(state)` holds; otherwise it is skipped with an empty reply (replaces).
   * @example Agent('escalate').proceedIf((state) => state['severity'] === 'high')
   */
  proceedIf(predicate: StatePredicate): AgentBuilder<TOutput, TFlow, TSide>
  /** The planner (replaces). @example Agent('a').planner(new PlanReActPlanner()) */
  planner(planner: BasePlanner): AgentBuilder<TOutput, TFlow, TSide>
  /** Generation settings such as `temperature` (replaces). @example Agent('a').generateContentConfig({ temperature: 0 }) */
  generateContentConfig(config: GenerateContentConfig): AgentBuilder<TOutput, TFlow, TSide>
  /**
   * How many times the model is asked again after a tool call with invalid arguments (core's `maxToolRetries`,
   * default 2; replaces). Past it the agent stops and `.ask()` rejects with code `TOOL_RETRIES_EXCEEDED`.
   * @example Agent('a').tool(lookup).toolRetries(1)
   */
  toolRetries(retries: number): AgentBuilder<TOutput, TFlow, TSide>
  /**
   * Uses a `ScriptedLlm` replaying `script` as the model (replaces; clears `.model()`); every build gets a fresh one.
   * @example Agent('a').mock(['Hello!'])
   */
  mock(script: readonly ScriptEntry[]): AgentBuilder<TOutput, TFlow, TSide>
  /**
   * `A` operations run after the agent's reply is stored (appends): they see the state its `.writes()` key holds,
   * and their artifact and state changes are carried by one event after the reply.
   * @example Agent('generator').writes('report_text').artifacts(A.publish('report.md', { fromKey: 'report_text' }))
   */
  artifacts<const $Operations extends readonly ArtifactOperation[]>(
    ...operations: $Operations
  ): AgentBuilder<TOutput, TFlow, TSide & DeclaredWrites<$Operations[number]>>
  /**
   * Declares state keys present when the run starts (the caller's input), for the contract checker (appends). Declared
   * on any builder of a tree, they hold for the whole tree; once any are declared, a key that nothing writes and that
   * is not declared is an error instead of a warning (in the types too: a read of such a key does not compile).
   * @example Agent('writer').instruct('Write about {topic}.').initialState('topic')
   */
  initialState<const $Key extends string = never>(
    this: InitialReceiver<$Key, InitialError<Typed<TFlow>, $Key>>,
    ...keys: InitialKeys<$Key, InitialError<Typed<TFlow>, $Key>>
  ): AgentBuilder<TOutput, WithInitial<Typed<TFlow>, $Key>, TSide>
  build(): LlmAgent
}
