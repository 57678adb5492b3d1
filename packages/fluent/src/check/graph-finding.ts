import type { IssueCode } from '@adk-fluent/core'
import type { IssuePath } from '../parse/config-issue.js'

/** A problem of a graph's shape: its level, and where in the graph (`['nodes', 'writer']`, `['edges', 2]`). */
export interface GraphFinding {
  readonly code: IssueCode
  readonly level: 'error' | 'warning'
  readonly at: IssuePath
  /** The node it is about (the graph's name when it is about the whole graph). */
  readonly node: string
  readonly message: string
  readonly hint: string
}
