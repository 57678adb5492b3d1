import { InMemoryRunner, type BaseAgent, type Event, type RunConfig } from '@adk-fluent/core'
import type { RunOptions } from './run-options.js'

/**
 * Runs one turn: `prompt` as the user's message on a fresh `InMemoryRunner` over `build()` (or `options.runner`),
 * in a new session (or `options.sessionId`), with `options.state` applied with the message. Yields every event.
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
  yield* runner.runAsync({
    userId,
    sessionId,
    newMessage: { role: 'user', parts: [{ text: prompt }] },
    ...(options.state ? { stateDelta: { ...options.state } } : {}),
    ...(runConfig ? { runConfig } : {}),
  })
}
