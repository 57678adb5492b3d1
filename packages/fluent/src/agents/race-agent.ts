import { BaseAgent, isErrorEvent, type BaseAgentConfig, type Event, type InvocationContext } from '@adk-fluent/core'
import { forkInvocationContext } from './fork-invocation-context.js'
import { createLinkedAbortController } from './linked-abort-controller.js'
import { appendToView, createSessionView } from './session-view.js'
import type { AttemptFailure } from './attempt-failure.js'

type Finish =
  | { readonly index: number; readonly events: readonly Event[] }
  | { readonly index: number; readonly failure: AttemptFailure }

/** Thrown out of a held-back run that produced a model error event. */
class ErrorEventFailure {
  constructor(readonly event: Event) {}
}

/**
 * Runs every sub-agent at once, each on its own copy of the session (state, history and `temp:` values), holding
 * their events back. The first to finish without failing (throwing or producing a model error event) wins: the
 * others are aborted and only the winner's events are yielded, so the losers leave no trace in the session. When
 * all fail, the last failure stands: its error is thrown, or its error event is yielded.
 */
export class RaceAgent extends BaseAgent {
  constructor(config: BaseAgentConfig) {
    super(config)
  }

  protected async *runAsyncImpl(invocation: InvocationContext): AsyncGenerator<Event, void, undefined> {
    const links = this.subAgents.map(() => createLinkedAbortController(invocation.abortSignal))
    try {
      const runs = this.subAgents.map((racer, index) =>
        runHeldBack(racer, invocation, (links[index] as (typeof links)[number]).controller.signal).then((events) => ({
          index,
          events,
        })),
      )
      const winner = await firstFinished(runs)
      links.forEach((link, index) => {
        if (index !== winner.index) link.controller.abort()
      })
      if ('failure' in winner) {
        if ('event' in winner.failure) yield winner.failure.event
        else throw winner.failure.error
        return
      }
      for (const event of winner.events) yield event
    } finally {
      for (const link of links) link.dispose()
    }
  }
}

async function runHeldBack(
  racer: BaseAgent,
  invocation: InvocationContext,
  abortSignal: AbortSignal,
): Promise<Event[]> {
  const view = createSessionView(invocation.session, invocation.tempState, { sharedEvents: false })
  const forked = forkInvocationContext(invocation, { session: view.session, tempState: view.tempState, abortSignal })
  const events: Event[] = []
  for await (const event of racer.runAsync(forked)) {
    if (event.partial) continue
    if (isErrorEvent(event)) throw new ErrorEventFailure(event)
    appendToView(view, event)
    events.push(event)
  }
  return events
}

/** The first run to succeed; when every run fails, the failure of the last one to fail. */
function firstFinished(runs: readonly Promise<Finish>[]): Promise<Finish> {
  return new Promise<Finish>((resolve) => {
    let failures = 0
    runs.forEach((run, index) => {
      run.then(resolve, (error: unknown) => {
        failures++
        if (failures < runs.length) return
        resolve({ index, failure: error instanceof ErrorEventFailure ? { event: error.event } : { error } })
      })
    })
  })
}
