import type { Content } from '@google/genai'
import type { LlmAgent } from '../agents/llm-agent.js'
import { InvocationContext } from '../agents/invocation-context.js'
import type { Event } from '../events/event.js'
import { createEvent } from '../events/event.js'
import type { LlmRequest } from '../models/llm-request.js'
import { InMemorySessionService } from '../sessions/in-memory-session-service.js'
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js'
import { newInvocationId } from '../util/ids.js'
import { buildLlmRequest } from './build-llm-request.js'

export interface PreviewLlmRequestOptions {
  /** Session state the request is computed against. */
  state?: Record<string, unknown>
  /** Earlier events of the session (history). */
  events?: readonly Event[]
  /** The user's new message (a string becomes a user text content). */
  userMessage?: string | Content
  /** Branch the agent runs on (for agents inside a ParallelAgent). */
  branch?: string
}

/**
 * The request `agent`'s model would receive, computed by the same request processors a run uses, over a throw-away
 * session. No model is called and no callback runs.
 */
export async function previewLlmRequest(agent: LlmAgent, options: PreviewLlmRequestOptions = {}): Promise<LlmRequest> {
  const sessionService = new InMemorySessionService()
  const session = await sessionService.createSession({ appName: 'preview', userId: 'preview', state: { ...options.state } })
  for (const event of options.events ?? []) await sessionService.appendEvent({ session, event: { ...event, actions: { ...event.actions } } })
  const invocationId = newInvocationId()
  const message = options.userMessage
  const userContent: Content | undefined =
    message === undefined ? undefined : typeof message === 'string' ? { role: 'user', parts: [{ text: message }] } : message
  if (userContent) await sessionService.appendEvent({ session, event: createEvent({ invocationId, author: 'user', content: userContent }) })
  const tempState: Record<string, unknown> = {}
  for (const key in options.state ?? {}) if (key.startsWith('temp:')) tempState[key] = options.state?.[key]
  const ctx = new InvocationContext({
    invocationId,
    agent,
    session,
    sessionService,
    artifactService: new InMemoryArtifactService(),
    branch: options.branch,
    userContent,
    tempState,
  })
  return buildLlmRequest(agent, ctx)
}
