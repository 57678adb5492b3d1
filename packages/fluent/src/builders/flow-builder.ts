import type { BaseAgent, BasePlugin, Event } from '@adk-fluent/core'
import type { FlowNode } from '../ir/flow-node.js'
import type { StatePredicate } from '../ir/state-function-types.js'
import type { StepInput } from '../parse/parse-step.js'
import type { AskOptions, RunOptions } from '../ask/run-options.js'
import type { AskReturn } from '../ask/ask-result.js'
import type { StreamChunk } from '../ask/stream-chunk.js'
import type { CheckIssue, CheckOptions } from '../check/check-issue.js'
import type { ExplainReport } from '../introspect/explain-report.js'
import type { LlmAnatomyOptions } from '../introspect/llm-anatomy-preview.js'
import type { FallbackBuilder } from './fallback-builder.js'
import type { FanOutBuilder } from './fan-out-builder.js'
import type { LoopBuilder } from './loop-builder.js'
import type { PipelineBuilder, StepAnswer, TransformStep } from './pipeline-builder.js'
import type { StateTransform } from '../namespaces/state/state-transform.js'
import type {
  Alternative,
  BranchError,
  Checked,
  Concurrent,
  FlowOf,
  OpaqueFlow,
  Sequence,
  SequenceError,
  StateFlow,
  StateOf,
  Typed,
} from '../namespaces/shared/state-flow.js'
import type { StepFunction } from '../ir/state-function-types.js'

/**
 * What every builder can do: compose, build and run (each builder adds `.initialState()`, typed by its state). Builders are immutable: each method returns a new builder and
 * leaves the receiver unchanged, so one builder can be reused in any number of workflows.
 */
