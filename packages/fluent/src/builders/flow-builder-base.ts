import { RunUsage, type BaseAgent, type BasePlugin, type Event, type RunConfig } from '@adk-fluent/core'
import type { z } from 'zod'
import type { FlowNode } from '../ir/flow-node.js'
import type { StatePredicate } from '../ir/state-function-types.js'
import { parseCount } from '../parse/parse-count.js'
import { parseFunction } from '../parse/parse-function.js'
import { parseStep } from '../parse/parse-step.js'
import { compileNode } from '../compile/compile-node.js'
import { finalText } from '../ask/final-text.js'
import { parseAnswer } from '../ask/parse-answer.js'
import { runEvents, startRun } from '../ask/run-events.js'
import { pauseOf, type PauseWatch } from '../ask/pause-watch.js'
import type { Resume } from '../ask/resume-with.js'
import { runAgentFor } from '../ask/run-agent.js'
import { resumeOptions, type AskOptions, type RunOptions } from '../ask/run-options.js'
import type { AskReturn } from '../ask/ask-result.js'
import type { StreamChunk } from '../ask/stream-chunk.js'
import { streamChunks, streamText } from '../ask/stream-text.js'
import type { BuilderKit } from './builder-kit.js'
import type { FallbackBuilder } from './fallback-builder.js'
import type { FanOutBuilder } from './fan-out-builder.js'
import type { LoopBuilder } from './loop-builder.js'
import type { PipelineBuilder } from './pipeline-builder.js'
import { defaultUntilMax, fallbackNodes, parallelNodes, thenNodes, timesNode, untilNode } from './compose-nodes.js'
import { builderForNode, withInitialState, withMiddleware } from './builder-for-node.js'
import { parseMiddleware } from '../parse/parse-middleware.js'
import { isPromiseThen, rejectAwait } from './not-a-promise.js'
import { parseStateKey } from '../parse/parse-state-key.js'
import type { CheckIssue, CheckOptions } from '../check/check-issue.js'
import { checkNode } from '../check/check-node.js'
import { dataFlow } from '../introspect/data-flow.js'
import { explainReport, type ExplainReport } from '../introspect/explain-report.js'
import { formatExplain } from '../introspect/explain-text.js'
import { llmAnatomy } from '../introspect/llm-anatomy.js'
import { resolvedLlmAnatomy, type LlmAnatomyOptions } from '../introspect/llm-anatomy-preview.js'
import { toAscii } from '../introspect/to-ascii.js'
import { toMermaid } from '../introspect/to-mermaid.js'

/**
 * The composition and run methods shared by every builder implementation. Subclasses hold the only state (their
 * `#props`) and override a method where their kind composes differently (a pipeline's `.then()` extends it).
 * @internal
 */
export abstract class FlowBuilderBase<TOutput = string> {
  abstract get node(): FlowNode
  protected abstract get kit(): BuilderKit

  /** The steps a loop made from this builder repeats. */
  protected loopBody(): readonly FlowNode[] {
    return [this.node]
  }

  /** The schema `.ask()` parses the answer with. */
  protected answerSchema(): z.ZodType<TOutput> | undefined {
    return undefined
  }

  /** The builder path of a method call, for errors: `['critic', 'writes']`. */
  protected callPath(method: string): readonly string[] {
    return [this.node.name, method]
  }

  then(step: unknown, onRejected?: unknown): PipelineBuilder<any> {
    // Called by `await` (the promise machinery ignores what it returns): see not-a-promise.ts.
    if (isPromiseThen(step, onRejected)) return rejectAwait(this.node.name, onRejected) as never
    return this.sequence(parseStep(step, this.callPath('then')))
  }

  /** A pipeline of this, then `step` (a pipeline extends itself instead); its answer is the step's. */
  protected sequence(step: FlowNode): PipelineBuilder<any> {
    return this.kit.pipeline(thenNodes(this.node, step))
  }

  parallel(branch: unknown): FanOutBuilder {
    return this.kit.fanOut(parallelNodes(this.node, parseStep(branch, this.callPath('parallel'))))
  }

