import { AbortError, InMemoryRunner, type BaseAgent, type Event, type RunConfig } from '@adk-fluent/core'
import { createLinkedAbortController } from '../agents/linked-abort-controller.js'
import type { RunOptions } from './run-options.js'

/** The run's config: the caller's (`streamingMode`, …) plus the options' model, usage and limits. */
function runConfigOf(options: RunOptions, base: RunConfig | undefined): RunConfig | undefined {
  const { model, usage, usageLimits } = options
  if (model === undefined && usage === undefined && usageLimits === undefined) return base
  return {
    ...base,
    ...(model === undefined ? {} : { model }),
    ...(usage === undefined ? {} : { usage }),
    ...(usageLimits === undefined ? {} : { usageLimits }),
  }
}

/**
 * Runs one turn: `prompt` as the user's message on a fresh `InMemoryRunner` over `build()` (or `options.runner`),
 * in a new session (or `options.sessionId`), with `options.state` applied with the message. Yields every event.
 * `abortSignal` and `timeoutMs` cancel it (an `AbortError`); stopping the iteration early cancels it too.
 */
export async function* runEvents(
  build: () => BaseAgent,
  prompt: string,
  options: RunOptions = {},
  runConfig?: RunConfig,
): AsyncGenerator<Event, void, undefined> {
  const runner = options.runner ?? new InMemoryRunner({ agent: build() })
  const { appName, sessionService } = runner
  const userId = options.userId ?? 'user'
  let sessionId = options.sessionId
  if (sessionId === undefined || !(await sessionService.getSession({ appName, userId, sessionId }))) {
    const session = await sessionService.createSession({ appName, userId, ...(sessionId === undefined ? {} : { sessionId }) })
    sessionId = session.id
  }
  const config = runConfigOf(options, runConfig)
  const { abortSignal, timeoutMs } = options
  const request = {
    userId,
    sessionId,
    newMessage: { role: 'user', parts: [{ text: prompt }] },
    ...(options.state ? { stateDelta: { ...options.state } } : {}),
    ...(config ? { runConfig: config } : {}),
  }
  if (timeoutMs === undefined) {
    yield* runner.runAsync(abortSignal ? { ...request, abortSignal } : request)
    return
  }
  const linked = createLinkedAbortController(abortSignal)
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    linked.controller.abort(new AbortError(`The run was cancelled after its timeout of ${timeoutMs} ms (timeoutMs).`))
  }, timeoutMs)
  try {
    yield* runner.runAsync({ ...request, abortSignal: linked.controller.signal })
  } catch (error) {
    if (timedOut && AbortError.isInstance(error) && error.code === 'ABORTED') {
      throw new AbortError(`The run was cancelled after its timeout of ${timeoutMs} ms (timeoutMs).`, { cause: error })
    }
    throw error
  } finally {
    clearTimeout(timer)
    linked.dispose()
  }
}
