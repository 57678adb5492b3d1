import type { z } from 'zod'
import type { Schema } from '../models/genai-types.js'
import { newFunctionCallId } from '../util/ids.js'

/**
 * The brand of {@link RequestInput} instances: `@google/adk`'s own `Symbol.for` key, so a request made by either
 * library (or by another copy of this one) is recognised by {@link isRequestInput}.
 */
const requestInputBrand = Symbol.for('google.adk.workflow.requestInput')

/**
 * The shape the reply must have: a zod schema, a `@google/genai` `Schema`, or a JSON Schema object. It is stored on
 * the pause as JSON Schema (the only copy that survives until the reply arrives, maybe in another process).
 */
export type ResponseSchema = z.core.$ZodType | Schema | Readonly<Record<string, unknown>>

/** What a {@link RequestInput} asks for. */
export interface RequestInputParams {
  /** The id the client answers (a `functionResponse` with this id); default: a new `adk-<uuid>`. */
  interruptId?: string
  /** Data for the client to show or edit (JSON). */
  payload?: unknown
  /** What to ask the user. */
  message?: string
  /** The shape of a structured reply: checked when the reply arrives (a bare value sent as `{ result }` is not). */
  responseSchema?: ResponseSchema
}

/**
 * A request for input from the user (`@google/adk`'s `RequestInput`). A tool (or a workflow's function node) returns
 * one to pause the run: the run yields an `adk_request_input` function call carrying `message`, `payload` and the
 * reply's JSON Schema (`response_schema`), and ends. The client answers with a `functionResponse` named
 * `adk_request_input` with the same id — `{ result: <value> }` for a bare value, or an object matching the schema —
 * and the answer becomes the tool's result (or the node's output).
 *
 * @example
 * const askAmount = new FunctionTool({
 *   name: 'ask_amount',
 *   description: 'Asks the user how much to refund.',
 *   execute: () => new RequestInput({ message: 'How much?', responseSchema: z.object({ amount: z.number() }) }),
 * })
 */
export class RequestInput {
  declare readonly [requestInputBrand]: true
  readonly interruptId: string
  readonly payload: unknown
  readonly message: string | undefined
  readonly responseSchema: ResponseSchema | undefined

  constructor(params: RequestInputParams = {}) {
    Object.defineProperty(this, requestInputBrand, { value: true })
    this.interruptId = params.interruptId ?? newFunctionCallId()
    this.payload = params.payload
    this.message = params.message
    this.responseSchema = params.responseSchema
  }
}

/** True for a {@link RequestInput} (made by this library, another copy of it, or `@google/adk`). */
export function isRequestInput(value: unknown): value is RequestInput {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[requestInputBrand] === true
}
