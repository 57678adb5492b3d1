/**
 * A human's decision on a tool call that needs approval (`@google/adk`'s `ToolConfirmation`): what a tool reads as
 * `toolContext.toolConfirmation` when its call is resumed, and the payload of an `adk_request_confirmation` call.
 * Plain objects of this shape are accepted wherever a `ToolConfirmation` is.
 */
export class ToolConfirmation {
  /** Why the approval is needed (shown to the user). */
  hint: string
  /** Whether the call is approved. */
  confirmed: boolean
  /** Data the user sent with the decision (JSON). */
  payload?: unknown

  constructor({ hint, confirmed, payload }: { hint?: string; confirmed: boolean; payload?: unknown }) {
    this.hint = hint ?? ''
    this.confirmed = confirmed
    if (payload !== undefined) this.payload = payload
  }
}
