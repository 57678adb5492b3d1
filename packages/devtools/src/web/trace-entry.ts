import type { LlmRequest, LlmResponse } from '@adk-fluent/core'

/** A model request as JSON: what the model receives (`toolsDict`, the tool objects, stays out). */
export interface RequestJson {
  readonly model?: string
  readonly contents: LlmRequest['contents']
  readonly config: LlmRequest['config']
}

/** The request as the page and the API show it: model, contents and config, in that order. */
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

/** One change of a state key: its value before and after (`undefined` when absent). */
export interface StateChange {
  readonly key: string
  readonly before: unknown
  readonly after: unknown
}

/** What happened, in the order it happened; the page's timeline shows one row per entry. */
export type TraceBody =
  | { readonly kind: 'user'; readonly text: string }
  | { readonly kind: 'llm-start'; readonly call: number; readonly agent: string }
  | {
      readonly kind: 'llm-call'
      readonly call: number
      readonly agent: string
      readonly request: RequestJson
      readonly response: LlmResponse | undefined
      readonly error: string | undefined
      readonly durationMs: number
      readonly usage: TokenUsage | undefined
    }
  | {
      readonly kind: 'tool-call'
      readonly agent: string
      readonly name: string
      readonly args: unknown
      readonly callId: string | undefined
    }
  | {
      readonly kind: 'tool-result'
      readonly agent: string
      readonly name: string
      readonly response: unknown
      readonly callId: string | undefined
    }
  | { readonly kind: 'text'; readonly agent: string; readonly text: string }
  | { readonly kind: 'state'; readonly agent: string; readonly changes: readonly StateChange[] }
  | { readonly kind: 'error'; readonly agent: string; readonly code: string; readonly message: string }
  | { readonly kind: 'end'; readonly ok: boolean; readonly durationMs: number }

/** A trace entry as stored and streamed: numbered from 1 within its run, `at` in ms since the run started. */
export type TraceEntry = TraceBody & { readonly id: number; readonly runId: string; readonly at: number }
