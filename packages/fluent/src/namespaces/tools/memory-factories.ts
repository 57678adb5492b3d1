import {
  LoadMemoryTool,
  PreloadMemoryTool,
  type Context,
  type MemoryToolOptions,
  type PreloadMemoryToolOptions,
} from '@adk-fluent/core'
import { throwConfigIssue } from '../../parse/config-issue.js'
import { createToolEntry, type ToolComposite } from './tool-composite.js'
import { createToolComposite } from './compose-tools.js'

/**
 * ADK's `load_memory` tool (core `LoadMemoryTool`): the model calls `load_memory({ query })` to search the user's
 * long-term memory (the runner's `memoryService`, e.g. `.ask(text, { memoryService })`); `limit` caps the memories
 * per search (default 50).
 * @example Agent('assistant').instruct('Help the user.').tools(T.loadMemory())
 */
export function loadMemory(options: MemoryToolOptions = {}): ToolComposite {
  new LoadMemoryTool(options) // checks the options where they are written
  return createToolComposite([createToolEntry('load_memory', 'T.loadMemory()', () => new LoadMemoryTool(options))])
}

/**
 * ADK's `preload_memory` tool (core `PreloadMemoryTool`): before each model call, the memories that share a word with
 * the user's message are added to the system instruction (`<PAST_CONVERSATIONS>`); the model never calls it. A run
 * without a memory service gets none; a failing search goes to `onWarning` (default `console.warn`) and the model
 * call goes on without memories.
 * @example Agent('assistant').instruct('Help the user.').tools(T.preloadMemory({ limit: 10 }))
 */
export function preloadMemory(options: PreloadMemoryToolOptions = {}): ToolComposite {
  new PreloadMemoryTool(options)
  return createToolComposite([
    createToolEntry('preload_memory', 'T.preloadMemory()', () => new PreloadMemoryTool(options)),
  ])
}

/** How `.memory(mode)` gives an agent memory: preloaded into the instruction, loaded by the model, or both. */
export type MemoryMode = 'preload' | 'on-demand' | 'both'

/** The tools of `.memory(mode)`; an unknown mode is a `ConfigError` at the call. @internal */
export function memoryTools(mode: MemoryMode, path: readonly (string | number)[]): ToolComposite {
  if (mode === 'preload') return preloadMemory()
  if (mode === 'on-demand') return loadMemory()
  if (mode === 'both') return preloadMemory().add(loadMemory())
  throwConfigIssue(
    'choice_invalid',
    path,
    `unknown memory mode ${JSON.stringify(mode)}.`,
    "Use 'preload', 'on-demand' or 'both'.",
  )
}

/** The after-agent callback of `.memoryAutoSave()`: adds the session to the run's memory service. @internal */
export async function saveSessionToMemory(context: Context): Promise<undefined> {
  await context.addSessionToMemory()
  return undefined
}
