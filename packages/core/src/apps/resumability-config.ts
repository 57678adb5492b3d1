/**
 * Resumability of a runner or an app (`@google/adk`'s `ResumabilityConfig`). With `isResumable: true` a run that
 * pauses (a tool awaiting approval, a `RequestInput`, a long-running tool) stops every agent that depends on it and
 * can be resumed later — in any process that reads the same session store — with
 * `runAsync({ userId, sessionId, invocationId, newMessage? })`: agents and tool calls that completed are not run again.
 */
export interface ResumabilityConfig {
  isResumable: boolean
}

/** A {@link ResumabilityConfig} with defaults (`isResumable: false`) and the given fields. */
export function createResumabilityConfig(params: Partial<ResumabilityConfig> = {}): ResumabilityConfig {
  return { isResumable: false, ...params }
}
