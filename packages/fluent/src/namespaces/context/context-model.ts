import {
  ConfigError,
  LLMRegistry,
  ModelError,
  createLlmRequest,
  isBaseLlm,
  stringifyContent,
  type BaseLlm,
  type ReadonlyContext,
} from '@adk-fluent/core'

/** The model of a model-powered context policy: a core model instance, or a model name resolved by `LLMRegistry`. */
export type ContextModel = BaseLlm | string

/** Validates the `model` option of `factory`. @internal */
export function parseContextModel(factory: string, model: unknown): ContextModel {
  if (isBaseLlm(model)) return model
  if (typeof model === 'string' && model.trim().length > 0) return model
  throw new ConfigError(
    `${factory}: the model option is missing or not a model. Pass { model: new Gemini({ model: 'gemini-2.5-flash' }) }, a model name, or any core BaseLlm (such as a ScriptedLlm in tests).`,
  )
}

/** The name of a context model, for descriptions. @internal */
export function contextModelName(model: ContextModel): string {
  return typeof model === 'string' ? model : model.model
}

/**
 * Sends one request (a system instruction plus one user message) to the model and returns its text. The call counts
 * toward the invocation's model-call limit and honours its abort signal.
 * @internal
 */
export async function generateContextText(
  factory: string,
  model: ContextModel,
  systemInstruction: string,
  userText: string,
  context: ReadonlyContext,
): Promise<string> {
  const llm = typeof model === 'string' ? LLMRegistry.newLlm(model) : model
  const request = createLlmRequest(llm.model)
  request.config.systemInstruction = systemInstruction
  request.contents.push({ role: 'user', parts: [{ text: userText }] })
  const invocation = context.invocationContext
  invocation.incrementLlmCallCount()
  let text = ''
  for await (const response of llm.generateContentAsync(request, false, invocation.abortSignal)) {
    if (response.errorCode) {
      throw new ModelError(
        `${factory}: the model "${llm.model}" returned error ${response.errorCode}${response.errorMessage ? `: ${response.errorMessage}` : ''}. Check the model configuration, or drop this context policy.`,
        { agentName: context.agentName, invocationId: context.invocationId, errorCode: response.errorCode },
      )
    }
    if (!response.partial) text += stringifyContent(response)
  }
  return text.trim()
}
