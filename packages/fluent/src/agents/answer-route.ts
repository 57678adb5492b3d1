import { LlmAgent, type Event, type NodeContext, type RouteValue } from '@adk-fluent/core'
import { StageModelAgent } from './stage-model-agent.js'

/**
 * The route an agent's answer emits in a graph: its text trimmed (an answer parsed from JSON by an output schema, such
 * as `z.enum([...])`, as the string, number or boolean it holds); an answer of another shape emits none.
 */
export function answerRoute(output: unknown): RouteValue | undefined {
  if (typeof output === 'string') return output.trim() === '' ? undefined : output.trim()
  if (typeof output === 'number' || typeof output === 'boolean') return output
  return undefined
}

/** The agent's events, its answer's event carrying the answer's route as well. */
async function* withAnswerRoute(
  name: string,
  events: AsyncGenerator<Event, void, undefined>,
): AsyncGenerator<Event, void, undefined> {
  for await (const event of events) {
    if (event.author === name && event.output !== undefined && event.route === undefined) {
      const route = answerRoute(event.output)
      if (route !== undefined) event.route = route
    }
    yield event
  }
}

/** An `LlmAgent` in a graph whose answer decides the route of its outgoing edges (see {@link answerRoute}). */
export class AnswerRoutingAgent extends LlmAgent {
  override run(ctx: NodeContext, input: unknown): AsyncGenerator<Event, void, undefined> {
    return withAnswerRoute(this.name, super.run(ctx, input))
  }
}

/** The same for an agent whose instruction calls models or whose tools hold connections (a `StageModelAgent`). */
export class AnswerRoutingStageModelAgent extends StageModelAgent {
  override run(ctx: NodeContext, input: unknown): AsyncGenerator<Event, void, undefined> {
    return withAnswerRoute(this.name, super.run(ctx, input))
  }
}
