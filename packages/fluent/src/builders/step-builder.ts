import type { FlowNode } from '../ir/flow-node.js'
import type { BuilderKit, BuilderProps } from './builder-kit.js'
import { FlowBuilderBase } from './flow-builder-base.js'
import type { FlowBuilder } from './flow-builder.js'

/** What the helpers (`tap`, `expect`, `gate`, `race`, `timeout`, `mapOver`) return: composition, run and initial state. */
export interface StepBuilder extends FlowBuilder {
  /**
   * Declares state keys present when the run starts (the caller's input), for the contract checker (appends); they
   * hold for the whole tree.
   * @example mapOver('docs', summarizer, { itemKey: 'doc' }).initialState('docs')
   */
  initialState(...keys: string[]): this
}

/** The builder of the helpers (`tap`, `expect`, `gate`, `race`, `timeout`, `mapOver`): composition and run only. @internal */
export class StepBuilderImpl extends FlowBuilderBase implements StepBuilder {
  readonly #props: BuilderProps<FlowNode>

  constructor(props: BuilderProps<FlowNode>) {
    super()
    this.#props = Object.freeze(props)
  }

  get node(): FlowNode {
    return this.#props.node
  }

  protected get kit(): BuilderKit {
    return this.#props.kit
  }
}
