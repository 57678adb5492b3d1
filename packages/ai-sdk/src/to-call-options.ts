import { getFunctionDeclarations, type LlmRequest } from '@adk-fluent/core'
import { genaiSchemaToJsonSchema } from '@adk-fluent/core/internal'
import type { FunctionDeclaration } from '@adk-fluent/core'
import type {
  JSONSchema7,
  LanguageModelV3CallOptions,
  LanguageModelV3FunctionTool,
  LanguageModelV3ToolChoice,
  SharedV3ProviderOptions,
} from '@ai-sdk/provider'
import { toLanguageModelPrompt } from './to-language-model-prompt.js'

/** What a call adds to the request: the abort signal and the adapter's per-call settings. */
export interface CallSettings {
  readonly abortSignal?: AbortSignal | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
  readonly providerOptions?: SharedV3ProviderOptions | undefined
}

/**
 * The AI SDK call options of a request: the prompt (see {@link toLanguageModelPrompt}); `temperature`,
 * `maxOutputTokens`, `topP`, `topK`, `stopSequences`, `seed`, `presencePenalty` and `frequencyPenalty` as they are;
 * the function declarations as function tools with JSON Schema input; the function calling mode as the tool choice;
 * `responseSchema` / `responseJsonSchema` (or `responseMimeType: 'application/json'`) as a JSON response format.
 * Gemini-only settings (safety settings, thinking budget, candidate count, …) have no AI SDK equivalent and are not
 * sent; give them to the provider through `providerOptions`.
 */
export function toCallOptions(request: LlmRequest, settings: CallSettings = {}): LanguageModelV3CallOptions {
  const config = request.config
  const options: LanguageModelV3CallOptions = {
    prompt: toLanguageModelPrompt(config.systemInstruction, request.contents),
  }
  if (config.temperature !== undefined) options.temperature = config.temperature
  if (config.maxOutputTokens !== undefined) options.maxOutputTokens = config.maxOutputTokens
  if (config.topP !== undefined) options.topP = config.topP
  if (config.topK !== undefined) options.topK = config.topK
  if (config.stopSequences !== undefined) options.stopSequences = [...config.stopSequences]
  if (config.seed !== undefined) options.seed = config.seed
  if (config.presencePenalty !== undefined) options.presencePenalty = config.presencePenalty
  if (config.frequencyPenalty !== undefined) options.frequencyPenalty = config.frequencyPenalty
  const declarations = getFunctionDeclarations(request)
  if (declarations.length > 0) options.tools = declarations.map(toFunctionTool)
  const toolChoice = toToolChoice(request)
  if (toolChoice) options.toolChoice = toolChoice
  const schema =
    (config.responseJsonSchema as JSONSchema7 | undefined) ??
    (config.responseSchema ? (genaiSchemaToJsonSchema(config.responseSchema) as JSONSchema7) : undefined)
  if (schema) options.responseFormat = { type: 'json', schema }
  else if (config.responseMimeType === 'application/json') options.responseFormat = { type: 'json' }
  if (settings.abortSignal) options.abortSignal = settings.abortSignal
  if (settings.headers) options.headers = { ...settings.headers }
  if (settings.providerOptions) options.providerOptions = settings.providerOptions
  return options
}

/** A function declaration as an AI SDK function tool (no parameters: an empty object schema). */
export function toFunctionTool(declaration: FunctionDeclaration): LanguageModelV3FunctionTool {
  const inputSchema =
    (declaration.parametersJsonSchema as JSONSchema7 | undefined) ??
    (declaration.parameters
      ? (genaiSchemaToJsonSchema(declaration.parameters) as JSONSchema7)
      : { type: 'object', properties: {} })
  return {
    type: 'function',
    name: declaration.name ?? '',
    ...(declaration.description ? { description: declaration.description } : {}),
    inputSchema,
  }
}

/** `toolConfig.functionCallingConfig.mode`: `AUTO` → auto, `NONE` → none, `ANY` → required (one allowed name → that tool). */
function toToolChoice(request: LlmRequest): LanguageModelV3ToolChoice | undefined {
  const calling = request.config.toolConfig?.functionCallingConfig
  switch (calling?.mode as string | undefined) {
    case 'AUTO':
      return { type: 'auto' }
    case 'NONE':
      return { type: 'none' }
    case 'ANY': {
      const names = calling?.allowedFunctionNames ?? []
      return names.length === 1 ? { type: 'tool', toolName: names[0] as string } : { type: 'required' }
    }
    default:
      return undefined
  }
}
