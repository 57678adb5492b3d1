/** Streaming mode of a run: `'sse'` yields partial events as text arrives. */
export type StreamingMode = 'none' | 'sse'

export const StreamingMode = Object.freeze({ NONE: 'none', SSE: 'sse' } as const)

/** Per-run options. */
export interface RunConfig {
  streamingMode?: StreamingMode
  /** Maximum model calls in one invocation (default 500; `<= 0` means unlimited). */
  maxLlmCalls?: number
  /** Maximum agent transfers in one invocation (default 10), which stops A→B→A ping-pong. */
  maxTransfers?: number
}
