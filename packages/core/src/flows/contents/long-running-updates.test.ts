import { describe, expect, it, vi } from 'vitest'
import type { Content, Part } from '../../models/genai-types.js'
import { LlmAgent } from '../../agents/llm-agent.js'
import { createEvent, type Event } from '../../events/event.js'
import { LongRunningFunctionTool } from '../../tools/function-tool.js'
import { ScriptedLlm, call } from '../../testing/scripted-llm.js'
import {
  APP_NAME,
  USER_ID,
  createHarness,
  functionCallPart,
  functionResponsePart,
  simplify,
  simplifyContents,
} from '../../testing/harness.test-helper.js'
import { getContents } from './get-contents.js'

const userMessage = (part: Part): Content => ({ role: 'user', parts: [part] })
const increaseCall = functionCallPart('increase_by_one', { x: 1 })
const update = (response: Record<string, unknown>) => functionResponsePart('increase_by_one', response)

function longRunningAgent(result: unknown, includeContents?: 'none') {
  const execute = vi.fn(() => result)
  const tool = new LongRunningFunctionTool({ name: 'increase_by_one', description: 'Slow.', execute } as never)
  const model = new ScriptedLlm([call('increase_by_one', { x: 1 }), 'response1', 'response2', 'response3', 'response4'])
  const agent = new LlmAgent({
    name: 'root_agent',
    model,
    tools: [tool],
    ...(includeContents ? { includeContents } : {}),
  })
  return { agent, model, execute }
}

// ADK's tests/unittests/flows/llm_flows/test_functions_long_running.py, both cases: the client sends updates of a
// long-running call as function responses without an id; the latest replaces the earlier ones and follows the call.
describe.each([
  ['test_async_function', { status: 'pending' }, { status: 'pending' }],
  ['test_async_function_with_none_response', 'pending', { result: 'pending' }],
] as const)('ADK %s', (_name, returned, pending) => {
  it('each later id-less update replaces the earlier response and follows the call; the tool runs once', async () => {
    const { agent, model, execute } = longRunningAgent(returned)
    const harness = await createHarness(agent)
    const first = await harness.run('test1')
    expect(model.requests[0]?.contents).toEqual([{ role: 'user', parts: [{ text: 'test1' }] }])
    expect(simplifyContents(model.requests[1]?.contents ?? [])).toEqual([
      ['user', 'test1'],
      ['model', increaseCall],
      ['user', update(pending)],
    ])
    expect(simplify(first)).toEqual([
      ['root_agent', increaseCall],
      ['root_agent', update(pending)],
      ['root_agent', 'response1'],
    ])
    expect(first[0]?.longRunningToolIds).toHaveLength(1)
    const replies = ['response2', 'response3', 'response4']
    for (const [index, response] of [{ status: 'still waiting' }, { result: 2 }, { result: 3 }].entries()) {
      const events = await harness.run(userMessage(update(response)))
      expect(model.requests).toHaveLength(index + 3)
      expect(simplifyContents(model.requests[index + 2]?.contents ?? [])).toEqual([
        ['user', 'test1'],
        ['model', increaseCall],
        ['user', update(response)],
      ])
      expect(simplify(events)).toEqual([['root_agent', replies[index]]])
    }
    expect(execute).toHaveBeenCalledTimes(1)
  })
})

/** A stored turn whose call and response carry no ids (a history written by a client or an older store). */
function idlessHistory(): Event[] {
  const event = (author: string, content: Content, extra: Partial<Event> = {}) =>
    createEvent({ author, content, invocationId: 'e-old', ...extra })
  return [
    event('user', { role: 'user', parts: [{ text: 'test1' }] }),
    event('root_agent', { role: 'model', parts: [increaseCall] }),
    event('root_agent', { role: 'user', parts: [update({ status: 'pending' })] }),
    event('root_agent', { role: 'model', parts: [{ text: 'response1' }] }),
  ]
}

describe('a history without ids: the latest id-less update still replaces the earlier response', () => {
  it('getContents pairs it with the latest call of its name and drops what came between (ADK matches None ids)', () => {
    const contents = getContents(
      [...idlessHistory(), createEvent({ author: 'user', content: userMessage(update({ result: 2 })) })],
      'root_agent',
      undefined,
    )
    expect(simplifyContents(contents)).toEqual([
      ['user', 'test1'],
      ['model', increaseCall],
      ['user', update({ result: 2 })],
    ])
    // Before: the update was sent as "Response of function `increase_by_one` (no matching call)" after response1.
    expect(JSON.stringify(contents)).not.toContain('no matching call')
  })

  it.each([undefined, 'none'] as const)('through a run (includeContents %s), update after update', async (mode) => {
    const tool = new LongRunningFunctionTool({
      name: 'increase_by_one',
      description: 'Slow.',
      execute: () => ({}),
    } as never)
    const model = new ScriptedLlm(['reply A', 'reply B'])
    const agent = new LlmAgent({ name: 'root_agent', model, tools: [tool], ...(mode ? { includeContents: mode } : {}) })
    const harness = await createHarness(agent)
    for (const event of idlessHistory()) {
      await harness.runner.sessionService.appendEvent({ session: await harness.session(), event })
    }
    for (const [index, response] of [{ status: 'still waiting' }, { result: 2 }].entries()) {
      const events = await harness.run(userMessage(update(response)))
      expect(simplify(events)).toEqual([['root_agent', index === 0 ? 'reply A' : 'reply B']])
      const expected = [
        ['model', increaseCall],
        ['user', update(response)],
      ]
      expect(simplifyContents(model.requests[index]?.contents ?? [])).toEqual(
        mode === 'none' ? expected : [['user', 'test1'], ...expected],
      )
    }
    const session = await harness.session()
    expect(session.appName).toBe(APP_NAME)
    expect(session.userId).toBe(USER_ID)
  })
})
