import type { LlmRequest, LlmResponse } from '@adk-fluent/core'

/** A model request as JSON: what the model receives (`toolsDict`, the tool objects, stays out). */
export interface RequestJson {
  readonly model?: string
  readonly contents: LlmRequest['contents']
  readonly config: LlmRequest['config']
}

/** The request as the traces and previews show it: model, contents and config, in that order. */
export function requestJson(request: LlmRequest): RequestJson {
  return {
    ...(request.model === undefined ? {} : { model: request.model }),
    contents: request.contents,
    config: request.config,
  }
}

/** Token counts of one model call, when the model reports them. */
export interface TokenUsage {
  readonly prompt: number | undefined
  readonly response: number | undefined
  readonly total: number | undefined
}

/** Token usage of a response (`undefined` when the model gave none, as scripted models do). */
export function tokenUsage(response: LlmResponse): TokenUsage | undefined {
  const usage = response.usageMetadata
  if (!usage) return undefined
  return { prompt: usage.promptTokenCount, response: usage.candidatesTokenCount, total: usage.totalTokenCount }
}
