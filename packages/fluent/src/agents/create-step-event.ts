import {
  createEvent,
  createEventActions,
  type Event,
  type EventActions,
  type InvocationContext,
} from '@adk-fluent/core'

type Content = NonNullable<Event['content']>

/** An event authored by `author` on the context's branch, carrying `actions` (and `content`, when given). */
export function createStepEvent(
  invocation: InvocationContext,
  author: string,
  fields: { actions?: Partial<EventActions>; content?: Content },
): Event {
  const event = createEvent({
    invocationId: invocation.invocationId,
    author,
    actions: createEventActions(fields.actions),
  })
  if (invocation.branch !== undefined) event.branch = invocation.branch
  if (fields.content) event.content = fields.content
  return event
}

/** True when the actions change something: state, artifacts, or escalation. */
export function hasActionEffects(actions: EventActions): boolean {
  return (
    Object.keys(actions.stateDelta).length > 0 ||
    Object.keys(actions.artifactDelta).length > 0 ||
    actions.escalate === true
  )
}
