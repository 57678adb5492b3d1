// Ported from google/adk-js core/test/agents/user_input_request_test.ts: ADK's readers of what a session waits for
// (`getUserInputRequests`, `requiresUserInput`, `getPendingUserInputRequests`). Its case built with the internal
// `generateAuthEvent` is left out (not public API).
import { describe, expect } from 'vitest'
import { portCase, type Any, type PausePortImpl } from './pause-port-harness.test-helper.js'

export function defineUserInputRequestCases(impl: PausePortImpl): void {
  const { createEvent, getUserInputRequests, requiresUserInput, getPendingUserInputRequests } = impl.adk
  const modelEvent = (parts: Any[], extra: Record<string, unknown> = {}) =>
    createEvent({ content: { role: 'model', parts }, ...extra })
  /** An `adk_request_input` interrupt, as a workflow's `RequestInput` raises it. */
  const requestInputEvent = (interruptId: string, args: Record<string, unknown> = {}) =>
    modelEvent(
      [
        {
          functionCall: {
            name: 'adk_request_input',
            id: interruptId,
            args: { interruptId, message: 'Enter a number:', ...args },
          },
        },
      ],
      { author: 'step1', longRunningToolIds: [interruptId] },
    )
  const replyEvent = (interruptId: string) =>
    createEvent({
      author: 'user',
      content: {
        role: 'user',
        parts: [{ functionResponse: { id: interruptId, name: 'adk_request_input', response: { result: 21 } } }],
      },
    })
  const ids = (requests: Any[]) => requests.map((r) => r.interruptId)

  describe('user_input_request_test — getUserInputRequests', () => {
    portCase(impl, 'summarizes a request for input', async () => {
      const [request] = getUserInputRequests(
        requestInputEvent('i1', { payload: { draft: 'hello' }, response_schema: { type: 'object' } }),
      )
      expect(request).toEqual({
        kind: 'input',
        interruptId: 'i1',
        functionCallName: 'adk_request_input',
        author: 'step1',
        message: 'Enter a number:',
        payload: { draft: 'hello' },
        responseSchema: { type: 'object' },
      })
    })

    portCase(
      impl,
      'reads the schema from a session that recorded it as `responseSchema`',
      async () => {
        const [request] = getUserInputRequests(requestInputEvent('i1', { responseSchema: { type: 'object' } }))
        expect(request.responseSchema).toEqual({ type: 'object' })
      },
      { googleFails: 'reads only `response_schema` (the older `responseSchema` spelling is read by later adk-js)' },
    )

    portCase(impl, 'summarizes a request for a credential', async () => {
      const authConfig = {
        authScheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        credentialKey: 'weather_api_key',
      }
      const event = modelEvent(
        [
          {
            functionCall: {
              name: 'adk_request_credential',
              id: 'weather_api_key',
              args: { functionCallId: 'weather_api_key', authConfig, message: 'Please provide your API key.' },
            },
          },
        ],
        { author: 'fetch_weather' },
      )
      const [request] = getUserInputRequests(event)
      expect([request.kind, request.interruptId, request.message]).toEqual([
        'credential',
        'weather_api_key',
        'Please provide your API key.',
      ])
      expect(request.authConfig).toEqual(authConfig)
    })

    portCase(impl, 'summarizes a tool-confirmation request, exposing the hint as the message', async () => {
      const event = modelEvent(
        [
          {
            functionCall: {
              name: 'adk_request_confirmation',
              id: 'confirm-1',
              args: {
                originalFunctionCall: { name: 'find_orders', args: {} },
                toolConfirmation: { hint: 'This reads patient records.', confirmed: false },
              },
            },
          },
        ],
        { author: 'generate_instruction' },
      )
      const [request] = getUserInputRequests(event)
      expect([request.kind, request.toolName, request.message]).toEqual([
        'confirmation',
        'find_orders',
        'This reads patient records.',
      ])
    })

    portCase(impl, 'falls back to the args id when the function call has none', async () => {
      const event = modelEvent([{ functionCall: { name: 'adk_request_input', args: { interruptId: 'from-args' } } }])
      expect(ids(getUserInputRequests(event))).toEqual(['from-args'])
    })

    portCase(impl, 'reports every request when one event raises several', async () => {
      const event = modelEvent([
        { functionCall: { name: 'adk_request_input', id: 'a', args: {} } },
        { functionCall: { name: 'adk_request_input', id: 'b', args: {} } },
      ])
      expect(ids(getUserInputRequests(event))).toEqual(['a', 'b'])
    })

    portCase(impl, 'ignores ordinary tool calls and plain text', async () => {
      const event = modelEvent(
        [{ text: 'Looking that up.' }, { functionCall: { name: 'get_weather', id: 'c1', args: { city: 'SF' } } }],
        { author: 'agent' },
      )
      expect(getUserInputRequests(event)).toEqual([])
      expect(requiresUserInput(event)).toBe(false)
    })

    portCase(impl, 'ignores an interrupt-shaped call with no id to answer', async () => {
      expect(getUserInputRequests(modelEvent([{ functionCall: { name: 'adk_request_input', args: {} } }]))).toEqual([])
    })

    portCase(impl, 'tolerates an event with no content', async () => {
      expect(getUserInputRequests(createEvent({ author: 'a' }))).toEqual([])
      expect(requiresUserInput(createEvent({ author: 'a' }))).toBe(false)
    })

    portCase(impl, 'requiresUserInput is true for an event that asks for something', async () => {
      expect(requiresUserInput(requestInputEvent('i1'))).toBe(true)
    })
  })

  describe('user_input_request_test — getPendingUserInputRequests', () => {
    portCase(impl, 'returns a request that has not been answered', async () => {
      expect(ids(getPendingUserInputRequests([requestInputEvent('i1')]))).toEqual(['i1'])
    })

    portCase(impl, 'drops a request once a matching function response arrives', async () => {
      expect(getPendingUserInputRequests([requestInputEvent('i1'), replyEvent('i1')])).toEqual([])
    })

    portCase(impl, 'keeps unanswered requests when only one of several is answered', async () => {
      const pending = getPendingUserInputRequests([requestInputEvent('i1'), requestInputEvent('i2'), replyEvent('i1')])
      expect(ids(pending)).toEqual(['i2'])
    })

    portCase(impl, 'reports a re-raised interrupt id only once', async () => {
      expect(ids(getPendingUserInputRequests([requestInputEvent('i1'), requestInputEvent('i1')]))).toEqual(['i1'])
    })

    portCase(impl, 'preserves the order requests were raised in', async () => {
      const pending = getPendingUserInputRequests([requestInputEvent('first'), requestInputEvent('second')])
      expect(ids(pending)).toEqual(['first', 'second'])
    })

    portCase(impl, 'returns nothing for a session with no interrupts', async () => {
      const event = modelEvent([{ text: 'all done' }], { author: 'agent' })
      expect(getPendingUserInputRequests([event])).toEqual([])
    })
  })
}
