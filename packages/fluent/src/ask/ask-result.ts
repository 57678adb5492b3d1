import type { UsageReport } from '@adk-fluent/core'

/** What `.ask(prompt, { withUsage: true })` returns. */
export interface AskResult<TOutput> {
  /** The answer, as `.ask()` returns it. */
  readonly output: TOutput
  /** Model calls, tool calls and tokens of the run, in total and per agent. */
  readonly usage: UsageReport
}

/** What `.ask()` returns for these options: `AskResult` with `{ withUsage: true }`, else the answer. */
export type AskReturn<TOutput, TOptions> = TOptions extends { readonly withUsage: true } ? AskResult<TOutput> : TOutput
