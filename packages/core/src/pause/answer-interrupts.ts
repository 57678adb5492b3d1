import type { Event } from '../events/event.js'
import type { RunConfig } from '../agents/run-config.js'
import type { BaseSessionService } from '../sessions/base-session-service.js'
import type { ResumabilityConfig } from '../apps/resumability-config.js'
import type { Content } from '../models/genai-types.js'
import { InterruptAnswerError } from '../errors/interrupt-errors.js'
import { answerContent, type InterruptAnswers } from './interrupt-answers.js'
import { listPendingInterrupts } from './pending-interrupts.js'

/** What {@link answerInterrupts} needs of a runner (a `Runner`). */
export interface InterruptRunner {
  readonly appName: string
  readonly sessionService: BaseSessionService
  readonly resumabilityConfig?: ResumabilityConfig | undefined
  runAsync(request: {
    userId: string
    sessionId: string
    newMessage?: Content | undefined
    invocationId?: string
    runConfig?: RunConfig
    abortSignal?: AbortSignal
  }): AsyncGenerator<Event, void, undefined>
}

/** What {@link answerInterrupts} answers. */
export interface AnswerInterruptsRequest {
  userId: string
  sessionId: string
  /** Answers by interrupt id (see {@link InterruptAnswers}); some or all of the session's pending interrupts. */
  answers: InterruptAnswers
  runConfig?: RunConfig
  abortSignal?: AbortSignal
}

/**
 * Answers pending interrupts of a session and runs on: reads the session's inbox ({@link listPendingInterrupts}),
 * turns the answers into the `functionResponse`s ADK expects (checked all at once: an unknown id, a confirmation that
 * is not a boolean or an input that does not match its schema is an `InterruptAnswerError` and nothing is stored),
 * and runs the paused invocation with them. Answer one interrupt at a time or several together; the run goes on when
 * the last one of a step is answered (until then it stays paused). Works from any process that reads the session
 * store: the runner need not be the one that paused.
 */
export async function* answerInterrupts(
  runner: InterruptRunner,
  request: AnswerInterruptsRequest,
): AsyncGenerator<Event, void, undefined> {
  const { userId, sessionId } = request
  const pending = await listPendingInterrupts(runner.sessionService, { appName: runner.appName, userId, sessionId })
  const newMessage = answerContent(pending, request.answers)
  const invocations = [
    ...new Set(pending.filter((item) => Object.hasOwn(request.answers, item.id)).map((item) => item.invocationId)),
  ]
  if (invocations.length > 1) {
    throw new InterruptAnswerError(
      `These answers belong to ${invocations.length} invocations (${invocations.join(', ')}): answer the interrupts of one invocation at a time.`,
    )
  }
  yield* runner.runAsync({
    userId,
    sessionId,
    newMessage,
    ...(runner.resumabilityConfig?.isResumable ? { invocationId: invocations[0] as string } : {}),
    ...(request.runConfig ? { runConfig: request.runConfig } : {}),
    ...(request.abortSignal ? { abortSignal: request.abortSignal } : {}),
  })
}
