import type { FlowNode } from '../ir/flow-node.js'
import { FallbackNode } from '../ir/fallback-node.js'
import { LoopNode } from '../ir/loop-node.js'
import { ParallelNode } from '../ir/parallel-node.js'
import { SequenceNode } from '../ir/sequence-node.js'
import type { StatePredicate } from '../ir/state-function-types.js'

/** Default `max` of `.until()` on a builder that is not a loop (as in the Python original). */
export const defaultUntilMax = 10

/** `left.then(right)`: a pipeline named `<left>_then_<right>`. @internal */
export function thenNodes(left: FlowNode, right: FlowNode): SequenceNode {
  return SequenceNode.create(`${left.name}_then_${right.name}`, [left, right], true)
}

/** `left.parallel(right)`: a fan-out named `<left>_and_<right>`. @internal */
export function parallelNodes(left: FlowNode, right: FlowNode): ParallelNode {
  return ParallelNode.create(`${left.name}_and_${right.name}`, [left, right], true)
}

/** `x.times(count)`: a loop named `<x>_x<count>` over `body`. @internal */
export function timesNode(name: string, body: readonly FlowNode[], count: number): LoopNode {
  return LoopNode.create(`${name}_x${count}`, body, { maxIterations: count, hasGeneratedName: true })
}

/** `x.until(predicate, { max })`: a loop named `<x>_until` over `body`. @internal */
export function untilNode(name: string, body: readonly FlowNode[], predicate: StatePredicate, max: number): LoopNode {
  return LoopNode.create(`${name}_until`, body, { maxIterations: max, until: predicate, hasGeneratedName: true })
}

/** `left.fallback(right)`: a fallback named `<left>_or_<right>`. @internal */
export function fallbackNodes(left: FlowNode, right: FlowNode): FallbackNode {
  return FallbackNode.create(`${left.name}_or_${right.name}`, [left, right], true)
}
