import { InMemoryRunner, type Event } from '@adk-fluent/core'
import type { FlowBuilder } from '../builders/flow-builder.js'

/** Runs `builder` once on its own runner and returns the events and the session state afterwards. */
export async function runBuilder(
  builder: FlowBuilder,
  options: {
    readonly state?: Record<string, unknown>
    readonly runner?: InMemoryRunner
    readonly sessionId?: string
  } = {},
) {
  const runner = options.runner ?? new InMemoryRunner({ agent: builder.build() })
  const sessionId = options.sessionId ?? 's1'
  const events: Event[] = []
  for await (const event of builder.events('go', {
    runner,
    sessionId,
    ...(options.state ? { state: options.state } : {}),
  })) {
    events.push(event)
  }
  const session = await runner.sessionService.getSession({ appName: runner.appName, userId: 'user', sessionId })
  return { events, state: session?.state ?? {}, runner }
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
