import type { InvocationContext } from '../agents/invocation-context.js'

/**
 * `work`, or an `AbortError` as soon as the run's abort signal fires. The work itself is not cancelled (a tool may
 * ignore the signal); its late result or failure is dropped, so an aborted run returns promptly.
 */
export function untilAborted<T>(ctx: InvocationContext, work: Promise<T>): Promise<T> {
  const signal = ctx.abortSignal
  if (!signal) return work
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      try {
        ctx.throwIfAborted()
      } catch (error) {
        reject(error)
      }
    }
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
