import type { Context } from '../agents/context.js'
import type { LlmRequest } from '../models/llm-request.js'
import type { LlmResponse } from '../models/llm-response.js'
import { redactSecrets } from '../models/to-model-error.js'
import { tokenCounts } from '../usage/run-usage.js'
import { modelCallInfo } from './middleware/model-call-info.js'

/** One structured record of a model call, sent to `LoggingPlugin`'s `sink` (`M.log`): never prompt or answer text. */
export interface LogRecord {
  readonly kind: 'model-request' | 'model-response' | 'model-error'
  readonly agent: string
  readonly model: string
  readonly invocationId: string
  /** Request: contents sent; response: text characters and function calls received. */
  readonly contents?: number
  readonly tools?: readonly string[]
  readonly textLength?: number
  readonly functionCalls?: readonly string[]
  readonly errorCode?: string
  /** An error's message, with secrets (API keys, `key=` parameters, bearer tokens) replaced by `[redacted]`. */
  readonly message?: string
  readonly usage?: { readonly input: number; readonly output: number; readonly total: number }
}

const bearer = /\b(Bearer\s+)[A-Za-z0-9._~+/-]+=*/g
const apiKeyLike = /\b(sk-[A-Za-z0-9_-]{8,}|AIza[0-9A-Za-z_-]{20,})\b/g

/** Replaces API keys, bearer tokens and `key=` parameters in `text` by `[redacted]`. @internal */
export function redactLogText(text: string): string {
  return redactSecrets(text, []).replace(bearer, '$1[redacted]').replace(apiKeyLike, '[redacted]')
}

/** The record of a model request: sizes and tool names only. @internal */
export function modelRequestRecord(context: Context, request: LlmRequest): LogRecord {
  return {
    kind: 'model-request',
    ...modelCallInfo(context, request.model),
    contents: request.contents.length,
    tools: Object.keys(request.toolsDict),
  }
}

/** The record of a complete model response (or error response): sizes, function-call names, token usage. @internal */
export function modelResponseRecord(context: Context, model: string | undefined, response: LlmResponse): LogRecord {
  const parts = response.content?.parts ?? []
  const usage = response.usageMetadata
  return {
    kind: response.errorCode !== undefined ? 'model-error' : 'model-response',
    ...modelCallInfo(context, model),
    textLength: parts.reduce((sum, part) => sum + (part.text?.length ?? 0), 0),
    functionCalls: parts.flatMap((part) => (part.functionCall?.name ? [part.functionCall.name] : [])),
    ...(response.errorCode !== undefined ? { errorCode: response.errorCode } : {}),
    ...(response.errorMessage !== undefined ? { message: redactLogText(response.errorMessage) } : {}),
    ...(usage ? { usage: tokenCounts(usage) } : {}),
  }
}

/** The record of a model call that threw, its message redacted. @internal */
export function modelErrorRecord(context: Context, model: string | undefined, error: Error): LogRecord {
  return {
    kind: 'model-error',
    ...modelCallInfo(context, model),
    errorCode: (error as { code?: string }).code ?? 'UNKNOWN_ERROR',
    message: redactLogText(error.message),
  }
}
