import type { LlmResponse } from '@adk-fluent/core'
import type { RequestJson, TokenUsage } from '../trace/model-call.js'

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
