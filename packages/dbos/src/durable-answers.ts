import { createHash } from 'node:crypto'
import {
  InterruptAnswerError,
  answerContent,
  listPendingInterrupts,
  pendingInterrupts,
  type BaseSessionService,
  type Content,
  type Event,
  type PendingInterrupt,
  type InterruptAnswers,
  type RunConfig,
} from '@adk-fluent/core'

/** What `DurableClient.answerInterrupts` needs. */
export interface AnswerInterruptsRequest {
  userId: string
  sessionId: string
  /** Answers by interrupt id (`true` / `false` / `{ confirmed, payload? }`, an input's reply, a tool's result). */
  answers: InterruptAnswers
  runConfig?: RunConfig
  /**
   * The id of the run that goes on (default: derived from the session and the answered interrupt ids, so answering
   * the same interrupts again, from any process, finds the same run instead of starting a second one).
   */
  runId?: string
}

/**
 * The run that answers a session's pending interrupts: the answers checked against the session's inbox (all at once,
 * nothing enqueued when one is wrong) and turned into the `functionResponse` message the paused invocation expects.
 */
export async function answerRun(
  sessionService: BaseSessionService,
  appName: string,
  request: AnswerInterruptsRequest,
): Promise<{ newMessage: Content; runId: string }> {
  const { userId, sessionId, answers } = request
  const pending = await listPendingInterrupts(sessionService, { appName, userId, sessionId })
  const newMessage = answerContent(pending, answers)
  const answered = pending.filter((item) => Object.hasOwn(answers, item.id))
  const invocations = [...new Set(answered.map((item) => item.invocationId))]
  if (invocations.length > 1)
    throw new InterruptAnswerError(
      `These answers belong to ${invocations.length} invocations (${invocations.join(', ')}): answer the interrupts of one invocation at a time.`,
    )
  const ids = answered.map((item) => item.id).sort()
  const runId =
    request.runId ??
    `answer-${createHash('sha256')
      .update(JSON.stringify([appName, userId, sessionId, ids]))
      .digest('hex')
      .slice(0, 32)}`
  return { newMessage, runId }
}

/** True when the message answers calls (a resumed run may leave some of its invocation's pauses unanswered). */
export function answersCalls(message: { parts?: { functionResponse?: unknown }[] } | undefined): boolean {
  return message?.parts?.some((part) => part.functionResponse !== undefined) ?? false
}

/** True when the event pauses the run (a confirmation, a request for input, a long-running call). */
export function isPause(event: Event): boolean {
  return pendingInterrupts([event]).length > 0
}

/** The pending interrupts of one invocation, read from the session once its events are stored. */
export async function waitingIn(
  sessionService: BaseSessionService,
  key: { appName: string; userId: string; sessionId: string },
  invocationId: string,
): Promise<PendingInterrupt[]> {
  const pending = await listPendingInterrupts(sessionService, key)
  return pending.filter((item) => item.invocationId === invocationId)
}
