/** A problem of a graph's shape: its level, and where in the graph (`['nodes', 'writer']`, `['edges', 2]`). */
export interface GraphFinding {
  readonly code: string
  readonly level: 'error' | 'warning'
  readonly at: readonly (string | number)[]
  /** The node it is about (the graph's name when it is about the whole graph). */
  readonly node: string
  readonly message: string
  readonly hint: string
}
