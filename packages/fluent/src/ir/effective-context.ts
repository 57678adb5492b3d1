import { fromState, none } from '../namespaces/context/index.js'
import type { ContextSpec } from '../namespaces/context/compile-context.js'
import type { AgentNode } from './agent-node.js'

/**
 * The context an agent sees: its `.context()` spec plus, for `.reads(...keys)`, `C.fromState(...keys)` (with
 * `C.none()` first unless `keepHistory`). The one definition of what `.reads()` + `.context()` mean: lowering, the
 * checker and every view read it from here.
 */
export function effectiveContext(node: AgentNode): ContextSpec | undefined {
  const { reads } = node
  const fromReads = reads
    ? reads.keepHistory
      ? fromState(...reads.keys)
      : none().add(fromState(...reads.keys))
    : undefined
  if (node.context && fromReads) return node.context.add(fromReads)
  return node.context ?? fromReads
}
