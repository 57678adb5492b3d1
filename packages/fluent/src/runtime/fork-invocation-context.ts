import { InvocationContext, type Session } from '@adk-fluent/core'

/** What a forked context replaces; everything else is the parent's. */
export interface ForkOverrides {
  readonly session?: Session
  readonly tempState?: Record<string, unknown>
  readonly abortSignal?: AbortSignal
  readonly branch?: string | undefined
}

/**
 * A context for running a child on another session view, `temp:` store, abort signal or branch (race, mapOver,
 * timeout). The services, plugins, user message and run config are the parent's.
 */
export function forkInvocationContext(invocation: InvocationContext, overrides: ForkOverrides): InvocationContext {
  return new InvocationContext({
    invocationId: invocation.invocationId,
    agent: invocation.agent,
    session: overrides.session ?? invocation.session,
    sessionService: invocation.sessionService,
    artifactService: invocation.artifactService,
    pluginManager: invocation.pluginManager,
    branch: 'branch' in overrides ? overrides.branch : invocation.branch,
    userContent: invocation.userContent,
    runConfig: invocation.runConfig,
    abortSignal: overrides.abortSignal ?? invocation.abortSignal,
    tempState: overrides.tempState ?? invocation.tempState,
  })
}
