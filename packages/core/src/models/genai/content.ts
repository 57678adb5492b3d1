/**
 * Content types of the Gemini API, declared here so that core's published types need no `@google/genai`.
 *
 * They are structural and wire-compatible with Gemini's REST shapes and with `@google/genai`'s types of the same
 * names: a `Content` or `Part` typed with `@google/genai` is assignable to these (checked by
 * `genai-compat.test-d.ts`), and what core builds with them is what the `Gemini` model sends. Fields core never reads
 * are typed loosely (`object`, `string` for enums) so values from any `@google/genai` version fit.
 */

/** A message: the `role` (`'user'` or `'model'`) and its parts. */
export interface Content {
  parts?: Part[]
  /** `'user'` or `'model'`; the API takes a missing role as `'user'`. */
  role?: string
}

/** One piece of a message: exactly one of text, inline data, file data, a function call or response, code, …. */
export interface Part {
  text?: string
  /** Set on reasoning text (the model's thoughts). */
  thought?: boolean
  /** Opaque base64 signature of a thought, sent back unchanged in later requests. */
  thoughtSignature?: string
  inlineData?: Blob
  fileData?: FileData
  functionCall?: FunctionCall
  functionResponse?: FunctionResponse
  executableCode?: ExecutableCode
  codeExecutionResult?: CodeExecutionResult
  videoMetadata?: VideoMetadata
  /** Application metadata carried with the part (not sent to Vertex AI). */
  partMetadata?: Record<string, unknown>
  /** Per-part media resolution (`{ level, numTokens }`), passed through. */
  mediaResolution?: object
  /** How the model processes the part's media (`'STATIC'`, …). */
  mediaProcessing?: string
  /** Speech synthesis metadata, passed through. */
  speechMetadata?: object
  /** A server-side tool call, echoed back to the API as received. */
  toolCall?: object
  /** The result of a server-side tool call. */
  toolResponse?: object
  /** Output only: the transcription of an audio part. */
  audioTranscription?: object
}

/** Inline bytes: base64 `data` with its MIME type. */
export interface Blob {
  /** Base64-encoded bytes. */
  data?: string
  mimeType?: string
  /** A label (dropped for the Gemini API, which rejects it). */
  displayName?: string
}

/** A file by URI (Cloud Storage, the Files API, …). */
export interface FileData {
  fileUri?: string
  mimeType?: string
  /** A label (dropped for the Gemini API, which rejects it). */
  displayName?: string
}

/** A call the model asks for: the function's name and its arguments. */
export interface FunctionCall {
  /** Matches the `id` of the {@link FunctionResponse} that answers it. */
  id?: string
  name?: string
  args?: Record<string, unknown>
  /** Streamed argument pieces (Vertex AI only), passed through. */
  partialArgs?: object[]
  willContinue?: boolean
}

/** The result of a function call, sent back to the model. */
export interface FunctionResponse {
  /** The `id` of the {@link FunctionCall} it answers. */
  id?: string
  name?: string
  /** The result as a JSON object (`output` and `error` keys by convention). */
  response?: Record<string, unknown>
  /** Media parts of the result. */
  parts?: FunctionResponsePart[]
  /** For non-blocking calls: `'SILENT'`, `'WHEN_IDLE'` or `'INTERRUPT'`. */
  scheduling?: string
  willContinue?: boolean
}

/** A media part of a {@link FunctionResponse}. */
export interface FunctionResponsePart {
  inlineData?: Blob
  fileData?: FileData
  mediaProcessing?: string
}

/** Code the model wrote for the code-execution tool. */
export interface ExecutableCode {
  code?: string
  /** `'PYTHON'`. */
  language?: string
  id?: string
}

/** The result of running {@link ExecutableCode}. */
export interface CodeExecutionResult {
  /** `'OUTCOME_OK'`, `'OUTCOME_FAILED'` or `'OUTCOME_DEADLINE_EXCEEDED'`. */
  outcome?: string
  output?: string
  id?: string
}

/** The clip of a video part to use. */
export interface VideoMetadata {
  startOffset?: string
  endOffset?: string
  fps?: number
}

/** A part, or a string for a text part. */
export type PartUnion = Part | string

/** A content, a part, a string, or a list of parts or strings. */
export type ContentUnion = Content | PartUnion[] | PartUnion
