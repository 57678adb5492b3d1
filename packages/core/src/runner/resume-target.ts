import type { Content } from '../models/genai-types.js'
import type { BaseAgent } from '../agents/base-agent.js'
import type { Event } from '../events/event.js'
import { findAgentToRun } from './find-agent-to-run.js'
import { invocationEvents, isPlainText, soleOpenInputRequest } from '../workflow/rehydration.js'

/** The stored invocation a resumable run continues. */
export interface ResumeTarget {
  readonly invocationId: string
  /** The user message that started it (the resumed run's `userContent` when no new message is given). */
  readonly userContent: Content | undefined
  /** The agent it started with: the runner's routing decision for its first event, made again. */
  agent(root: BaseAgent): BaseAgent
}

/** True when the message holds a function response (an answer to a call). */
export function answersCalls(message: Content | undefined): boolean {
  return message?.parts?.some((part) => part.functionResponse !== undefined) ?? false
}

/** The event holding the function call with this id (newest first). */
function callEvent(events: readonly Event[], id: string): Event | undefined {
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index] as Event
    if (event.content?.parts?.some((part) => part.functionCall?.id === id)) return event
  }
  return undefined
}

/**
 * The invocation a resumable run continues: the one whose call the new message answers (an answer resumes its own
 * invocation, whatever id was given, as ADK Python does), else `invocationId`; `undefined` when the session holds no
 * event of it (the run starts a new invocation).
 */
export function resumeTarget(
  events: readonly Event[],
  newMessage: Content | undefined,
  invocationId: string | undefined,
): ResumeTarget | undefined {
  let target = invocationId
  for (const part of newMessage?.parts ?? []) {
    const id = part.functionResponse?.id
    if (!id) continue
    const found = callEvent(events, id)
    if (found) target = found.invocationId
    break
  }
  if (target === undefined) return undefined
  const start = events.findIndex((event) => event.invocationId === target)
  if (start < 0) return undefined
  let userContent: Content | undefined
  for (let index = start; index < events.length; index++) {
    const event = events[index] as Event
    if (event.invocationId !== target || event.author !== 'user' || !event.content) continue
    userContent ??= event.content
    if (event.content.parts?.some((part) => typeof part.text === 'string')) {
      userContent = event.content
      break
    }
  }
  const resumed = target
  return {
    invocationId: resumed,
    userContent,
    agent: (root) => findAgentToRun({ events: events.slice(0, start + 1) }, root),
  }
}

/**
 * The invocation of the workflow node's pause a message answers (a call of an event a graph node wrote), or
 * `undefined`. A plain runner whose root is a `Workflow` goes on in it, so the workflow resumes from its recorded node
 * runs (as ADK 2.0 does) instead of starting over and asking again. A plain-text message answers the last
 * invocation's pause when exactly one request for input is open there.
 */
export function answeredNodeInvocation(events: readonly Event[], message: Content | undefined): string | undefined {
  if (isPlainText(message)) {
    const last = events.at(-1)
    return last ? soleOpenInputRequest(invocationEvents(events, last.invocationId))?.invocationId : undefined
  }
  for (const part of message?.parts ?? []) {
    const id = part.functionResponse?.id
    if (!id) continue
    const found = callEvent(events, id)
    if (found?.nodeInfo?.path) return found.invocationId
  }
  return undefined
}

/** The branch of the calls a message answers, when they all belong to one branch (the answer is stored there). */
export function answeredBranch(events: readonly Event[], message: Content): string | undefined {
  let branch: string | undefined
  for (const part of message.parts ?? []) {
    const id = part.functionResponse?.id
    if (!id) continue
    const found = callEvent(events, id)
    if (!found?.branch || (branch !== undefined && branch !== found.branch)) return undefined
    branch = found.branch
  }
  return branch
}
