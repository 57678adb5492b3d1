import type { Any, PortImpl } from './port-harness.test-helper.js'

/**
 * Runs `root` through the implementation's in-memory Runner for two turns on one session: `text`, then the answer to
 * an `adk_request_input` pause (a function response with `{ result }` under the interrupt's id). Returns each turn's
 * events; `betweenTurns` runs after the first.
 */
export async function resumeTurns(
  impl: PortImpl,
  root: Any,
  text: string,
  reply: { id: string; result: unknown },
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
  const second = await turn({
    role: 'user',
    parts: [{ functionResponse: { id: reply.id, name: 'adk_request_input', response: { result: reply.result } } }],
  })
  return [first, second]
}
