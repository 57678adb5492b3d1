import { abortErrorFor, throwIfAborted } from './retry.js'

/**
 * Awaits one read of a model's stream (`reader.read()`, `events.next()`), rejecting with an `AbortError` as soon as
 * `abortSignal` fires, even when the stream itself does not watch the signal. Other failures are passed to `onError`
 * (which turns them into the adapter's `ModelError`) unless the signal fired meanwhile.
 */
export async function readOrAbort<T>(
  read: () => Promise<T>,
  abortSignal: AbortSignal | undefined,
  onError: (error: unknown) => unknown,
): Promise<T> {
  throwIfAborted(abortSignal)
  if (!abortSignal) {
    try {
      return await read()
    } catch (error) {
      throw onError(error)
    }
  }
  let onAbort: () => void = () => undefined
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(abortErrorFor(abortSignal))
    abortSignal.addEventListener('abort', onAbort, { once: true })
  })
  try {
    return await Promise.race([read(), aborted])
  } catch (error) {
    if (abortSignal.aborted) throw abortErrorFor(abortSignal)
    throw onError(error)
  } finally {
    abortSignal.removeEventListener('abort', onAbort)
  }
}
