import type { BaseTool, Context } from '@adk-fluent/core'
import { ForwardingTool } from './forwarding-tool.js'

/**
 * `T.timeout(tool, ms)`: a call that takes longer than `ms` answers
 * `{ error: "Tool '<name>' timed out after <ms> ms." }` (the model can act on it); the late result is dropped.
 * @internal
 */
export class TimeoutTool extends ForwardingTool {
  readonly timeoutMs: number

  constructor(inner: BaseTool, timeoutMs: number) {
    super(inner)
    this.timeoutMs = timeoutMs
  }

  override async runAsync(request: { args: Record<string, unknown>; toolContext: Context }): Promise<unknown> {
    const running = this.inner.runAsync(request)
    let timer: ReturnType<typeof setTimeout> | undefined
    const expired = new Promise<{ error: string }>((resolve) => {
      timer = setTimeout(
        () => resolve({ error: `Tool '${this.name}' timed out after ${this.timeoutMs} ms.` }),
        this.timeoutMs,
      )
    })
    try {
      return await Promise.race([running, expired])
    } finally {
      clearTimeout(timer)
      // A late failure of the abandoned call must not surface as an unhandled rejection.
      running.catch(() => undefined)
    }
  }
}
