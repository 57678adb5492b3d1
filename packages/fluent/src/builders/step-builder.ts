import type { FlowNode } from '../ir/flow-node.js'
import type { BuilderKit, BuilderProps } from './builder-kit.js'
import { FlowBuilderBase } from './flow-builder-base.js'

/** The builder of the helpers (`tap`, `expect`, `gate`, `race`, `timeout`, `mapOver`): composition and run only. @internal */
export class StepBuilderImpl extends FlowBuilderBase {
  readonly #props: BuilderProps<FlowNode>

  constructor(props: BuilderProps<FlowNode>) {
    super()
    this.#props = Object.freeze({ ...props })
  }

  get node(): FlowNode {
    return this.#props.node
  }

  protected get kit(): BuilderKit {
    return this.#props.kit
  }
}
