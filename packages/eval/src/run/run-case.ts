import { randomUUID } from 'node:crypto'
import { InMemoryArtifactService, InMemorySessionService, ModelError, Runner, type BaseAgent } from '@adk-fluent/core'
import type { Content, Part } from '@adk-fluent/core'
import type { EvalCase, Invocation } from '../schema/types.js'
import { invocationsFromEvents } from './invocations-from-events.js'

/** The content without the unknown keys a file had (kept for writing back, never sent to a model). */
function withoutExtraKeys(content: Content): Content {
  const { extra: _content, ...rest } = content as Content & { extra?: unknown }
  if (!rest.parts) return rest
  const parts = rest.parts.map((part) => {
    const { extra: _part, ...kept } = part as Part & { extra?: unknown }
    return kept
  })
  return { ...rest, parts }
}

/** What one case's replay produced. */
export interface CaseInference {
  readonly sessionId: string
  readonly userId: string
  readonly actual: readonly Invocation[]
}

/**
 * Replays a case's user turns, one by one whatever the agent answers, on a fresh in-memory session created with the
 * case's `session_input` (app, user, state, pinned session id), through a {@link Runner}; returns the actual
 * invocations built from the session's events. A model error event throws, like the exception ADK would raise.
 */
export async function inferCase(agent: BaseAgent, evalCase: EvalCase, defaultAppName: string): Promise<CaseInference> {
  const input = evalCase.sessionInput
  const appName = input?.appName || defaultAppName
  const userId = input?.userId || 'test_user_id'
  const sessionId = input?.sessionId ?? `___eval___session___${randomUUID()}`
  const sessionService = new InMemorySessionService()
  await sessionService.createSession({ appName, userId, sessionId, state: { ...(input?.state ?? {}) } })
  const runner = new Runner({ appName, agent, sessionService, artifactService: new InMemoryArtifactService() })
  for (const turn of evalCase.conversation ?? []) {
    for await (const event of runner.runAsync({ userId, sessionId, newMessage: withoutExtraKeys(turn.userContent) })) {
      // A model error ends the case's run as an exception does in ADK (the events are read back from the session below).
      if (!event.partial && event.errorCode !== undefined) {
        throw new ModelError(
          `${event.author}: model error ${event.errorCode}${event.errorMessage ? `: ${event.errorMessage}` : ''}`,
          { agentName: event.author, invocationId: event.invocationId, errorCode: event.errorCode },
        )
      }
    }
  }
  const session = await sessionService.getSession({ appName, userId, sessionId })
  return { sessionId, userId, actual: invocationsFromEvents(session?.events ?? []) }
}
