import { StateError, type Context } from '@adk-fluent/core'
import type { StateTransform } from '../namespaces/state/index.js'
import type { ArtifactOperation } from '../namespaces/artifacts/index.js'
import type { StatePredicate, StepFunction, TapFunction } from '../ir/state-function-types.js'
import { describeValue } from '../parse/describe-value.js'
import type { StepBody } from '../agents/step-agent.js'
import { STEP_REPLY } from '../ir/step-reply.js'
import { stateSnapshot } from '../agents/state-snapshot.js'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function userText(context: Context): string | undefined {
  const parts = context.userContent?.parts
  if (!parts) return undefined
  const texts = parts.flatMap((part) => (typeof part.text === 'string' && !part.thought ? [part.text] : []))
  return texts.length > 0 ? texts.join('') : undefined
}

/**
 * A plain function step: its returned object is recorded as the state delta; a text under {@link STEP_REPLY} becomes
 * the step's reply.
 */
export function functionStepBody(name: string, fn: StepFunction): StepBody {
  return async (context) => {
    const result = await fn(stateSnapshot(context))
    if (result === undefined || result === null) return
    if (!isRecord(result)) {
      throw new StateError(
        `Function step "${name}" returned ${describeValue(result)}. Return an object of state changes, such as { summary: text }, or nothing.`,
        { agentName: context.agentName, invocationId: context.invocationId },
      )
    }
    context.state.update(result)
    const reply = (result as { [STEP_REPLY]?: unknown })[STEP_REPLY]
    return typeof reply === 'string' && reply.length > 0 ? { role: 'model', parts: [{ text: reply }] } : undefined
  }
}

/** An `S` transform: the delta it returns (nulls for removed keys included) is recorded as is. */
export function transformStepBody(transform: StateTransform): StepBody {
  return async (context) => {
    const text = userText(context)
    const delta = await transform.apply(stateSnapshot(context), text === undefined ? {} : { userText: text })
    context.state.update(delta)
  }
}

/** An `A` operation: it saves, loads and writes state through the context, which records the deltas. */
export function artifactStepBody(operation: ArtifactOperation): StepBody {
  return async (context) => {
    await operation.run(context)
  }
}

/** `tap(fn)`: observes a frozen copy of the state. */
export function tapBody(fn: TapFunction): StepBody {
  return async (context) => {
    await fn(stateSnapshot(context))
  }
}

/** `expect(pred, message)`: a false predicate throws a `StateError` with `message`. */
export function expectBody(predicate: StatePredicate, message: string): StepBody {
  return async (context) => {
    if (await predicate(stateSnapshot(context))) return
    throw new StateError(message, { agentName: context.agentName, invocationId: context.invocationId })
  }
}

/** A loop checkpoint: escalates (ending the loop) when `predicate(state)` holds. */
export function checkpointBody(predicate: StatePredicate): StepBody {
  return async (context) => {
    if (await predicate(stateSnapshot(context))) context.actions.escalate = true
  }
}
