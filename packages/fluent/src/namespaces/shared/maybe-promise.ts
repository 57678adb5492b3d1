/** A value, or a promise of one. */
export type MaybePromise<T> = T | Promise<T>

/** True for promises and other thenables. @internal */
export function isPromiseLike<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function'
}

/**
 * Applies `next` to `value`, staying synchronous when `value` is not a promise (so sync transforms compose
 * without turning into promises).
 * @internal
 */
export function thenMaybe<T, R>(value: MaybePromise<T>, next: (resolved: T) => MaybePromise<R>): MaybePromise<R> {
  return isPromiseLike(value) ? value.then(next) : next(value)
}
