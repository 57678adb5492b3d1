import type { Content } from '../models/genai-types.js'
import type { Context } from './context.js'

/** A before/after agent callback: returning a `Content` short-circuits (before) or adds a reply (after). */
export type SingleAgentCallback = (context: Context) => Content | undefined | void | Promise<Content | undefined | void>
export type AgentCallback = SingleAgentCallback | readonly SingleAgentCallback[]

/** One frozen empty list, shared by every agent field that holds none. @internal */
export const noItems: readonly never[] = Object.freeze([])

/** Normalises one callback or a list into a frozen list (one shared empty list: most agents have no callbacks). */
export function toCallbackList<T>(value: T | readonly T[] | undefined): readonly T[] {
  if (value === undefined) return noItems
  return Object.freeze(Array.isArray(value) ? [...(value as readonly T[])] : [value as T])
}
