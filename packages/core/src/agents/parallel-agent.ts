import { BaseAgent, type BaseAgentConfig } from './base-agent.js'
import type { InvocationContext } from './invocation-context.js'
import type { Event } from '../events/event.js'

type Pending = Promise<{ index: number; result: IteratorResult<Event, void> }>

/**
 * Runs its sub-agents concurrently, each on its own branch (`parent.child`), so each sees only its own history;
 * events are yielded as they are produced. A branch resumes only after its last event was consumed (appended to
 * the session). State is shared.
 */
export class ParallelAgent extends BaseAgent {
  constructor(config: BaseAgentConfig) {
    super(config)
  }

  protected async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, undefined> {
    const generators = this.subAgents.map((sub) => {
      const branch = ctx.branch ? `${ctx.branch}.${this.name}.${sub.name}` : `${this.name}.${sub.name}`
      return sub.runAsync(ctx.clone({ branch }))
    })
    yield* mergeConcurrently(generators)
  }
}

/** Interleaves several event streams in production order; an error in one (or the consumer stopping) stops the others. */
export async function* mergeConcurrently(
  generators: readonly AsyncGenerator<Event, void, undefined>[],
): AsyncGenerator<Event, void, undefined> {
  const pending = new Map<number, Pending>()
  const advance = (index: number) => {
    const generator = generators[index] as AsyncGenerator<Event, void, undefined>
    pending.set(
      index,
      generator.next().then((result) => ({ index, result })),
    )
  }
  generators.forEach((_, index) => advance(index))
  try {
    while (pending.size > 0) {
      const { index, result } = await Promise.race(pending.values())
      if (result.done) {
        pending.delete(index)
        continue
      }
      yield result.value
      advance(index)
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
