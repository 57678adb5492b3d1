import type { FlowBuilder } from '@adk-fluent/fluent'

/** A model request reduced to what tests check: the system instruction and the texts of the contents. */
export interface SeenRequest {
  readonly system: string
  readonly userTexts: readonly string[]
}

/** The shape of a model request that {@link seen} reads (a core `LlmRequest` fits it). */
export interface RequestShape {
  readonly config: { readonly systemInstruction?: unknown }
  readonly contents: readonly { readonly parts?: readonly { readonly text?: string }[] }[]
}

/** The request a scripted model received, reduced to its system instruction and the texts of its contents. */
export function seen(request: RequestShape): SeenRequest {
  return {
    system: typeof request.config.systemInstruction === 'string' ? request.config.systemInstruction : '',
    userTexts: request.contents.flatMap((content) =>
      (content.parts ?? []).flatMap((part) => (part.text === undefined ? [] : [part.text])),
    ),
  }
}

/** A scripted reply that records the request it answers in `log` and replies `answer` (text or a function of the request). */
export function reply(log: SeenRequest[], answer: string | ((request: SeenRequest) => string)) {
  return (request: RequestShape): string => {
    const entry = seen(request)
    log.push(entry)
    return typeof answer === 'string' ? answer : answer(entry)
  }
}

/** Runs `builder` once with `prompt` and returns its events and the state they leave (deltas applied in order). */
export async function runFlow(
  builder: FlowBuilder<unknown>,
  options: { readonly state?: Record<string, unknown>; readonly prompt?: string } = {},
) {
  const events = []
  for await (const event of builder.events(options.prompt ?? 'go', options.state ? { state: options.state } : {}))
    events.push(event)
  const state: Record<string, unknown> = { ...options.state }
  for (const event of events) if (!event.partial) Object.assign(state, event.actions.stateDelta)
  return { events, state }
}

/** Resolves after `milliseconds`. */
export function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds))
}
