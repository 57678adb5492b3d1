import { BaseAgent, combineHistoryTurns, type BaseAgentConfig } from './base-agent.js'
import type { InvocationContext } from './invocation-context.js'
import type { Event } from '../events/event.js'

type Pending = Promise<IteratorResult<Event, void>>
type Settled = { index: number; result: IteratorResult<Event, void> } | { index: number; error: unknown }

/**
 * Runs its sub-agents concurrently, each on its own branch (`parent.child`), so each sees only its own history;
 * events are yielded as they are produced. A branch resumes only after its last event was consumed (appended to
 * the session). State is shared. A branch that fails (yields an error event, see `isErrorEvent`) ends it: the other
 * branches are stopped, as ADK cancels them when a branch raises.
 */
export class ParallelAgent extends BaseAgent {
  constructor(config: BaseAgentConfig) {
    super(config)
  }

  /** What its sub-agents read together. */
  override historyTurns(): number | undefined {
    return combineHistoryTurns(this.subAgents.map((sub) => sub.historyTurns()))
  }

  protected async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    const generators = this.subAgents.map((sub) => {
      const branch = ctx.branch ? `${ctx.branch}.${this.name}.${sub.name}` : `${this.name}.${sub.name}`
      return sub.runAsync(ctx.clone({ branch }))
    })
    yield* mergeConcurrently(generators)
  }
}

/**
 * Interleaves several event streams in production order; an error thrown in one, an error event of one (after it is
 * yielded) or the consumer stopping stops the others.
 */
export async function* mergeConcurrently(
  generators: readonly AsyncGenerator<Event, void, undefined>[],
): AsyncGenerator<Event, void, undefined> {
  // Settled `next()` calls queue up in the order they settle and wake the consumer: O(1) per event. (A
  // `Promise.race` over every pending branch would attach a reaction to each of them per event: O(branches²).)
  const pending = new Map<number, Pending>()
  const settled: Settled[] = []
  let wake: (() => void) | undefined
  const push = (item: Settled) => {
    settled.push(item)
    const resume = wake
    wake = undefined
    resume?.()
  }
  const advance = (index: number) => {
    const generator = generators[index] as AsyncGenerator<Event, void, undefined>
    const next = generator.next()
    pending.set(index, next)
    next.then(
      (result) => push({ index, result }),
      (error: unknown) => push({ index, error }),
    )
  }
  generators.forEach((_, index) => advance(index))
  try {
    while (pending.size > 0) {
      const item = settled.shift()
      if (!item) {
        await new Promise<void>((resolve) => {
          wake = resolve
        })
        continue
      }
      if ('error' in item) throw item.error
      if (item.result.done) {
        pending.delete(item.index)
        continue
      }
      const event = item.result.value
      yield event
      if (event.errorCode !== undefined && !event.partial) return
      advance(item.index)
    }
  } finally {
    // Stop the other branches without waiting for them: a branch busy in a tool that ignores the abort signal must
    // not hold up an abort or an error. Each closes once its current step settles; what it yields is dropped.
    for (const [index, next] of pending) {
      next.catch(() => undefined)
      generators[index]?.return(undefined).catch(() => undefined)
    }
  }
}
