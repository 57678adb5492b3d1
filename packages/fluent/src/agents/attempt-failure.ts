import type { Event } from '@adk-fluent/core'

/**
 * Why an attempt of a fallback or a race failed: it threw, or it produced an error event (core's `isErrorEvent`: core
 * reports failed model calls as events).
 */
export type AttemptFailure = { readonly error: unknown } | { readonly event: Event }