  times(count: number): LoopBuilder {
    return this.kit.loop(
      timesNode(this.node.name, this.loopBody(), parseCount(count, this.callPath('times'), 1, 'times(count)')),
    )
  }

  until(predicate: StatePredicate, options: { readonly max?: number } = {}): LoopBuilder {
    const path = this.callPath('until')
    const max = parseCount(options.max ?? defaultUntilMax, path, 1, 'until(predicate, { max })')
    return this.kit.loop(
      untilNode(this.node.name, this.loopBody(), parseFunction(predicate, path, 'a predicate (state) => boolean'), max),
    )
  }

  fallback(alternative: unknown): FallbackBuilder {
    return this.kit.fallback(fallbackNodes(this.node, parseStep(alternative, this.callPath('fallback'))))
  }

  build(): BaseAgent {
    return compileNode(this.node)
  }

  /** The tree runs use: built once per (immutable) builder, see {@link runAgentFor}. */
  #runAgent(): BaseAgent {
    return runAgentFor(this.node, () => this.build())
  }

  initialState(...keys: unknown[]): this {
    const parsed = keys.map((key, index) => parseStateKey(key, [...this.callPath('initialState'), index]))
    return builderForNode(this.kit, withInitialState(this.node, parsed)) as this
  }

  use(...middleware: BasePlugin[]): this {
    return builderForNode(
      this.kit,
      withMiddleware(this.node, parseMiddleware(middleware, this.callPath('use'))),
    ) as this
  }

  dataFlow(): string {
    return dataFlow(this.node)
  }

  llmAnatomy(): string
  llmAnatomy(options: LlmAnatomyOptions): Promise<string>
  llmAnatomy(options?: LlmAnatomyOptions): string | Promise<string> {
    return options === undefined ? llmAnatomy(this.node) : resolvedLlmAnatomy(this.node, options)
  }

  explain(options?: CheckOptions & { readonly format?: 'text' }): string
  explain(options: CheckOptions & { readonly format: 'json' }): ExplainReport
  explain(options: CheckOptions & { readonly format?: 'text' | 'json' } = {}): string | ExplainReport {
    const report = explainReport(this.node, options)
    return options.format === 'json' ? report : formatExplain(report)
  }

  check(options?: CheckOptions): CheckIssue[] {
    return checkNode(this.node, options)
  }

  toMermaid(): string {
    return toMermaid(this.node)
  }

  toAscii(): string {
    return toAscii(this.node)
  }

  async ask<TOptions extends AskOptions = RunOptions>(
    prompt: string | Resume,
    options?: TOptions,
  ): Promise<AskReturn<TOutput, TOptions>> {
    const usage = options?.withUsage ? (options.usage ?? new RunUsage()) : undefined
    const run = await startRun(() => this.#runAgent(), prompt, usage ? { ...options, usage } : options)
    const watch: PauseWatch = { interrupted: false, invocationId: undefined }
    const text = await finalText(run.events, watch)
    const paused = await pauseOf(run, watch, (answers) => this.ask(answers, resumeOptions(options)))
    if (paused) throw paused
    const schema = this.answerSchema()
    const output = schema ? parseAnswer(text, schema, this.node.name) : (text as unknown as TOutput)
    return (usage ? { output, usage: usage.toJSON() } : output) as AskReturn<TOutput, TOptions>
  }

  stream(prompt: string | Resume, options?: RunOptions): AsyncGenerator<StreamChunk, void, undefined> {
    return streamChunks(this.#events(prompt, options, { streamingMode: 'sse' }))
  }

  streamText(prompt: string | Resume, options?: RunOptions): AsyncGenerator<string, void, undefined> {
    return streamText(this.#events(prompt, options, { streamingMode: 'sse' }))
  }

  events(prompt: string | Resume, options?: RunOptions): AsyncGenerator<Event, void, undefined> {
    return this.#events(prompt, options, undefined)
  }

  #events(
    prompt: string | Resume,
    options: RunOptions | undefined,
    runConfig: RunConfig | undefined,
  ): AsyncGenerator<Event, void, undefined> {
    return runEvents(
      () => this.#runAgent(),
      prompt,
      options,
      runConfig,
      (answers) => this.ask(answers, options),
    )
  }
}
