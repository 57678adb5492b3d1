import { BaseLlm, LLMRegistry, type LlmRequest, type LlmResponse } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'

/**
 * A model name answered by a shared script: the request names the model the agent asked for (`gemini-2.5-flash`),
 * as it would on line, while the replies come from one `ScriptedLlm` that every name shares (its order is the run's).
 */
class ScriptedUnderName extends BaseLlm {
  readonly #script: ScriptedLlm

  constructor(model: string, script: ScriptedLlm) {
    super({ model })
    this.#script = script
  }

  generateContentAsync(
    request: LlmRequest,
    stream?: boolean,
    abortSignal?: AbortSignal,
  ): AsyncGenerator<LlmResponse, void, undefined> {
    return this.#script.generateContentAsync(request, stream, abortSignal)
  }
}

/**
 * Runs every model name offline on `script` (a module's `mockScript`: replies in call order, or
 * `{ agentName: replies }`): one `ScriptedLlm` answers, and each agent's request keeps the model name it gave.
 * Names resolve when agents are built, so build the tree after this call. Returns the shared script model.
 */
export function answerEveryModelWith(script: ConstructorParameters<typeof ScriptedLlm>[0]): ScriptedLlm {
  const model = new ScriptedLlm(script)
  LLMRegistry.register(/.*/, (name) => new ScriptedUnderName(name, model))
  return model
}
