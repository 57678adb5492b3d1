import type { BaseLlm, BaseMemoryService, BaseSessionService, RunUsage, Runner, UsageLimits } from '@adk-fluent/core'

/** Options of `.ask()`, `.stream()` and `.events()`. */
export interface RunOptions {
  /** State for the run, applied with the user's message (so `temp:` keys work too). */
  readonly state?: Readonly<Record<string, unknown>>
  /** Default `'user'`. */
  readonly userId?: string
  /** Continue this session (created when it does not exist yet); default: a new session. */
  readonly sessionId?: string
  /**
   * Run on this runner (and its agent, app name and services) instead of a fresh `InMemoryRunner` over `build()`;
   * `appName`, `sessionService`, `memoryService` or `memoryAutoSave` that differ from the runner's are a `ConfigError`.
   */
  readonly runner?: Runner
  /**
   * The model of every agent that names none (and inherits none): run a whole tree on another model, or on a
   * `ScriptedLlm` in tests, without touching the builders. A name resolves through `LLMRegistry`.
   */
  readonly model?: string | BaseLlm
  /** Cancels the run: the model call or tool in progress is abandoned and the run ends with an `AbortError`. */
  readonly abortSignal?: AbortSignal
  /** Cancels the run after this many milliseconds (an `AbortError` saying so). */
  readonly timeoutMs?: number
  /** Stop the run when it would exceed one of these (model calls, tool calls, tokens). */
  readonly usageLimits?: UsageLimits
  /** Add this run's usage to this accumulator (and apply `usageLimits` to its total). */
  readonly usage?: RunUsage
  /**
   * Keep the conversation in this session service (for example `openSessionService('sqlite:./sessions.db')` from
   * `@adk-fluent/sessions`), so another process continues it with the same `sessionId`. Runs of one builder on one
   * service share a runner (and its in-memory artifact store): an artifact saved in a session is there when a later
   * run in this process continues it. Without a service, every run starts on a fresh in-memory runner.
   */
  readonly sessionService?: BaseSessionService
  /**
   * The app the run's sessions, memories and artifacts belong to (a memory search sees only its app's and user's
   * memories); default: the root agent's name. With `runner`, the runner's own (a different one is a `ConfigError`).
   */
  readonly appName?: string
  /**
   * The user's long-term memory (for example `openMemoryService('sqlite:./memory.db')` from `@adk-fluent/sessions`):
   * what `T.loadMemory()`, `T.preloadMemory()` and `context.searchMemory` search. Default: a new in-memory one
   * without `sessionService`, none with it.
   */
  readonly memoryService?: BaseMemoryService
  /** Add this run's messages to `memoryService` when it ends (see core's `RunnerConfig.memoryAutoSave`). */
  readonly memoryAutoSave?: boolean
}

/** Options of `.ask()`: {@link RunOptions}, and `withUsage: true` to get `{ output, usage }`. */
export interface AskOptions extends RunOptions {
  readonly withUsage?: boolean
}

/** The options a paused run's `resume()` goes on with: the run's own, without the state its first message carried. */
export function resumeOptions<TOptions extends RunOptions>(options: TOptions | undefined): TOptions | undefined {
  if (!options?.state) return options
  const { state: _state, ...rest } = options
  return rest as TOptions
}
