import { RemoteAgentNode } from '../ir/remote-agent-node.js'
import { parseCount } from '../parse/parse-count.js'
import { parseStateKeys } from '../parse/parse-state-key.js'
import { throwConfigIssue } from '../parse/config-issue.js'
import { describeValue } from '../parse/describe-value.js'
import type { BuilderKit, BuilderProps } from './builder-kit.js'
import { FlowBuilderBase } from './flow-builder-base.js'
import type { FlowBuilder } from './flow-builder.js'
import type {
  AddReads,
  Checked,
  InitialError,
  InitialKeys,
  KeyWrites,
  ReadError,
  SetWrites,
  StateFlow,
  Typed,
  WithInitial,
} from '../namespaces/shared/state-flow.js'

/**
 * A remote agent (`RemoteAgent(name, url)` from `@adk-fluent/a2a`): stands wherever an agent builder can — a
 * pipeline step, a fan-out branch, a sub-agent for transfer, `T.agent()`. Previews and checks never contact it.
 * `TFlow`: its `.sends()` keys are reads and its `.receives()` keys writes (of unknown value), as for the checker.
 */
export interface RemoteAgentBuilder<TFlow extends StateFlow = any> extends FlowBuilder<string, TFlow> {
  readonly node: RemoteAgentNode
  /** Sets the description (replaces); a parent agent's transfer instructions show it. */
  describe(text: string): RemoteAgentBuilder<TFlow>
  /**
   * Sends exactly these state keys with the user turn, as one data part (appends). They count as reads for the
   * checker and in the types (like `.reads()`). @example RemoteAgent('pricer', url).sends('sku', 'quantity')
   */
  sends<const $Key extends string>(
    ...keys: Checked<$Key, ReadError<AddReads<Typed<TFlow>, $Key, false>>>[]
  ): RemoteAgentBuilder<AddReads<Typed<TFlow>, $Key, false>>
  /**
   * Writes exactly these fields of the answer's data part to state (appends). They count as writes for the checker
   * and in the types. @example RemoteAgent('pricer', url).receives('price')
   */
  receives<const $Key extends string>(
    ...keys: $Key[]
  ): RemoteAgentBuilder<SetWrites<Typed<TFlow>, Typed<TFlow>['writes'] & KeyWrites<$Key>>>
  /** Fails the call with a `RemoteAgentError` after `milliseconds` (replaces). @example .timeout(10_000) */
  timeout(milliseconds: number): RemoteAgentBuilder<TFlow>
  /** Streams (`true`, the default when the remote's card says it can) or sends one request (`false`) (replaces). */
  streaming(on?: boolean): RemoteAgentBuilder<TFlow>
  /**
   * Declares state keys present when the run starts (the caller's input), for the contract checker (appends); they
   * hold for the whole tree (in the types too: a `.sends()` key neither initial nor written before does not compile).
   */
  initialState<const $Key extends string = never>(
    ...keys: InitialKeys<$Key, InitialError<Typed<TFlow>, $Key>>
  ): RemoteAgentBuilder<WithInitial<Typed<TFlow>, $Key>>
}

/** @internal */
export class RemoteAgentBuilderImpl extends FlowBuilderBase {
  readonly #props: BuilderProps<RemoteAgentNode>

  constructor(props: BuilderProps<RemoteAgentNode>) {
    super()
    this.#props = Object.freeze(props)
  }

  get node(): RemoteAgentNode {
    return this.#props.node
  }

  protected get kit(): BuilderKit {
    return this.#props.kit
  }

  #with(patch: Partial<Omit<RemoteAgentNode, 'kind' | 'name'>>): RemoteAgentBuilder {
    return new RemoteAgentBuilderImpl({
      node: RemoteAgentNode.cloneWith(this.node, patch),
      kit: this.#props.kit,
    }) as never
  }

  describe(text: string): RemoteAgentBuilder {
    if (typeof text !== 'string')
      throwConfigIssue(
        'text_invalid',
        this.callPath('describe'),
        `the description must be a string, got ${describeValue(text)}.`,
      )
    return this.#with({ description: text })
  }

  sends(...keys: string[]): RemoteAgentBuilder {
    const parsed = parseStateKeys(keys, this.callPath('sends'), ".sends('topic')")
    return this.#with({ sends: Object.freeze([...new Set([...this.node.sends, ...parsed])]) })
  }

  receives(...keys: string[]): RemoteAgentBuilder {
    const parsed = parseStateKeys(keys, this.callPath('receives'), ".receives('price')")
    return this.#with({ receives: Object.freeze([...new Set([...this.node.receives, ...parsed])]) })
  }

  timeout(milliseconds: number): RemoteAgentBuilder {
    return this.#with({ timeoutMs: parseCount(milliseconds, this.callPath('timeout'), 1, 'timeout(milliseconds)') })
  }

  streaming(on = true): RemoteAgentBuilder {
    if (typeof on !== 'boolean')
      throwConfigIssue(
        'boolean_invalid',
        this.callPath('streaming'),
        `streaming(on) takes a boolean, got ${describeValue(on)}.`,
      )
    return this.#with({ streaming: on })
  }
}
