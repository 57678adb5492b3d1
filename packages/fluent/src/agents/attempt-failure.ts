import type { Event } from '@adk-fluent/core'

/** Why an attempt failed: it threw, or it produced a model error event (core reports model failures as events). */
export type AttemptFailure = { readonly error: unknown } | { readonly event: Event }

/** True for a model error event (`errorCode` set), which ends an attempt of a fallback or a race as failed. */
export function isErrorEvent(event: Event): boolean {
  return !event.partial && event.errorCode !== undefined
}
