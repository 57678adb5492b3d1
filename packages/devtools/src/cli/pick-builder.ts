import type { FlowBuilder, FlowNode } from '@adk-fluent/fluent'
import { isNodeHolder, nodeChildren } from '@adk-fluent/fluent/internal'
import { CliUsageError } from './cli-usage-error.js'
import { didYouMean } from './did-you-mean.js'

/** True for a fluent builder (a node holder with `explain()` and `build()`). */
export function isBuilder(value: unknown): value is FlowBuilder {
  return (
    isNodeHolder(value) &&
    typeof (value as { explain?: unknown }).explain === 'function' &&
    typeof (value as { build?: unknown }).build === 'function'
  )
}

function contains(tree: FlowNode, node: FlowNode): boolean {
  return nodeChildren(tree).some((child) => child.node === node || contains(child.node, node))
}

/**
 * The builder a command works on: the export named `exportName`; otherwise the only exported builder that is not
 * part of another exported builder (so a module exporting `writer`, `critic` and `flow = writer.then(critic)` gives
 * `flow`), preferring `default` when there are several.
 */
export function pickBuilder(
  module: Readonly<Record<string, unknown>>,
  file: string,
  exportName: string | undefined,
): FlowBuilder {
  const builders = Object.entries(module).filter((entry): entry is [string, FlowBuilder] => isBuilder(entry[1]))
  if (builders.length === 0) {
    throw new CliUsageError(
      `${file} exports no fluent builder. Export one, for example: export const agent = Agent('helper').instruct('...')`,
    )
  }
  if (exportName !== undefined) {
    const found = builders.find(([name]) => name === exportName)
    if (found) return found[1]
    const names = builders.map(([name]) => name)
    throw new CliUsageError(
      `${file} has no exported builder named "${exportName}" (builders: ${names.join(', ')}).${didYouMean(exportName, names)}`,
    )
  }
  const distinct = builders.filter(
    ([, builder], index) => builders.findIndex(([, other]) => other.node === builder.node) === index,
  )
  const roots = distinct.filter(
    ([, builder]) => !distinct.some(([, other]) => other !== builder && contains(other.node, builder.node)),
  )
  const [only] = roots
  if (roots.length === 1 && only) return only[1]
  const preferred = builders.find(([name]) => name === 'default')
  if (preferred) return preferred[1]
  throw new CliUsageError(
    `${file} exports several builders (${roots.map(([name]) => name).join(', ')}); pick one with --export <name>.`,
  )
}
