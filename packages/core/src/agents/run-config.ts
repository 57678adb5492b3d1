/** Streaming mode of a run: `'sse'` yields partial events as text arrives. */
export type StreamingMode = 'none' | 'sse'

export const StreamingMode = Object.freeze({ NONE: 'none', SSE: 'sse' } as const)

import type { BaseLlm } from '../models/base-llm.js'
import type { RunUsage } from '../usage/run-usage.js'
import type { UsageLimits } from '../usage/usage-limits.js'

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
}
