import type { FlowNode } from './flow-node.js'
import { createWorkflowFields, type WorkflowFields } from './workflow-fields.js'

/** A `Pipeline`: steps run one after another (lowers to a core `SequentialAgent`). */
export interface SequenceNode extends WorkflowFields {
  readonly kind: 'sequence'
  readonly steps: readonly FlowNode[]
}

/** How an appended node was made: its predecessor and the step it added (materialized on first read). */
interface Appended {
  readonly previous: SequenceNode
  readonly step: FlowNode
}

const appended = new WeakMap<SequenceNode, Appended>()
const materialized = new WeakMap<SequenceNode, readonly FlowNode[]>()

/** The steps of an appended node: walks back to the nearest node with an array, then adds the steps after it. */
function materialize(node: SequenceNode): readonly FlowNode[] {
  const added: FlowNode[] = []
  let current: SequenceNode = node
  let link = appended.get(current)
  while (link && !materialized.has(current)) {
    added.push(link.step)
    current = link.previous
    link = appended.get(current)
  }
  const base = materialized.get(current) ?? current.steps
  const steps = Object.freeze([...base, ...added.reverse()])
  materialized.set(node, steps)
  return steps
}

/** @internal */
export const SequenceNode = Object.freeze({
  create(name: string, steps: readonly FlowNode[], hasGeneratedName = false): SequenceNode {
    return Object.freeze({
      kind: 'sequence',
      ...createWorkflowFields(name, hasGeneratedName),
      steps: Object.freeze([...steps]),
    })
  },
  cloneWith(node: SequenceNode, patch: Partial<Omit<SequenceNode, 'kind'>>): SequenceNode {
    return Object.freeze({ ...node, ...patch })
  },
  /**
   * `node` with one more step, in constant time: the new node's `steps` are assembled on first read, so a chain of
   * n `.then()` calls costs O(n), not a copy of the steps per call.
   */
  append(node: SequenceNode, step: FlowNode): SequenceNode {
    const fields: Record<string, unknown> = {}
    for (const key of Object.keys(node))
      if (key !== 'steps') fields[key] = (node as unknown as Record<string, unknown>)[key]
    const next = Object.freeze(
      Object.defineProperty(fields, 'steps', {
        enumerable: true,
        get: () => materialized.get(next) ?? materialize(next),
      }),
    ) as unknown as SequenceNode
    appended.set(next, { previous: node, step })
    return next
  },
})
