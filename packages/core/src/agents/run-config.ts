import type { BaseLlm } from '../models/base-llm.js'
import type { InvocationContext } from './invocation-context.js'
import type { LlmAgent } from './llm-agent.js'
import type { RunUsage } from '../usage/run-usage.js'
import type { UsageLimits } from '../usage/usage-limits.js'
import type { TracingOptions } from '../telemetry/run-tracing.js'

/** Streaming mode of a run: `'sse'` yields partial events as text arrives. */
export type StreamingMode = 'none' | 'sse'

export const StreamingMode = Object.freeze({ NONE: 'none', SSE: 'sse' } as const)

/**
 * Picks the model an LLM agent calls in this run, instead of its own. Returning `undefined` keeps the agent's model.
 * Consulted for every model call (and for the request's model name), so the agents themselves are never changed.
 */
export type ModelOverride = (agent: LlmAgent, context: InvocationContext) => BaseLlm | undefined

/** Per-run options. */
export interface RunConfig {
  streamingMode?: StreamingMode
  /** Maximum model calls in one invocation (default 500; `<= 0` means unlimited). */
  maxLlmCalls?: number
  /** Maximum agent transfers in one invocation (default 10), which stops A→B→A ping-pong. */
  maxTransfers?: number
  /**
   * The model of every LLM agent that has none of its own and inherits none (instead of the default model): one
   * place to run a whole tree on another model, or on a `ScriptedLlm` in tests. A name resolves through `LLMRegistry`.
   */
  model?: string | BaseLlm
  /** Limits on model calls, tool calls and tokens; a run that reaches one stops with an error event naming it. */
  usageLimits?: UsageLimits
  /** The accumulator this run adds its usage to (and its limits apply to); default: a fresh one per run. */
  usage?: RunUsage
  /**
   * A run-scoped stand-in for the agents' models (what `previewRun` uses). Agent tools pass it on to the agents
   * they run.
   */
  modelOverride?: ModelOverride
  /**
   * Set by `previewRun`: nothing may leave the process, so agents that would call out (remote agents) answer with a
   * stand-in instead. Agent tools pass it on to the agents they run.
   */
  preview?: boolean
  /**
   * OpenTelemetry: when the application registered a tracer provider (and has `@opentelemetry/api` installed), runs
   * emit GenAI spans; these options turn that off or record message content.
   */
  tracing?: TracingOptions
}
