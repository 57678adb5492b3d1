import type { Content } from '../../models/genai-types.js'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { LlmAgent } from '../../agents/llm-agent.js'
import { createEvent, type Event } from '../../events/event.js'
import { FunctionTool } from '../../tools/function-tool.js'
import { ScriptedLlm, call } from '../../testing/scripted-llm.js'
import { createHarness } from '../../testing/harness.test-helper.js'
import { getContents } from './get-contents.js'

const user = (text: string): Event => createEvent({ author: 'user', content: { role: 'user', parts: [{ text }] } })
const callEvent = (name: string, id?: string): Event =>
  createEvent({
    author: 'me',
    content: { role: 'model', parts: [{ functionCall: { name, args: {}, ...(id ? { id } : {}) } }] },
  })
const responseEvent = (author: string, name: string, response: Record<string, unknown>, id?: string): Event =>
  createEvent({
    author,
    content: { role: 'user', parts: [{ functionResponse: { name, response, ...(id ? { id } : {}) } }] },
  })

/** Every model turn with calls is followed by a user turn answering exactly those calls, by id when there are ids. */
function expectPaired(contents: readonly Content[]): void {
  contents.forEach((content, index) => {
    const calls = (content.parts ?? []).filter((part) => part.functionCall)
    if (calls.length === 0) return
    const next = contents[index + 1]
    const responses = (next?.parts ?? []).filter((part) => part.functionResponse)
    expect(responses.map((part) => part.functionResponse?.name)).toEqual(calls.map((part) => part.functionCall?.name))
    expect(responses.map((part) => part.functionResponse?.id)).toEqual(calls.map((part) => part.functionCall?.id))
  })
}

describe('function calls and responses always pair', () => {
  it('a client response without an id is paired with the pending call by name (never dropped)', async () => {
    const tool = new FunctionTool({
      name: 'approve',
      description: 'Asks a human.',
      parameters: z.object({}),
      isLongRunning: true,
      execute: () => undefined,
    })
    const model = new ScriptedLlm([call('approve', {}), 'approved, thanks'])
    const harness = await createHarness(new LlmAgent({ name: 'me', model, tools: [tool] }))
    await harness.run('please approve')
    await harness.run({ role: 'user', parts: [{ functionResponse: { name: 'approve', response: { ok: true } } }] })
    expect(model.requests).toHaveLength(2)
    const contents = model.requests[1]?.contents ?? []
    expect(contents.at(-1)?.role).toBe('user')
    expect(contents.at(-1)?.parts?.[0]?.functionResponse).toEqual({ name: 'approve', response: { ok: true } })
    expect(contents.at(-2)?.parts?.[0]?.functionCall?.name).toBe('approve')
    expectPaired(contents)
  })

  it('stored history without ids: each call is sent with its response, in name and order', () => {
    const events = [
      user('go'),
      callEvent('a'),
      callEvent('b'),
      responseEvent('me', 'b', { r: 'b1' }),
      responseEvent('me', 'a', { r: 'a1' }),
      callEvent('a'),
      responseEvent('me', 'a', { r: 'a2' }),
      user('next'),
    ]
    const contents = getContents(events, 'me', undefined)
    expectPaired(contents)
    const flat = contents.flatMap((content) => content.parts ?? [])
    expect(flat.filter((part) => part.functionResponse).map((part) => part.functionResponse?.response)).toEqual([
      { r: 'a1' },
      { r: 'b1' },
      { r: 'a2' },
    ])
    expect(contents.at(-1)).toEqual({ role: 'user', parts: [{ text: 'next' }] })
    expect(events[1]?.content?.parts?.[0]?.functionCall?.id).toBeUndefined()
  })

  it('a real call id is given to the id-less response that answers it', () => {
    const contents = getContents(
      [user('go'), callEvent('a', 'call_1'), responseEvent('user', 'a', { r: 1 })],
      'me',
      undefined,
    )
    expect(contents.at(-1)?.parts?.[0]?.functionResponse).toEqual({ id: 'call_1', name: 'a', response: { r: 1 } })
    expectPaired(contents)
  })

  it('a later id-less response to a long-running call replaces the earlier response (ADK: the latest wins)', () => {
    const longCall = createEvent({
      author: 'me',
      content: { role: 'model', parts: [{ functionCall: { name: 'approve', args: {}, id: 'L1' } }] },
      longRunningToolIds: ['L1'],
    })
    const contents = getContents(
      [
        user('go'),
        longCall,
        responseEvent('me', 'approve', { status: 'pending' }, 'L1'),
        createEvent({ author: 'me', content: { role: 'model', parts: [{ text: 'Waiting for approval.' }] } }),
        responseEvent('user', 'approve', { status: 'approved' }),
      ],
      'me',
      undefined,
    )
    expectPaired(contents)
    const responses = contents.flatMap((content) => content.parts ?? []).filter((part) => part.functionResponse)
    expect(responses.map((part) => part.functionResponse)).toEqual([
      { id: 'L1', name: 'approve', response: { status: 'approved' } },
    ])
    expect(JSON.stringify(contents)).not.toContain('no matching call')
  })

  it('a response that answers no call is kept as user text, never sent as an orphan response', () => {
    const contents = getContents([user('go'), responseEvent('user', 'ghost', { r: 1 })], 'me', undefined)
    expect(contents).toEqual([
      { role: 'user', parts: [{ text: 'go' }] },
      { role: 'user', parts: [{ text: 'Response of function `ghost` (no matching call): {"r":1}' }] },
    ])
  })
})

describe('the agent that answers an id-less response', () => {
  it('is the agent that made the call of that name', async () => {
    const tool = new FunctionTool({
      name: 'approve',
      description: 'Asks a human.',
      parameters: z.object({}),
      isLongRunning: true,
      execute: () => undefined,
    })
    const childModel = new ScriptedLlm([call('approve', {}), 'child done'])
    const child = new LlmAgent({ name: 'child', model: childModel, tools: [tool], disallowTransferToParent: true })
    const rootModel = new ScriptedLlm([call('transfer_to_agent', { agent_name: 'child' })])
    const harness = await createHarness(new LlmAgent({ name: 'root', model: rootModel, subAgents: [child] }))
    await harness.run('go')
    const events = await harness.run({
      role: 'user',
      parts: [{ functionResponse: { name: 'approve', response: { ok: true } } }],
    })
    expect(events.at(-1)?.author).toBe('child')
    expect(childModel.requests).toHaveLength(2)
  })
})
