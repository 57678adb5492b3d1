import type { Event, Route } from '../events/event.js'
import type { EventActions } from '../events/event-actions.js'
import type { LlmResponse } from '../models/llm-response.js'

/** What a model call hook learns about the call it wraps. */
export interface ModelCallInfo {
  /** Name of the agent that calls the model. */
  agentName: string
  /** Dot-path of the parallel branch, `undefined` at top level. */
  branch: string | undefined
}

/** What a tool call hook learns about the call it wraps. */
export interface ToolCallInfo {
  agentName: string
  branch: string | undefined
  toolName: string
  /** The function call's id (always set: the runtime gives calls without one an id before tools run). */
  functionCallId: string
  /** `<invocationId>/<functionCallId>`: the same on every re-execution of a durable run (see `Context.idempotencyKey`). */
  idempotencyKey: string
}

/** What a side-effect hook learns about the step it wraps (a custom agent's own call: a remote agent, a payment). */
export interface StepCallInfo {
  agentName: string
  branch: string | undefined
  /** The step's name, chosen by the agent (`'a2a'` for a remote agent's call). */
  name: string
}

/** What a node hook learns about the workflow node run it wraps. */
export interface NodeCallInfo {
  /** The node's path (`wf.node`, `wf.node@2` for a dynamic run): unique within the invocation with `runId`. */
  nodePath: string
  nodeName: string
  /** The run's id (`'1'`, `'2'`, … for the runs of a node in a loop). */
  runId: string
  branch: string | undefined
}

/** What one workflow node run produced: its events (as the workflow stores them), its output and its route. */
export interface NodeRunOutcome {
  events: Event[]
  output?: unknown
  route?: Route
}

/** What one tool call produced: its result and what it wrote to its event's actions. */
export interface ToolCallOutcome {
  result: unknown
  actions: EventActions
}

/**
 * Lets an execution engine own an invocation's side effects and non-deterministic values, so the invocation can be
 * replayed: a durable engine (such as `@adk-fluent/dbos`) runs each model and tool call as a checkpointed step and
 * gives events ids and timestamps derived from its workflow. Without hooks (the default) models and tools are called
 * directly, ids are random and timestamps come from the clock.
 *
 * A hook that fails on its own (its store is unreachable, a replay does not match) throws an `AdkFluentError` with
 * code `SESSION_STORE_FAILED` or `INTERNAL`: such an error ends the run. Any other error is the call's own: a model
 * error becomes an error response, a tool error the tool's `{ error }` result, as without hooks.
 */
export interface InvocationHooks {
  /**
   * Runs one model call. `call` makes the call and returns every response of it (a streamed call's chunks too); a
   * hook may return responses it recorded earlier instead of calling. It must return (or throw) what `call` did.
   */
  runModelCall?(info: ModelCallInfo, call: () => Promise<LlmResponse[]>): Promise<LlmResponse[]>
  /**
   * Runs one tool call (the tool's `runAsync`, not its callbacks). `call` runs the tool and returns its result and
   * the actions it wrote; a hook that returns a recorded outcome has those actions applied to the call's context.
   */
  runToolCall?(info: ToolCallInfo, call: () => Promise<ToolCallOutcome>): Promise<ToolCallOutcome>
  /**
   * Runs one side effect of a custom agent (`InvocationContext.runStep`): a remote agent's call, say. `call` returns a
   * JSON value; a hook may return the value it recorded earlier instead of calling.
   */
  runStep?(info: StepCallInfo, call: () => Promise<unknown>): Promise<unknown>
  /**
   * Runs one workflow node whose work is its own code (a function node, a custom node; not an agent, whose model and
   * tool calls are steps of their own, nor a tool node or a join). `call` runs the node, retries included, and returns
   * its events and result; a hook may return the outcome it recorded earlier instead: the node's code does not run
   * again and the recorded events are stored as the node's.
   */
  runNode?(info: NodeCallInfo, call: () => Promise<NodeRunOutcome>): Promise<NodeRunOutcome>
  /** Sets an event's `id` and `timestamp` before the runner stores or yields it (partial events too). */
  stampEvent?(event: Event): void
  /** An id for a function call the model sent without one (must start with `adk-`, see `CLIENT_FUNCTION_CALL_ID_PREFIX`). */
  newFunctionCallId?(): string
}
