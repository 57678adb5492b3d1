import { randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { StreamingMode, type Content, type Event } from '@adk-fluent/core'
import type { AdkApiApps } from './api-apps.js'
import { errorReply } from './api-errors.js'
import { ApiRequestError } from './api-request-error.js'
import { eventJson } from './adk-json.js'
import { optionalBoolean, optionalObject, readJsonObject, requiredString } from './read-body.js'
import { Reply, type RouteCall, type RouteTable } from './route-table.js'

/** The body of `/run` and `/run_sse`: `{ appName, userId, sessionId, newMessage, streaming?, stateDelta? }`. */
interface RunBody {
  readonly appName: string
  readonly userId: string
  readonly sessionId: string
  readonly newMessage: Content
  readonly streaming: boolean
  readonly stateDelta: Record<string, unknown> | undefined
}

async function runBody(call: RouteCall): Promise<RunBody> {
  const body = await readJsonObject(call.request)
  const newMessage = optionalObject(body, 'newMessage')
  const parts = newMessage?.['parts']
  if (!newMessage || !Array.isArray(parts) || parts.length === 0)
    throw new ApiRequestError(
      400,
      'API_BAD_REQUEST',
      '"newMessage" must be a message with parts, for example { "role": "user", "parts": [{ "text": "hi" }] }.',
    )
  if (parts.some((part) => typeof part !== 'object' || part === null || Array.isArray(part)))
    throw new ApiRequestError(400, 'API_BAD_REQUEST', '"newMessage.parts" must be an array of part objects.')
  return {
    appName: requiredString(body, 'appName'),
    userId: requiredString(body, 'userId'),
    sessionId: requiredString(body, 'sessionId'),
    newMessage: newMessage as Content,
    streaming: optionalBoolean(body, 'streaming'),
    stateDelta: optionalObject(body, 'stateDelta'),
  }
}

/**
 * Starts the run of a request's body: an unknown app or session is a 404 before anything runs. The run stops when
 * the client goes away (its response closes before the run ends).
 */
async function startRun(
  apps: AdkApiApps,
  call: RouteCall,
): Promise<{ events: AsyncIterator<Event>; done(): Promise<void> }> {
  const body = await runBody(call)
  const runner = apps.runner(body.appName)
  const at = { appName: body.appName, userId: body.userId, sessionId: body.sessionId }
  if (!(await apps.sessionService.getSession(at)))
    throw new ApiRequestError(404, 'API_NOT_FOUND', `Session not found: ${body.sessionId}`)
  const abort = new AbortController()
  const onClose = () => {
    if (!call.response.writableFinished) abort.abort()
  }
  call.response.on('close', onClose)
  // Chosen here (ADK's `e-<uuid>` form) so the run's trace is closed even when it fails before its first event.
  const invocationId = `e-${randomUUID()}`
  const run = runner.runAsync({
    invocationId,
    userId: body.userId,
    sessionId: body.sessionId,
    newMessage: body.newMessage,
    ...(body.stateDelta ? { stateDelta: body.stateDelta } : {}),
    runConfig: { streamingMode: body.streaming ? StreamingMode.SSE : StreamingMode.NONE },
    abortSignal: abort.signal,
  })
  return {
    events: run,
    // Closing the generator runs its cleanup (the session's lease is given back) when the stream stopped early.
    done: async () => {
      call.response.off('close', onClose)
      await run.return(undefined).catch(() => undefined)
      apps.trace.finish(invocationId)
    },
  }
}

/** `POST /run`: every event of the run as one JSON array; a run that fails midway is a 500 `{ error, events }`. */
async function runAll(apps: AdkApiApps, call: RouteCall): Promise<unknown> {
  const { events, done } = await startRun(apps, call)
  const collected: Record<string, unknown>[] = []
  try {
    for (let step = await events.next(); !step.done; step = await events.next()) collected.push(eventJson(step.value))
    return collected
  } catch (error) {
    const { status, body } = errorReply(error, 'Failed to run agent')
    return new Reply(status, collected.length > 0 ? { ...body, events: collected } : body)
  } finally {
    await done()
  }
}

const frame = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`

/**
 * `POST /run_sse`: each event as a server-sent event `data: <event JSON>` (partial events too when `streaming` is
 * true). The response starts with the run's first event, so a run refused before it (busy session, failed model
 * call) is an ordinary status with `{ error }`; a failure later is a last `data: { "error": … }` frame.
 */
async function runStream(apps: AdkApiApps, call: RouteCall): Promise<unknown> {
  const { events, done } = await startRun(apps, call)
  const response: ServerResponse = call.response
  try {
    let step: IteratorResult<Event>
    try {
      step = await events.next()
    } catch (error) {
      const { status, body } = errorReply(error, 'Failed to run agent')
      return new Reply(status, body)
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    })
    try {
      for (; !step.done; step = await events.next()) {
        if (response.destroyed) break
        response.write(frame(eventJson(step.value)))
      }
    } catch (error) {
      if (!response.destroyed) response.write(frame({ error: error instanceof Error ? error.message : String(error) }))
    }
    response.end()
    return undefined
  } finally {
    await done()
  }
}

/** ADK's run routes. */
export function addRunRoutes(table: RouteTable, apps: AdkApiApps): void {
  table.add('POST', '/run', (call) => runAll(apps, call)).add('POST', '/run_sse', (call) => runStream(apps, call))
}
