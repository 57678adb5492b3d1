import { randomUUID } from 'node:crypto'
import { StreamingMode, type Content, type Event } from '@adk-fluent/core'
import type { AdkApiApps } from './api-apps.js'
import { checkEventRoom, type AdkApiLimits } from './api-limits.js'
import { errorReply, publicMessage } from '../http/error-reply.js'
import { HttpRequestError, sessionNotFound } from '../http/request-error.js'
import { eventJson } from './adk-json.js'
import { optionalBoolean, optionalObject, optionalString, requiredId, requiredString } from '../http/body.js'
import { checkedId, shownId } from '../http/ids.js'
import { readApiBody } from './api-body.js'
import { Reply } from '../http/reply.js'
import type { RouteCall, Router } from '../http/router.js'

/**
 * The body of `/run` and `/run_sse`: `{ appName, userId, sessionId, newMessage, streaming?, stateDelta?,
 * invocationId? }` (adk-web also sends `functionCallEventId` with an answer; the answer's ids say what it answers).
 */
interface RunBody {
  readonly appName: string
  readonly userId: string
  readonly sessionId: string
  /** Absent only when `invocationId` resumes an invocation from its last stored event. */
  readonly newMessage: Content | undefined
  readonly invocationId: string | undefined
  readonly streaming: boolean
  readonly stateDelta: Record<string, unknown> | undefined
}

async function runBody(call: RouteCall): Promise<RunBody> {
  const body = await readApiBody(call.request)
  const newMessage = optionalObject(body, 'newMessage')
  const named = optionalString(body, 'invocationId')
  const invocationId = named === undefined ? undefined : checkedId(named, '"invocationId"')
  const parts = newMessage?.['parts']
  if ((newMessage || invocationId === undefined) && (!Array.isArray(parts) || parts.length === 0))
    throw new HttpRequestError(
      'HTTP_BAD_REQUEST',
      '"newMessage" must be a message with parts, for example { "role": "user", "parts": [{ "text": "hi" }] }.',
    )
  if (Array.isArray(parts) && parts.some((part) => typeof part !== 'object' || part === null || Array.isArray(part)))
    throw new HttpRequestError('HTTP_BAD_REQUEST', '"newMessage.parts" must be an array of part objects.')
  return {
    appName: requiredString(body, 'appName'),
    userId: requiredId(body, 'userId'),
    sessionId: requiredId(body, 'sessionId'),
    newMessage: newMessage as Content | undefined,
    invocationId,
    streaming: optionalBoolean(body, 'streaming'),
    stateDelta: optionalObject(body, 'stateDelta'),
  }
}

/**
 * Starts the run of a request's body: an unknown app or session is a 404, a session that holds as many events as the
 * limits allow a 429, before anything runs. The run stops when the client goes away (its response closes before the
 * run ends).
 */
async function startRun(
  apps: AdkApiApps,
  limits: AdkApiLimits,
  call: RouteCall,
): Promise<{ events: AsyncIterator<Event>; done(last?: Event): Promise<void> }> {
  const body = await runBody(call)
  const runner = apps.runner(body.appName)
  if (body.invocationId !== undefined && runner.resumabilityConfig?.isResumable !== true)
    throw new HttpRequestError(
      'HTTP_BAD_REQUEST',
      `"invocationId" resumes an invocation, but app "${body.appName}" is not resumable: serve it as an App with resumabilityConfig: { isResumable: true } (or give the server resumabilityConfig). An answer to a pause needs no invocationId.`,
    )
  const at = { appName: body.appName, userId: body.userId, sessionId: body.sessionId }
  const session = await apps.sessionService.getSession(at)
  if (!session) throw sessionNotFound(body.sessionId)
  checkEventRoom(session, limits)
  // A client names only an invocation of its own session: an id the session does not hold would start a new run under
  // an id another session may hold (its trace and its resume are found by that id).
  if (body.invocationId !== undefined && !session.events.some((event) => event.invocationId === body.invocationId))
    throw new HttpRequestError(
      'HTTP_BAD_REQUEST',
      `Session ${shownId(body.sessionId)} holds no invocation ${shownId(body.invocationId)} to resume: "invocationId" names an invocation of this session (the invocationId of one of its events). Leave it out to start a new invocation; an answer to a pause needs none.`,
    )
  const abort = new AbortController()
  const onClose = () => {
    if (!call.response.writableFinished) abort.abort()
  }
  call.response.on('close', onClose)
  // Chosen here (ADK's `e-<uuid>` form) so the run's trace is closed even when it fails before its first event.
  const invocationId = body.invocationId ?? `e-${randomUUID()}`
  const run = runner.runAsync({
    invocationId,
    userId: body.userId,
    sessionId: body.sessionId,
    ...(body.newMessage ? { newMessage: body.newMessage } : {}),
    ...(body.stateDelta ? { stateDelta: body.stateDelta } : {}),
    runConfig: { streamingMode: body.streaming ? StreamingMode.SSE : StreamingMode.NONE },
    abortSignal: abort.signal,
  })
  return {
    events: run,
    // Closing the generator runs its cleanup (the session's lease is given back) when the stream stopped early.
    // A resumed invocation (an answer resumes the one that paused) is traced under its own id: `last` names it.
    done: async (last?: Event) => {
      call.response.off('close', onClose)
      await run.return(undefined).catch(() => undefined)
      apps.trace.finish(invocationId)
      if (last && last.invocationId !== invocationId) apps.trace.finish(last.invocationId)
    },
  }
}

/** `POST /run`: every event of the run as one JSON array; a run that fails midway is a 500 `{ error, events }`. */
async function runAll(apps: AdkApiApps, limits: AdkApiLimits, call: RouteCall): Promise<unknown> {
  const { events, done } = await startRun(apps, limits, call)
  const collected: Record<string, unknown>[] = []
  let last: Event | undefined
  try {
    for (let step = await events.next(); !step.done; step = await events.next()) {
      last = step.value
      collected.push(eventJson(last))
    }
    return collected
  } catch (error) {
    const reply = errorReply(error, 'Failed to run agent')
    return collected.length > 0 ? Reply.json({ ...(reply.body as object), events: collected }, reply.status) : reply
  } finally {
    await done(last)
  }
}

/**
 * `POST /run_sse`: each event as a server-sent event `data: <event JSON>` (partial events too when `streaming` is
 * true). The response starts with the run's first event, so a run refused before it (busy session, failed model
 * call) is an ordinary status with `{ error }`; a failure later is a last `data: { "error": … }` frame.
 */
async function runStream(apps: AdkApiApps, limits: AdkApiLimits, call: RouteCall): Promise<unknown> {
  // Refused before the run starts when the server holds as many streams as it keeps.
  call.checkStreamRoom()
  const { events, done } = await startRun(apps, limits, call)
  let last: Event | undefined
  try {
    let step: IteratorResult<Event>
    try {
      step = await events.next()
    } catch (error) {
      return errorReply(error, 'Failed to run agent')
    }
    const stream = call.eventStream()
    try {
      for (; !step.done && !stream.closed; step = await events.next()) {
        last = step.value
        stream.send(eventJson(last))
      }
    } catch (error) {
      stream.send({ error: publicMessage(error) })
    }
    stream.end()
    return undefined
  } finally {
    await done(last)
  }
}

/** ADK's run routes. */
export function addRunRoutes(router: Router, apps: AdkApiApps, limits: AdkApiLimits): void {
  router
    .add('POST', '/run', (call) => runAll(apps, limits, call))
    .add('POST', '/run_sse', (call) => runStream(apps, limits, call))
}
