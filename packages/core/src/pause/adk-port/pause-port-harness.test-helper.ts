/**
 * The port of `@google/adk` 2.0's tests of pause and resume — tool confirmation (`requireConfirmation`), requested
 * input (`RequestInput`, `adk_request_input`), long-running function tools and resumable runs — written once against
 * an implementation handle, so the same cases run on Google's implementation (`bench/`, `pnpm --filter
 * @adk-fluent/bench test:adk-port`) and on ours (`../adk-port.test.ts`). Sources read (cases re-written, only the
 * expected values kept): google/adk-js `core/test/tools/function_tool_confirmation_test.ts`,
 * `tools/long_running_tool_test.ts`, `agents/llm_agent_interruptions_test.ts`,
 * `agents/long_running_tool_actions_integration_test.ts`, `workflow/hitl_test.ts`, `workflow/hitl_flow_test.ts`;
 * google/adk-python `tests/unittests/flows/llm_flows/test_functions_long_running.py`. Only public API is used.
 *
 * A case Google's implementation fails is not dropped: {@link portCase} runs it there as an expected failure (it
 * fails the suite the day Google's passes) and names the reason in the case's title.
 */
import { it } from 'vitest'
import type { Any, PortImpl } from '../../workflow/adk-port/port-harness.test-helper.js'

export type { Any }

/** A scripted model reply: text, or the parts of one model turn. */
export type Reply = string | Any[]

/** One implementation of ADK 2.0's pause and resume API, as the ported cases use it. */
export interface PausePortImpl {
  readonly name: 'google' | 'ours'
  /** The module: `FunctionTool`, `LongRunningFunctionTool`, `LlmAgent`, `Runner`, `RequestInput`, `Workflow`, … */
  readonly adk: Any
  /** The workflow port's handle (its `createIc`, used by `driveNode`). */
  readonly wf: PortImpl
  /** A model answering `replies` in order; `requests` gets each request's contents (a copy) as it is made. */
  model(replies: readonly Reply[]): { model: Any; requests: Any[][] }
  /** A tool context for a direct `tool.runAsync` call (Google's `makeContext` test helper). */
  toolContext(options?: { functionCallId?: string; confirmed?: boolean }): Any
  /** The function declaration a tool sends to the model (`_getDeclaration()` in Google's, `getDeclaration()` here). */
  declaration(tool: Any): Any
}

/** What the cases note about a case: why Google's implementation fails it; why ours deliberately does too. */
export interface CaseNotes {
  googleFails?: string
  oursFails?: string
}

/**
 * A ported case. One listed as failing on an implementation runs there as an expected failure (the suite fails the
 * day it passes), the reason in its title.
 */
export function portCase(impl: PausePortImpl, title: string, fn: () => Promise<void>, notes: CaseNotes = {}): void {
  const reason = impl.name === 'google' ? notes.googleFails : notes.oursFails
  if (reason) {
    it.fails(`${title} [fails on ${impl.name === 'google' ? '@google/adk 2.0.0' : 'adk-fluent'}: ${reason}]`, fn)
    return
  }
  it(title, fn)
}

/** A runner on a fresh in-memory session, driven as the ported tests drive theirs. */
export interface PortRunner {
  readonly runner: Any
  readonly sessionId: string
  /** One turn: text, or the parts of the user's message (function responses). */
  send(message: string | Any[]): Promise<Any[]>
  /** `runAsync({ userId, sessionId, invocationId })` with no message (resume an invocation). */
  resume(invocationId: string): Promise<Any[]>
  /** The stored session. */
  session(): Promise<Any>
}

export const USER_ID = 'test_user'
export const APP_NAME = 'test_app'

/** The implementation's `Runner` on its `InMemorySessionService` (the constructor is the same in both). */
export async function portRunner(
  impl: PausePortImpl,
  agent: Any,
  options: { resumable?: boolean } = {},
): Promise<PortRunner> {
  const sessionService = new impl.adk.InMemorySessionService()
  const created = await sessionService.createSession({ appName: APP_NAME, userId: USER_ID })
  const runner = new impl.adk.Runner({
    appName: APP_NAME,
    agent,
    sessionService,
    ...(options.resumable ? { resumabilityConfig: { isResumable: true } } : {}),
  })
  const drain = async (events: AsyncIterable<Any>): Promise<Any[]> => {
    const seen: Any[] = []
    for await (const event of events) seen.push(event)
    return seen
  }
  return {
    runner,
    sessionId: created.id,
    send: (message) =>
      drain(
        runner.runAsync({
          userId: USER_ID,
          sessionId: created.id,
          newMessage: { role: 'user', parts: typeof message === 'string' ? [{ text: message }] : message },
        }),
      ),
    resume: (invocationId) => drain(runner.runAsync({ userId: USER_ID, sessionId: created.id, invocationId })),
    session: () => sessionService.getSession({ appName: APP_NAME, userId: USER_ID, sessionId: created.id }),
  }
}

/** Every function call of the events. */
export function callsOf(events: readonly Any[]): Any[] {
  return events.flatMap((e) => (e.content?.parts ?? []).flatMap((p: Any) => (p.functionCall ? [p.functionCall] : [])))
}

/** Every function response of the events. */
export function responsesOf(events: readonly Any[]): Any[] {
  return events.flatMap((e) =>
    (e.content?.parts ?? []).flatMap((p: Any) => (p.functionResponse ? [p.functionResponse] : [])),
  )
}

/** Every text of the events. */
export function textsOf(events: readonly Any[]): string[] {
  return events.flatMap((e) => (e.content?.parts ?? []).flatMap((p: Any) => (p.text ? [p.text] : [])))
}

/** A function response part (the user's answer). */
export function functionResponse(name: string, id: string, response: Record<string, unknown>): Any {
  return { functionResponse: { name, id, response } }
}

/** Google's `simplify_contents`: each content as `[role, text | functionCall name | functionResponse]`. */
export function simplifyContents(contents: readonly Any[]): unknown[] {
  return contents.flatMap((c) =>
    (c.parts ?? []).map((p: Any) => {
      if (p.text !== undefined) return [c.role, p.text]
      if (p.functionCall) return [c.role, { call: p.functionCall.name, args: p.functionCall.args }]
      if (p.functionResponse) return [c.role, { response: p.functionResponse.name, value: p.functionResponse.response }]
      return [c.role, p]
    }),
  )
}
