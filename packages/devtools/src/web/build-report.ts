import { ConfigError, type BaseAgent, type ConfigIssue } from '@adk-fluent/core'
import type { FlowBuilder } from '@adk-fluent/fluent'
import { graphVisits, type GraphVisit, type IssuePath } from '@adk-fluent/fluent/internal'

/** One problem that keeps the tree from building, placed on the graph. */
export interface BuildIssue {
  /** The `ConfigIssue` code: `state_not_written`, `duplicate_name`, `model_unknown`, … (one of `IssueCode`) */
  readonly code: string
  /** Where in the builder tree (`['flow', 'steps', 1, 'publisher', 'instruct']`). */
  readonly path: IssuePath
  /** The agent (or step, or workflow) it concerns: the deepest node of the tree on its path. */
  readonly agent: string
  /** The state key it is about, when it is about one. */
  readonly key: string | null
  /** What is wrong and how to fix it, as `build()` says it. */
  readonly message: string
  readonly hint: string | null
  /** The ids of the graph's boxes it concerns (`n3`). */
  readonly nodes: readonly string[]
}

/**
 * Why the module gives no tree to run: `config`, `build()` threw a `ConfigError` (its issues); `error`, building
 * threw something else; `no-builder`, the module has no builder.
 */
export interface BuildProblem {
  readonly kind: 'config' | 'error' | 'no-builder'
  readonly file: string
  /** The whole story in text: every issue, numbered, as a `ConfigError` lists them; or the thrown error. */
  readonly message: string
  readonly issues: readonly BuildIssue[]
}

const same = (left: IssuePath, right: IssuePath) =>
  left.length === right.length && left.every((part, index) => String(part) === String(right[index]))
const startsWith = (path: IssuePath, prefix: IssuePath) =>
  prefix.length <= path.length && same(path.slice(0, prefix.length), prefix)

/** The drawn box deepest on `path` (the node an issue at `path` is about), if the path starts at the root. */
function visitOn(path: IssuePath, visits: readonly GraphVisit[]): GraphVisit | undefined {
  let found: GraphVisit | undefined
  for (const visit of visits)
    if (startsWith(path, visit.path) && (!found || visit.path.length > found.path.length)) found = visit
  return found
}

/** `steps 0 and 1 are both named "a"`: the two clashing children, as paths below the issue's. */
function clashingChildren(issue: { readonly path: IssuePath; readonly message: string }): IssuePath[] {
  const match = /^\w+ (\d+) and (\d+) are both named "(.*?)"/.exec(issue.message)
  if (!match) return []
  const [, first, second, name] = match as unknown as [string, string, string, string]
  return [first, second].map((index) => [...issue.path, Number(index), name])
}

/**
 * The ids of the boxes an issue concerns: the node its path leads to (and, for two children with one name, both
 * children); by name when the path does not lead into the tree.
 */
export function issueNodes(
  issue: { readonly path: IssuePath; readonly message: string; readonly agent: string },
  visits: readonly GraphVisit[],
): string[] {
  const on = visitOn(issue.path, visits)
  if (!on || (on.path.length === 1 && issue.agent !== on.node.name))
    return visits.filter((visit) => visit.node.name === issue.agent).map((visit) => visit.id)
  const children = clashingChildren(issue).flatMap((path) => visits.filter((visit) => same(visit.path, path)))
  return [...new Set([on.id, ...children.map((visit) => visit.id)])]
}

/**
 * A core issue (path `[agentName, field]`, from building one agent) placed in the tree: its path starts with the
 * path of the agent's node; a tree path is kept.
 */
function rooted(issue: ConfigIssue, visits: readonly GraphVisit[]): ConfigIssue {
  const on = visitOn(issue.path, visits)
  if (on && (on.path.length > 1 || visits.length === 1)) return issue
  const agent = visits.find((visit) => visit.node.kind === 'agent' && visit.node.name === issue.path[0])
  return agent ? { ...issue, path: [...agent.path, ...issue.path.slice(1)] } : issue
}

function placed(issue: ConfigIssue, visits: readonly GraphVisit[]): BuildIssue {
  const on = visitOn(issue.path, visits)
  const agent = on?.node.name ?? String(issue.path[0] ?? '')
  const key = /\bstate key "([^"]+)"|\boutputKey "([^"]+)"/.exec(issue.message)
  const base = { path: issue.path, message: issue.message, agent }
  return {
    code: issue.code,
    path: issue.path,
    agent,
    key: key ? ((key[1] ?? key[2]) as string) : null,
    message: issue.message,
    hint: issue.hint ?? null,
    nodes: issueNodes(base, visits),
  }
}

function describeThrown(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

/**
 * Builds the tree the dev UI runs. When `build()` throws a `ConfigError`, the problem lists all its issues (a bad
 * model next to a broken data flow: `build()` reports them at once), each placed on the graph; any other throw is a
 * problem naming `file` and the error.
 */
export function buildTree(
  builder: FlowBuilder<unknown>,
  file: string,
):
  | { readonly agent: BaseAgent; readonly problem?: never }
  | { readonly agent?: never; readonly problem: BuildProblem } {
  try {
    return { agent: builder.build() }
  } catch (error) {
    if (!ConfigError.isConfigError(error))
      return {
        problem: {
          kind: 'error',
          file,
          message: `Building the agent tree of ${file} threw ${describeThrown(error)}`,
          issues: [],
        },
      }
    let visits: GraphVisit[] = []
    try {
      visits = graphVisits(builder.node)
    } catch {
      // A tree the analysis cannot walk: its issues are listed without places.
    }
    const issues = error.issues.map((item) => rooted(item, visits))
    return {
      problem: {
        kind: 'config',
        file,
        message: new ConfigError(issues).message,
        issues: issues.map((issue) => placed(issue, visits)),
      },
    }
  }
}
