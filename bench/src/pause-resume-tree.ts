// Scenario R's agent tree (shared by the in-process rows and the durable child process).
import { App, FunctionTool, LlmAgent, type LlmRequest } from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'

export const R_APP = 'bench_r'
export const R_USER = 'u'
/** The user's text for a plain turn (the model calls `pay_now`) and for a turn that pauses (it calls `pay`). */
export const PLAIN_TEXT = 'pay ann now'
export const PAUSE_TEXT = 'pay ann'
export const FINAL_TEXT = 'payment done'

/**
 * One `LlmAgent` with two tools (enough replies for `cycles` plain turns and pause + resume cycles) that do the same thing: `pay` needs approval, `pay_now` does not. The model calls
 * one of them (by the user's text), then answers once the result is back. `paid()` counts the tools' executions.
 */
export function pauseResumeApp(cycles: number): { app: App; paid: () => number } {
  let paid = 0
  const execute = (args: Record<string, unknown>) => {
    paid++
    return { paid: args['to'] }
  }
  const pay = new FunctionTool({ name: 'pay', description: 'Pays.', requireConfirmation: true, execute })
  const payNow = new FunctionTool({ name: 'pay_now', description: 'Pays at once.', execute })
  const reply = (request: LlmRequest) => {
    const last = request.contents.at(-1)?.parts ?? []
    if (last.some((part) => part.functionResponse)) return FINAL_TEXT
    const text = request.contents.find((content) => content.role === 'user')?.parts?.[0]?.text
    return call(text === PLAIN_TEXT ? 'pay_now' : 'pay', { to: 'ann' })
  }
  const agent = new LlmAgent({
    name: 'desk',
    instruction: 'Pay who the user names.',
    tools: [pay, payNow],
    model: new ScriptedLlm(Array.from({ length: 4 * cycles }, () => reply)),
  })
  const app = new App({ name: R_APP, rootAgent: agent, resumabilityConfig: { isResumable: true } })
  return { app, paid: () => paid }
}
