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
export function forkInvocationContext(ctx: InvocationContext, overrides: ForkOverrides): InvocationContext {
  return new InvocationContext({
    invocationId: ctx.invocationId,
    agent: ctx.agent,
    session: overrides.session ?? ctx.session,
    sessionService: ctx.sessionService,
    artifactService: ctx.artifactService,
    pluginManager: ctx.pluginManager,
    branch: 'branch' in overrides ? overrides.branch : ctx.branch,
    userContent: ctx.userContent,
    runConfig: ctx.runConfig,
    abortSignal: overrides.abortSignal ?? ctx.abortSignal,
    tempState: overrides.tempState ?? ctx.tempState,
  })
}