export interface FlowBuilder<TOutput = string, TFlow extends StateFlow = any> {
  /** The frozen IR node this builder holds (what `build()` compiles and introspection reads). */
  readonly node: FlowNode
  /** Type-only: the state keys this builder writes and reads (never present at run time). */
  readonly '~flow'?: TFlow
  /**
   * A pipeline: this, then `step` (a builder, an `S` transform, an `A` operation or a function `(state) => delta`).
   * Named `<this>_then_<step>`; a pipeline on the left is extended instead of nested.
   * @example Agent('writer').writes('draft').then(Agent('critic').reads('draft'))
   */
  then<$Flow extends StateFlow>(
    step: TransformStep<TFlow, $Flow>,
  ): PipelineBuilder<string, Sequence<Typed<TFlow>, FlowOf<StateTransform<$Flow>>>>
  then(
    step: (state: StateOf<Typed<TFlow>>) => ReturnType<StepFunction>,
  ): PipelineBuilder<string, Sequence<Typed<TFlow>, OpaqueFlow>>
  then<$Step extends StepInput>(
    step: Checked<$Step, SequenceError<Typed<TFlow>, FlowOf<$Step>>>,
  ): PipelineBuilder<StepAnswer<$Step>, Sequence<Typed<TFlow>, FlowOf<$Step>>>
  /**
   * A fan-out running this and `branch` concurrently, named `<this>_and_<branch>`; a fan-out on the left is extended.
   * @example Agent('web').parallel(Agent('papers'))
   */
  parallel(branch: StepFunction): FanOutBuilder<Concurrent<Typed<TFlow>, OpaqueFlow>>
  parallel<$Step extends StepInput>(
    branch: Checked<$Step, BranchError<Typed<TFlow>, FlowOf<$Step>>>,
  ): FanOutBuilder<Concurrent<Typed<TFlow>, FlowOf<$Step>>>
  /**
   * A loop repeating this `count` times (a whole number >= 1), named `<this>_x<count>`; a pipeline's steps become
   * the loop's steps.
   * @example Agent('refiner').times(3)
   */
  times(count: number): LoopBuilder<TFlow>
  /**
   * A loop repeating this until `predicate(state)` holds after an iteration, at most `max` times (default 10),
   * named `<this>_until`.
   * @example writer.then(critic).until((state) => state['verdict'] === 'ok', { max: 5 })
   */
  until(predicate: StatePredicate, options?: { readonly max?: number }): LoopBuilder<TFlow>
  /**
   * A fallback trying this first and `alternative` when this fails, named `<this>_or_<alternative>`; a fallback on
   * the left is extended.
   * @example Agent('fast').model('gemini-2.5-flash').fallback(Agent('careful').model('gemini-2.5-pro'))
   */
  fallback(alternative: StepFunction): FallbackBuilder<Alternative<Typed<TFlow>, OpaqueFlow>>
  fallback<$Step extends StepInput>(
    alternative: Checked<$Step, BranchError<Typed<TFlow>, FlowOf<$Step>>>,
  ): FallbackBuilder<Alternative<Typed<TFlow>, FlowOf<$Step>>>
  /**
   * Validates the tree — its structure and the contract checker's error-level issues — (one `ConfigError` listing
   * every problem with its path) and returns fresh core agents.
   */
  build(): BaseAgent
  /**
  /**
   * Attaches middleware (`M.retry()`, `M.log()`, `M.latency()`, `M.cost()`, `M.circuitBreaker()`, or any core plugin)
   * to every agent inside this builder, appended; compiled into the built agents, so it survives `build()`.
   * @example Pipeline('flow').then(a).then(b).use(M.retry({ maxAttempts: 3 }), M.cost({ prices }))
   */
  use(...middleware: BasePlugin[]): this
  /**
   * The five data-flow concerns (reads, accepts, returns, writes, contract) as a `Data Flow:` block; a workflow shows
   * one block per LLM agent, headed `Data Flow: <agent>`.
   * @example console.log(Agent('classifier').returns(Intent).writes('intent').dataFlow())
   */
  dataFlow(): string
  /**
   * What the model will receive, numbered 1–6 (system, history, context, tools, constraint, after), symbolically:
   * templates shown as `{key}`. One block per LLM agent.
   * @example console.log(Agent('classifier').instruct('Classify: {query}').llmAnatomy())
   */
  llmAnatomy(): string
  /**
   * The same with the resolved system instruction, the contents and the tool declarations the model would receive
   * for this state and message, computed by core's `previewLlmRequest` (no model call).
   * @example console.log(await agent.llmAnatomy({ state: { query: 'refund' }, userMessage: 'Hi' }))
   */
  llmAnatomy(options: LlmAnatomyOptions): Promise<string>
  /**
   * Model, instruction, template variables, data flow, tools, callbacks, children and contract issues, as text.
   * @example console.log(pipeline.explain())
   */
  explain(options?: CheckOptions & { readonly format?: 'text' }): string
  /** The same as a plain object. @example const report = pipeline.explain({ format: 'json' }) */
  explain(options: CheckOptions & { readonly format: 'json' }): ExplainReport
  /**
   * The contract checker over the whole tree: `{ level, agent, message, hint, path }` issues, errors first. Never
   * throws; `build()` fails on the error-level ones.
   * @example const issues = pipeline.check({ initialState: ['topic'] })
   */
  check(options?: CheckOptions): CheckIssue[]
  /** The topology as a mermaid `flowchart TD`, with data-flow edges labelled by state key. @example pipeline.toMermaid() */
  toMermaid(): string
  /** The topology as a text tree, followed by the `producer --[key]--> consumer` data-flow lines. @example pipeline.toAscii() */
  toAscii(): string
  /**
   * Runs once on an in-memory runner with `prompt` as the user's message and returns the final answer's text (for an
   * agent with `.returns(schema)`, the parsed object). With `{ withUsage: true }` it returns `{ output, usage }`: the
   * answer and the model calls, tool calls and tokens of the run, in total and per agent.
   * @example const answer = await Agent('helper').instruct('Answer briefly.').ask('What is ADK?')
   */
  ask<TOptions extends AskOptions = RunOptions>(
    prompt: string,
    options?: TOptions,
  ): Promise<AskReturn<TOutput, TOptions>>
  /**
   * Runs once with streaming on and yields the text as it arrives, each chunk tagged with its author (and branch in a
   * fan-out), so concurrent agents' texts can be told apart.
   * @example for await (const { author, text } of fanOut.stream('Research bees')) console.log(author, text)
   */
  stream(prompt: string, options?: RunOptions): AsyncGenerator<StreamChunk, void, undefined>
  /**
   * `.stream()` as plain text chunks, for the simple case of one agent answering.
   * @example for await (const chunk of agent.streamText('Tell me a story')) process.stdout.write(chunk)
   */
  streamText(prompt: string, options?: RunOptions): AsyncGenerator<string, void, undefined>
  /**
   * Runs once and yields every event (model replies, tool calls and results, state changes).
   * @example for await (const event of pipeline.events('Go')) console.log(event.author)
   */
  events(prompt: string, options?: RunOptions): AsyncGenerator<Event, void, undefined>
}
