import { BaseAgent, type BaseAgentConfig, type Event, type InvocationContext } from '@adk-fluent/core'
import { AgentTimeoutError } from './agent-timeout-error.js'
import { forkInvocationContext } from './fork-invocation-context.js'
import { createLinkedAbortController } from './linked-abort-controller.js'

/** Configuration of a {@link TimeoutAgent}; `subAgents` holds the timed agent alone. */
export interface TimeoutAgentConfig extends BaseAgentConfig {
  readonly milliseconds: number
}

const expired = Symbol('expired')

/**
 * Runs its sub-agent, passing its events on as they come; when `milliseconds` pass first, the sub-agent is aborted
 * and an {@link AgentTimeoutError} naming it is thrown (events it produced before stay).
 */
export class TimeoutAgent extends BaseAgent {
  readonly milliseconds: number

  constructor(config: TimeoutAgentConfig) {
    super(config)
    this.milliseconds = config.milliseconds
  }

  protected async *runAsyncImpl(invocation: InvocationContext): AsyncGenerator<Event, void, undefined> {
    const timed = this.subAgents[0] as BaseAgent
    const link = createLinkedAbortController(invocation.abortSignal)
    const events = timed.runAsync(forkInvocationContext(invocation, { abortSignal: link.controller.signal }))
    let timer: ReturnType<typeof setTimeout> | undefined
    const deadline = new Promise<typeof expired>((resolve) => {
      timer = setTimeout(() => resolve(expired), this.milliseconds)
    })
    try {
      for (;;) {
        const pending = events.next()
        const next = await Promise.race([pending, deadline])
        if (next === expired) {
          pending.catch(() => undefined)
          link.controller.abort()
          events.return(undefined).catch(() => undefined)
          throw new AgentTimeoutError(timed.name, this.milliseconds, { invocationId: invocation.invocationId })
        }
        if (next.done) return
        yield next.value
      }
    } finally {
      clearTimeout(timer)
      link.dispose()
    }
  }
}
