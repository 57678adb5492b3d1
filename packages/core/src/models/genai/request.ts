/**
 * Request types of the Gemini API (function declarations, schemas, tools, generation config), declared here so that
 * core's published types need no `@google/genai`. Structural and wire-compatible with Gemini's REST shapes and with
 * `@google/genai`'s types of the same names; see `content.ts`.
 */
import type { Content, ContentUnion, FunctionCall, Part } from './content.js'
import type { Type } from './enums.js'

/** A function the model may call: its name, description and parameters (a {@link Schema} or a JSON Schema). */
export interface FunctionDeclaration {
  name?: string
  description?: string
  parameters?: Schema
  /** The parameters as JSON Schema (instead of `parameters`). */
  parametersJsonSchema?: unknown
  response?: Schema
  responseJsonSchema?: unknown
  /** `'BLOCKING'` or `'NON_BLOCKING'` (Live API). */
  behavior?: string
}

/** Gemini's schema: a subset of OpenAPI 3.0's schema object, with upper-case {@link Type} names. */
export interface Schema {
  type?: Type
  description?: string
  title?: string
  format?: string
  nullable?: boolean
  enum?: string[]
  properties?: Record<string, Schema>
  required?: string[]
  propertyOrdering?: string[]
  items?: Schema
  anyOf?: Schema[]
  default?: unknown
  example?: unknown
  /** int64 counts are strings on the wire. */
  minItems?: string
  maxItems?: string
  minLength?: string
  maxLength?: string
  minProperties?: string
  maxProperties?: string
  minimum?: number
  maximum?: number
  pattern?: string
}

/** One entry of `config.tools`: function declarations, or one of Gemini's built-in tools. */
export interface Tool {
  functionDeclarations?: FunctionDeclaration[]
  /** Grounding with Google Search (`{}` turns it on). */
  googleSearch?: object
  googleSearchRetrieval?: object
  /** Code execution in Gemini's sandbox (`{}` turns it on). */
  codeExecution?: object
  /** Reading URLs given in the prompt (`{}` turns it on). */
  urlContext?: object
  googleMaps?: object
  retrieval?: object
  enterpriseWebSearch?: object
  computerUse?: object
  fileSearch?: object
  mcpServers?: object[]
  exaAiSearch?: object
  parallelAiSearch?: object
}

/**
 * A tool the `@google/genai` client calls itself (its automatic function calling). Accepted in `config.tools` so a
 * `@google/genai` config fits, but core's agents run their own tools ({@link BaseTool}).
 */
export interface CallableTool {
  tool(): Promise<Tool>
  callTool(functionCalls: FunctionCall[]): Promise<Part[]>
}

export type ToolUnion = Tool | CallableTool
export type ToolListUnion = ToolUnion[]

/** How the model may call functions (`functionCallingConfig.mode`: `'AUTO'`, `'ANY'`, `'NONE'`, `'VALIDATED'`). */
export interface ToolConfig {
  functionCallingConfig?: FunctionCallingConfig
  retrievalConfig?: { languageCode?: string; latLng?: { latitude?: number; longitude?: number } }
  includeServerSideToolInvocations?: boolean
}

export interface FunctionCallingConfig {
  mode?: string
  allowedFunctionNames?: string[]
  streamFunctionCallArguments?: boolean
}

/** The model's own thinking: whether thoughts are returned and how many tokens (or which level) to spend. */
export interface ThinkingConfig {
  includeThoughts?: boolean
  /** Tokens; 0 turns thinking off, -1 lets the model decide. */
  thinkingBudget?: number
  /** `'LOW'`, `'MEDIUM'`, `'HIGH'`, … (models that take a level instead of a budget). */
  thinkingLevel?: string
}

/** A safety filter: a harm `category` (`'HARM_CATEGORY_HARASSMENT'`, …) and a `threshold` (`'BLOCK_NONE'`, …). */
export interface SafetySetting {
  category?: string
  threshold?: string
  method?: string
}

/** The `@google/genai` client's retry options (core's `Gemini` retries on its own: {@link RetryOptions}). */
export interface HttpRetryOptions {
  attempts?: number
  initialDelay?: number
  maxDelay?: number
  expBase?: number
  jitter?: number
  httpStatusCodes?: number[]
}

/** HTTP options of a Gemini client or call: base URL, API version, headers, timeout, a custom `fetch`, …. */
export interface HttpOptions {
  /** Another endpoint, e.g. a proxy or a local fake (also `GOOGLE_GEMINI_BASE_URL`). */
  baseUrl?: string
  baseUrlResourceScope?: string
  apiVersion?: string
  headers?: Record<string, string>
  /** Milliseconds. */
  timeout?: number
  /** Extra fields merged into the request body. */
  extraBody?: Record<string, unknown>
  retryOptions?: HttpRetryOptions
  fetch?: (input: Parameters<typeof fetch>[0], init?: RequestInit) => Promise<Response>
}

/** A schema for structured output: a {@link Schema}, or anything the API takes (`responseJsonSchema` for JSON Schema). */
export type SchemaUnion = Schema | unknown

/**
 * Generation settings of a call (Gemini's `GenerationConfig` plus the request's system instruction, tools and
 * safety settings), as `@google/genai`'s `GenerateContentConfig`. Fields core does not read are passed to the model
 * as given.
 */
export interface GenerateContentConfig {
  httpOptions?: HttpOptions
  abortSignal?: AbortSignal
  systemInstruction?: ContentUnion
  temperature?: number
  topP?: number
  topK?: number
  candidateCount?: number
  maxOutputTokens?: number
  stopSequences?: string[]
  responseLogprobs?: boolean
  logprobs?: number
  presencePenalty?: number
  frequencyPenalty?: number
  seed?: number
  responseMimeType?: string
  responseSchema?: SchemaUnion
  responseJsonSchema?: unknown
  safetySettings?: SafetySetting[]
  tools?: ToolListUnion
  toolConfig?: ToolConfig
  labels?: Record<string, string>
  cachedContent?: string
  /** `'TEXT'`, `'IMAGE'`, `'AUDIO'`. */
  responseModalities?: string[]
  mediaResolution?: string
  /** A voice name, or a speech config object. */
  speechConfig?: object | string
  audioTimestamp?: boolean
  thinkingConfig?: ThinkingConfig
  serviceTier?: string
  routingConfig?: object
  modelSelectionConfig?: object
  automaticFunctionCalling?: object
  audioTranscriptionConfig?: object
  imageConfig?: object
  modelArmorConfig?: object
  generationOutputConfig?: object
  enableEnhancedCivicAnswers?: boolean
  continuationToken?: string
  automaticContinuation?: boolean
  store?: boolean
}

/** The contents of a call: a list of contents, or the shorthands `@google/genai` takes (a string, parts, …). */
export type ContentListUnion = Content | Content[] | ContentUnion
