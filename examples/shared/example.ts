import type { BaseAgent, BaseLlm } from '@adk-fluent/core'
import type { ScriptEntry } from '@adk-fluent/core/testing'

/** Something that becomes an agent: a core agent, or a fluent builder. */
export type AgentSource = BaseAgent | { build(): BaseAgent }

/** A runnable example: how to build it for a model, and the replies its scripted model gives offline. */
export interface Example {
  readonly name: string
  readonly description: string
  readonly defaultPrompt: string
  /** Replies of the offline model, in call order or per agent name. */
  readonly script: readonly ScriptEntry[] | Readonly<Record<string, readonly ScriptEntry[]>>
  readonly initialState?: Readonly<Record<string, unknown>>
  /** Builds the agent tree on the given model (a Gemini model name, or the scripted model). */
  create(model: string | BaseLlm): AgentSource
}
