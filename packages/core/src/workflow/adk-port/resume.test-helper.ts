import type { Any, PortImpl } from './port-harness.test-helper.js'

/**
 * Runs `root` through the implementation's in-memory Runner for two turns on one session: `text`, then the answer to
 * an `adk_request_input` pause: a function response with `{ result }` under the interrupt's id (or one computed from
 * the first turn's events), or plain text. Returns each turn's
 * events; `betweenTurns` runs after the first.
 */
export async function resumeTurns(
  impl: PortImpl,
  root: Any,
  text: string,
  reply: { id: string; result: unknown } | string | ((first: Any[]) => { id: string; result: unknown }),
  betweenTurns?: () => void,
): Promise<[Any[], Any[]]> {
  const runner = new impl.adk.InMemoryRunner({ agent: root, appName: 'test_app' })
  const session = await runner.sessionService.createSession({ appName: 'test_app', userId: 'u1' })
  const turn = async (newMessage: Any): Promise<Any[]> => {
    const events: Any[] = []
    for await (const event of runner.runAsync({ userId: 'u1', sessionId: session.id, newMessage })) events.push(event)
    return events
  }
  const first = await turn({ role: 'user', parts: [{ text }] })
  betweenTurns?.()
  const answer = typeof reply === 'function' ? reply(first) : reply
  const second = await turn(
    typeof answer === 'string'
      ? { role: 'user', parts: [{ text: answer }] }
      : {
          role: 'user',
          parts: [
            { functionResponse: { id: answer.id, name: 'adk_request_input', response: { result: answer.result } } },
          ],
        },
  )
  return [first, second]
}

/** The ids of the `adk_request_input` calls among `events`. */
export function requestInputIds(events: readonly Any[]): string[] {
  return events.flatMap((event: Any) =>
    (event.content?.parts ?? [])
      .map((part: Any) => part.functionCall)
      .filter((call: Any) => call?.name === 'adk_request_input')
      .map((call: Any) => String(call.id)),
  )
}
