import type { InvocationContext } from '../agents/invocation-context.js'

/**
 * `work`, or a rejection with `reason()` as soon as `signal` aborts. The work itself is not cancelled (it may ignore
 * the signal); its late result or failure is dropped.
 */
export function untilSignal<T>(work: Promise<T>, signal: AbortSignal | undefined, reason: () => unknown): Promise<T> {
  if (!signal) return work
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(reason())
    if (signal.aborted) {
      work.catch(() => undefined)
      onAbort()
      return
    }
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}

/**
 * `work`, or an `AbortError` as soon as the run's abort signal fires. The work itself is not cancelled (a tool may
 * ignore the signal); its late result or failure is dropped, so an aborted run returns promptly.
 */
export function untilAborted<T>(ctx: InvocationContext, work: Promise<T>): Promise<T> {
  return untilSignal(work, ctx.abortSignal, () => {
    try {
      ctx.throwIfAborted()
    } catch (error) {
      return error
    }
    return undefined
  })
}
