import type { Content, FunctionCall, FunctionResponse, Part } from '@adk-fluent/core'

/** Keys a file had that the model does not know, kept as spelled and written back. */
export interface HasExtra {
  readonly extra?: Readonly<Record<string, unknown>>
}

/** A rubric: a property a judge checks (`rubric_id`, `rubric_content.text_property`). */
export interface Rubric extends HasExtra {
  readonly rubricId: string
  readonly rubricContent: { readonly textProperty?: string } & HasExtra
  readonly description?: string
  readonly type?: string
}

/** The older form of an invocation's intermediate steps: the tool calls as a list. */
export interface IntermediateData extends HasExtra {
  readonly toolUses?: readonly FunctionCall[]
  readonly toolResponses?: readonly FunctionResponse[]
  readonly intermediateResponses?: readonly (readonly [string, readonly Part[]])[]
}

/** One non-final event of an invocation. */
export interface InvocationEvent extends HasExtra {
  readonly author: string
  readonly content?: Content
}

/** The event form of an invocation's intermediate steps (what ADK produces for actual invocations). */
export interface InvocationEvents extends HasExtra {
  readonly invocationEvents?: readonly InvocationEvent[]
}

/** One user turn with what the agent answered (expected or actual). */
export interface Invocation extends HasExtra {
  readonly invocationId?: string
  readonly userContent: Content
  readonly finalResponse?: Content
  readonly intermediateData?: IntermediateData | InvocationEvents
  readonly creationTimestamp?: number
  readonly rubrics?: readonly Rubric[]
  readonly appDetails?: Readonly<Record<string, unknown>>
  readonly inferenceCallCount?: number
  readonly duration?: number
}

/** The session a case starts on. */
export interface SessionInput extends HasExtra {
  readonly appName: string
  readonly userId: string
  readonly state?: Readonly<Record<string, unknown>>
  readonly sessionId?: string
}

/** One eval case: a static conversation (or a scenario for a user simulator) and its starting session. */
export interface EvalCase extends HasExtra {
  readonly evalId: string
  readonly conversation?: readonly Invocation[]
  readonly conversationScenario?: Readonly<Record<string, unknown>>
  readonly sessionInput?: SessionInput
  readonly creationTimestamp?: number
  readonly rubrics?: readonly Rubric[]
  readonly finalSessionState?: Readonly<Record<string, unknown>>
}

/** ADK's eval set (`*.evalset.json`), camelCase in memory. */
export interface EvalSet extends HasExtra {
  readonly evalSetId: string
  readonly name?: string
  readonly description?: string
  readonly evalCases: readonly EvalCase[]
  readonly creationTimestamp?: number
}
