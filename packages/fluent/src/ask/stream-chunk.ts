/** A piece of a run's text as `.stream()` yields it, tagged with the agent (and parallel branch) that wrote it. */
export interface StreamChunk {
  readonly text: string
  /** The agent that wrote it (a workflow step's name for a step's message). */
  readonly author: string
  /** The branch of the agent in a parallel fan-out (`fan.researcher`); absent outside one. */
  readonly branch?: string
  /** True for a piece of a streamed answer; false for a whole text that did not stream. */
  readonly partial: boolean
}
