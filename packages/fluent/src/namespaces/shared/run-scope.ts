import type { InvocationContext } from '@adk-fluent/core'

const scopes = new WeakMap<InvocationContext, (() => Promise<void>)[]>()

/**
 * Registers `close` to run when the agent run of `ctx` ends (normally, by an error, or by an abort of the run's
 * signal, whichever comes first; it runs once). Used by tools that hold connections (`T.mcp`).
 * @internal
 */
export function onRunEnd(ctx: InvocationContext, close: () => Promise<void>): void {
  let closed = false
  const once = async (): Promise<void> => {
    if (closed) return
    closed = true
    await close()
  }
  const list = scopes.get(ctx)
  if (list) list.push(once)
  else scopes.set(ctx, [once])
  ctx.abortSignal?.addEventListener('abort', () => void once().catch(() => undefined), { once: true })
}

/** Runs and forgets everything registered for `ctx` (errors are swallowed: closing must not fail a run). @internal */
export async function endRun(ctx: InvocationContext): Promise<void> {
  const list = scopes.get(ctx)
  if (!list) return
  scopes.delete(ctx)
  await Promise.all(list.map((close) => close().catch(() => undefined)))
}

/** An error the agent reports as an error event (`errorCode`, `errorMessage`) instead of failing the run. @internal */
export interface EventReportedError extends Error {
  readonly eventErrorCode: string
}

/** True for an {@link EventReportedError}. @internal */
export function isEventReportedError(error: unknown): error is EventReportedError {
  return error instanceof Error && typeof (error as { eventErrorCode?: unknown }).eventErrorCode === 'string'
}
