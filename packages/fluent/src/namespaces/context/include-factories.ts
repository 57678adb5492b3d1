import { createContextSpec, type ContextSpec } from './context-spec.js'
import { createCurrentTurnPart, createDefaultPart, createNonePart } from './context-part.js'

/**
 * No conversation history and nothing rendered: the model gets the user's message of the current turn and its own
 * tool calls, never an earlier agent's raw reply (core's `includeContents: 'isolated'`). `.reads()` starts with it.
 * @example Agent('classifier').context(C.none())
 */
export function none(): ContextSpec<never, never> {
  return createContextSpec([createNonePart()])
}

/**
 * ADK's `includeContents: 'none'`: the current turn, which starts at the latest event of the user or of another agent
 * (so the previous agent's reply comes as a `For context:` user turn). Nothing rendered.
 * @example Agent('reviewer').context(C.currentTurn())
 */
export function currentTurn(): ContextSpec<never, never> {
  return createContextSpec([createCurrentTurnPart()])
}

/**
 * The model's native history, unchanged (`includeContents: 'default'`). Exported as `C.default()`.
 * @example Agent('chat').context(C.default())
 */
function defaultContext(): ContextSpec<never, never> {
  return createContextSpec([createDefaultPart()])
}

// API §2.3 names this `C.default()`; `default` cannot be a function name, so it is exported under that name.
export { defaultContext as default }
