import { ConfigError } from '@adk-fluent/core'

/**
 * True when `.then()` was called by the promise machinery rather than as the pipeline operator: `await builder`,
 * `Promise.resolve(builder)` and returning a builder from an async function call `then(resolve, reject)` — two
 * functions, where the pipeline operator takes one step.
 * @internal
 */
export function isPromiseThen(step: unknown, onRejected: unknown): onRejected is (error: unknown) => void {
  return typeof step === 'function' && typeof onRejected === 'function'
}

/**
 * Settles the awaiting promise at once with a {@link ConfigError} (it would otherwise never settle: the pipeline
 * operator returns a new builder and calls neither function).
 * @internal
 */
export function rejectAwait(name: string, reject: (error: unknown) => void): void {
  reject(
    new ConfigError([
      {
        code: 'builder_awaited',
        path: [name, 'then'],
        message: `a builder is not a promise: \`await\` (or Promise.resolve(), or returning it from an async function) called its .then(), which is the pipeline operator.`,
        hint: `Call .ask(prompt) to run it, or .build() for the agent; return builders from functions synchronously (or wrapped in an object: return { flow }).`,
      },
    ]),
  )
}
