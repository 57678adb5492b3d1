import { isBaseAgent, type BaseAgent } from '../agents/base-agent.js'
import { ConfigError } from '../errors/config-error.js'
import { describeValue } from '../util/describe-value.js'
import { buildNode, isNodeLike, type RunnableNode } from './build-node.js'
import { isWorkflow } from './is-workflow.js'
import { Workflow } from './workflow.js'

/** What a runner runs (ADK 2.0 `RunnableRoot`): an agent or a workflow. */
export type RunnableRoot = BaseAgent | Workflow

/** True for an agent or a workflow (what a runner takes as its root). */
export function isRunnableRoot(value: unknown): value is RunnableRoot {
  return isBaseAgent(value) || isWorkflow(value)
}

/**
 * `root` as something a runner runs (ADK 2.0 `asRunnableRoot`): an agent or workflow as itself; any other node-like
 * value (a node, a tool, a function) as a one-node workflow named after it.
 * @example new InMemoryRunner({ agent: asRunnableRoot(summarize) })
 */
export function asRunnableRoot(root: RunnableNode): RunnableRoot {
  if (isRunnableRoot(root)) return root
  if (!isNodeLike(root) || (root as unknown) === 'START') {
    throw new ConfigError([
      {
        code: 'node_invalid',
        path: ['asRunnableRoot'],
        message: `Cannot use ${(root as unknown) === 'START' ? "the 'START' sentinel" : describeValue(root)} as a root.`,
        hint: 'A root is an agent, a Workflow, or a node-like value (a node, a tool, or a named function).',
      },
    ])
  }
  const built = buildNode(root)
  return new Workflow({ name: built.name, description: built.description, edges: [['START', built]] })
}
