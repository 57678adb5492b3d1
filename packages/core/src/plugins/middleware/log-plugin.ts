import type { Context } from '../../agents/context.js'
import type { LlmRequest } from '../../models/llm-request.js'
import type { LlmResponse } from '../../models/llm-response.js'
import { redactSecrets } from '../../models/to-model-error.js'
import { BasePlugin } from '../base-plugin.js'
import { modelCallInfo } from './model-call-info.js'
import { tokenCounts } from '../../usage/run-usage.js'

/** One structured record of `M.log`. */
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

/** Options of {@link LogPlugin}. */
export interface LogPluginOptions {
  /** Receives each record; default a `console.info` logger (one JSON line per record). */
  readonly sink?: (record: LogRecord) => void
}

const bearer = /\b(Bearer\s+)[A-Za-z0-9._~+/-]+=*/g
const apiKeyLike = /\b(sk-[A-Za-z0-9_-]{8,}|AIza[0-9A-Za-z_-]{20,})\b/g

/** Replaces API keys, bearer tokens and `key=` parameters in `text` by `[redacted]`. @internal */
export function redactLogText(text: string): string {
  return redactSecrets(text, []).replace(bearer, '$1[redacted]').replace(apiKeyLike, '[redacted]')
}

/**
 * `M.log`: one structured record per model request, response and error (agent, model, sizes, function-call names,
 * token usage). It never records prompt or answer text, and error messages have secrets redacted.
 */
export class LogPlugin extends BasePlugin {
  readonly #sink: (record: LogRecord) => void
  readonly #models = new WeakMap<Context, string | undefined>()

  constructor(options: LogPluginOptions = {}, name = 'm_log') {
    super(name)
    this.#sink = options.sink ?? ((record) => console.info(JSON.stringify(record)))
  }

  override beforeModelCallback(params: { callbackContext: Context; llmRequest: LlmRequest }): undefined {
    const { llmRequest: request, callbackContext: context } = params
    this.#models.set(context, request.model)
    this.#sink({
      kind: 'model-request',
      ...modelCallInfo(context, request.model),
      contents: request.contents.length,
      tools: Object.keys(request.toolsDict),
    })
    return undefined
  }

  override afterModelCallback(params: { callbackContext: Context; llmResponse: LlmResponse }): undefined {
    const { llmResponse: response, callbackContext: context } = params
    if (response.partial) return undefined
    const parts = response.content?.parts ?? []
    const usage = response.usageMetadata
    this.#sink({
      kind: response.errorCode !== undefined ? 'model-error' : 'model-response',
      ...modelCallInfo(context, this.#models.get(context)),
      textLength: parts.reduce((sum, part) => sum + (part.text?.length ?? 0), 0),
      functionCalls: parts.flatMap((part) => (part.functionCall?.name ? [part.functionCall.name] : [])),
      ...(response.errorCode !== undefined ? { errorCode: response.errorCode } : {}),
      ...(response.errorMessage !== undefined ? { message: redactLogText(response.errorMessage) } : {}),
      ...(usage ? { usage: tokenCounts(usage) } : {}),
    })
    return undefined
  }

  override onModelErrorCallback(params: { callbackContext: Context; error: Error }): undefined {
    const { callbackContext: context, error } = params
    this.#sink({
      kind: 'model-error',
      ...modelCallInfo(context, this.#models.get(context)),
      errorCode: (error as { code?: string }).code ?? 'UNKNOWN_ERROR',
      message: redactLogText(error.message),
    })
    return undefined
  }
}
