type Callback = (...parameters: never[]) => unknown

/**
 * One callback running `callbacks` in order, where the first result that is not `undefined` (or `null`) wins and
 * stops the chain; a single callback is returned as is, none gives `undefined`.
 */
export function composeCallbacks<TCallback extends Callback>(callbacks: readonly TCallback[]): TCallback | undefined {
  if (callbacks.length <= 1) return callbacks[0]
  const composed = async (...parameters: Parameters<TCallback>): Promise<unknown> => {
    for (const callback of callbacks) {
      const result = await (callback as (...parameters: Parameters<TCallback>) => unknown)(...parameters)
      if (result !== undefined && result !== null) return result
    }
    return undefined
  }
  return composed as unknown as TCallback
}
