import type {
  SingleAfterModelCallback,
  SingleAfterToolCallback,
  SingleAgentCallback,
  SingleBeforeModelCallback,
  SingleBeforeToolCallback,
} from '@adk-fluent/core'

/** The callbacks of an agent, each list in the order added; build composes each list into one core callback. */
export interface AgentCallbacks {
  readonly beforeAgent: readonly SingleAgentCallback[]
  readonly afterAgent: readonly SingleAgentCallback[]
  readonly beforeModel: readonly SingleBeforeModelCallback[]
  readonly afterModel: readonly SingleAfterModelCallback[]
  readonly beforeTool: readonly SingleBeforeToolCallback[]
  readonly afterTool: readonly SingleAfterToolCallback[]
}

/** Which callback list. */
export type AgentCallbackKind = keyof AgentCallbacks

/** No callbacks. @internal */
export const emptyAgentCallbacks: AgentCallbacks = Object.freeze({
  beforeAgent: Object.freeze([]),
  afterAgent: Object.freeze([]),
  beforeModel: Object.freeze([]),
  afterModel: Object.freeze([]),
  beforeTool: Object.freeze([]),
  afterTool: Object.freeze([]),
})

/** `callbacks` with `callback` appended to the `kind` list. @internal */
export function addAgentCallback<K extends AgentCallbackKind>(
  callbacks: AgentCallbacks,
  kind: K,
  callback: AgentCallbacks[K][number],
): AgentCallbacks {
  return Object.freeze({ ...callbacks, [kind]: Object.freeze([...callbacks[kind], callback]) })
}
