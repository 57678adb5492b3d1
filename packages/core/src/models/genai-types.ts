/**
 * Gemini's content, request and response types and enum constants, declared by core (structural, wire-compatible
 * with Gemini's REST API and with `@google/genai`'s types of the same names). Core's public types use these, so
 * they compile without `@google/genai` installed; values typed with `@google/genai` are assignable to them.
 */
export type {
  Blob,
  CodeExecutionResult,
  Content,
  ContentUnion,
  ExecutableCode,
  FileData,
  FunctionCall,
  FunctionResponse,
  FunctionResponsePart,
  Part,
  PartUnion,
  VideoMetadata,
} from './genai/content.js'
export type {
  CallableTool,
  ContentListUnion,
  FunctionCallingConfig,
  FunctionDeclaration,
  GenerateContentConfig,
  HttpOptions,
  HttpRetryOptions,
  SafetySetting,
  Schema,
  SchemaUnion,
  ThinkingConfig,
  Tool,
  ToolConfig,
  ToolListUnion,
  ToolUnion,
} from './genai/request.js'
export type {
  Candidate,
  Citation,
  CitationMetadata,
  GenerateContentResponseFields,
  GenerateContentResponseUsageMetadata,
  GroundingMetadata,
  ModalityTokenCount,
  PromptFeedback,
} from './genai/response.js'
export { BlockedReason, FinishReason, Type } from './genai/enums.js'
