import { describe, expect, it } from 'vitest'
import { getUserChoiceTool, requestInputTool } from '@adk-fluent/core'
import { ScriptedLlm, call } from '@adk-fluent/core/testing'
import { Agent } from '../builders/workflow-factories.js'
import { RunPausedError } from './run-paused-error.js'

// `@google/adk`'s ready-made pausing tools, through `.ask()`: the RunPausedError lists each call with its kind.
describe('RunPausedError: requestInputTool and getUserChoiceTool', () => {
  it('lists the input (its message and schema) and the choice (long-running), and resume() answers both', async () => {
    const schema = { type: 'object', properties: { account: { type: 'string' } } }
    const model = new ScriptedLlm([
      call([
        ['adk_request_input', { message: 'Which account?', response_schema: schema }, 'in-1'],
        ['get_user_choice', { options: ['fast', 'cheap'] }, 'ch-1'],
      ]),
      'Paid from savings, cheap.',
    ])
    const desk = Agent('desk', model).tools([requestInputTool, getUserChoiceTool])
    const error = await desk.ask('Pay the bill').then(
      () => undefined,
      (failure: unknown) => failure,
    )
    if (!RunPausedError.isInstance(error)) throw new Error(`expected a pause, got ${String(error)}`)
    expect(error.interrupts.map(({ id, kind, tool }) => ({ id, kind, tool }))).toEqual([
      { id: 'in-1', kind: 'input', tool: undefined },
      { id: 'ch-1', kind: 'long_running', tool: 'get_user_choice' },
    ])
    expect(error.interrupts[0]).toMatchObject({ message: 'Which account?', responseSchema: schema })
    expect(error.interrupts[1]).toMatchObject({ args: { options: ['fast', 'cheap'] } })
    // A reply that does not match the model's response_schema is refused before anything is stored.
    await expect(error.resume({ 'in-1': { account: 7 } })).rejects.toMatchObject({ code: 'INTERRUPT_ANSWER_INVALID' })
    expect(await error.resume({ 'in-1': { account: 'savings' }, 'ch-1': { choice: 'cheap' } })).toBe(
      'Paid from savings, cheap.',
    )
    // As in ADK 2.0 (a ported case proves it on Google's): a model turn holding an adk_request_input call, and the
    // replies to it, stay out of the model's history.
    expect(model.requests[1]?.contents).toEqual([{ role: 'user', parts: [{ text: 'Pay the bill' }] }])
  })
})
