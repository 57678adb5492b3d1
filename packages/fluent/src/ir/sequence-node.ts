import type { FlowNode } from './flow-node.js'
import { createWorkflowFields, type WorkflowFields } from './workflow-fields.js'

/** A `Pipeline`: steps run one after another (lowers to a core `SequentialAgent`). */
export interface SequenceNode extends WorkflowFields {
  readonly kind: 'sequence'
  readonly steps: readonly FlowNode[]
}

/** A read-only enumerable data property, like the other fields of a frozen node. */
function fieldOf(value: unknown): PropertyDescriptor {
  return { value, enumerable: true, writable: false, configurable: false }
}

/**
 * A pipeline node made by {@link SequenceNode.append}: its predecessor and the step it added, its `steps` assembled on
 * first read (walking back to the nearest node whose steps are known). Private fields hold the link, so the node
 * looks like any other (frozen, `steps` an own enumerable property) and costs no weak-map entry (a chain of 1,000
 * `.then()` calls spent more time collecting those than making the nodes).
 */
class AppendedSequence {
  // Declared, then assigned in the constructor: plain stores, not a property definition per field.
  declare readonly kind: 'sequence'
  declare readonly name: string
  declare readonly hasGeneratedName: boolean
  declare readonly initialState?: readonly string[]
  declare readonly middleware?: NonNullable<SequenceNode['middleware']>
  declare readonly description: string | undefined
  declare readonly beforeAgent: SequenceNode['beforeAgent']
  declare readonly afterAgent: SequenceNode['afterAgent']
  declare readonly steps: readonly FlowNode[]
  readonly #previous: SequenceNode
  readonly #step: FlowNode
  #steps: readonly FlowNode[] | undefined

  /** The `steps` getter, one function shared by every node (a closure per node would make each its own shape). */
  static readonly #readSteps = function (this: AppendedSequence): readonly FlowNode[] {
    return this.#steps ?? this.#materialize()
  }

  constructor(previous: SequenceNode, step: FlowNode) {
    this.kind = 'sequence'
    this.name = previous.name
    this.hasGeneratedName = previous.hasGeneratedName
    // The optional fields only when set (exactOptionalPropertyTypes: absent, never present as undefined).
    if (previous.initialState !== undefined) Object.defineProperty(this, 'initialState', fieldOf(previous.initialState))
    if (previous.middleware !== undefined) Object.defineProperty(this, 'middleware', fieldOf(previous.middleware))
    this.description = previous.description
    this.beforeAgent = previous.beforeAgent
    this.afterAgent = previous.afterAgent
    Object.defineProperty(this, 'steps', { get: AppendedSequence.#readSteps, enumerable: true })
    this.#previous = previous
    this.#step = step
    Object.freeze(this)
  }

  #materialize(): readonly FlowNode[] {
    const added: FlowNode[] = []
    let current: SequenceNode = this
    while (current instanceof AppendedSequence && current.#steps === undefined) {
      added.push(current.#step)
      current = current.#previous
    }
    const steps = Object.freeze([...current.steps, ...added.reverse()])
    this.#steps = steps
    return steps
  }
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
    return new AppendedSequence(node, step)
  },
})
