import type { InvocationContext, Session } from '@adk-fluent/core'

/** What a forked context replaces; everything else is the parent's. */
export interface ForkOverrides {
  readonly session?: Session
  readonly tempState?: Record<string, unknown>
  readonly abortSignal?: AbortSignal
  readonly branch?: string | undefined
}

/**
 * A context for running a child on another session view, `temp:` store, abort signal or branch (race, mapOver,
 * timeout). Services, plugins, the user message, the run config and the call counters (`maxLlmCalls`) are the
 * parent's.
 */
export function forkInvocationContext(invocation: InvocationContext, overrides: ForkOverrides): InvocationContext {
  return invocation.clone({
    ...(overrides.session ? { session: overrides.session } : {}),
    ...(overrides.tempState ? { tempState: overrides.tempState } : {}),
    ...(overrides.abortSignal ? { abortSignal: overrides.abortSignal } : {}),
    ...('branch' in overrides ? { branch: overrides.branch } : {}),
  })
}
