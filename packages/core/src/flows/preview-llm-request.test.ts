import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { LlmAgent } from '../agents/llm-agent.js'
import { createEvent } from '../events/event.js'
import type { LlmRequest } from '../models/llm-request.js'
import { FunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { createHarness } from '../testing/harness.test-helper.js'
import { previewLlmRequest } from './preview-llm-request.js'

const wire = (request: LlmRequest | undefined) =>
  JSON.stringify({
    systemInstruction: request?.config.systemInstruction,
    contents: request?.contents,
    tools: request?.config.tools,
    responseSchema: request?.config.responseSchema,
  })

function buildAgent(llm: ScriptedLlm) {
  const lookup = new FunctionTool({
    name: 'lookup',
    description: 'Looks a city up.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => ({ city, population: 1_000_000 }),
  })
  return new LlmAgent({
    name: 'planner_agent',
    description: 'Plans trips.',
    model: llm,
    globalInstruction: 'Be brief, {user:name}.',
    instruction: 'Plan a trip to {city}. Budget: {budget?}.',
    tools: [lookup],
    subAgents: [new LlmAgent({ name: 'booker', description: 'Books things.' })],
  })
}

describe('previewLlmRequest (API 1.5)', () => {
  it('sends byte-identical system instructions and contents to a real run', async () => {
    const llm = new ScriptedLlm([call('lookup', { city: 'Lisbon' }), 'Lisbon it is.', 'Day one: the castle.'])
    const agent = buildAgent(llm)
    const harness = await createHarness(agent, { state: { city: 'Lisbon', 'user:name': 'Ann' } })

    const before = await harness.session()
    const firstPreview = await previewLlmRequest(agent, { state: before.state, userMessage: 'Plan my trip.' })
    await harness.run('Plan my trip.')
    expect(wire(firstPreview)).toBe(wire(llm.requests[0]))

    const afterTurn = await harness.session()
    const secondPreview = await previewLlmRequest(agent, {
      state: afterTurn.state,
      events: afterTurn.events,
      userMessage: { role: 'user', parts: [{ text: 'Now day one.' }] },
    })
    await harness.run('Now day one.')
    expect(llm.requests).toHaveLength(3)
    expect(wire(secondPreview)).toBe(wire(llm.requests[2]))
    expect(secondPreview.contents).toHaveLength(5)
    expect(secondPreview.config.systemInstruction).toContain('Plan a trip to Lisbon. Budget: .')
    expect(Object.keys(secondPreview.toolsDict)).toEqual(['transfer_to_agent', 'lookup'])
  })

  it('calls no model; callbacks run as in a run', async () => {
    const llm = new ScriptedLlm([])
    const before = vi.fn()
    const agent = new LlmAgent({
      name: 'agent',
      model: llm,
      instruction: 'Hi {name}.',
      beforeModelCallback: before,
      beforeAgentCallback: before,
    })
    const request = await previewLlmRequest(agent, { state: { name: 'Bo' }, userMessage: 'hello' })
    expect(request.config.systemInstruction).toBe('You are an agent. Your internal name is "agent".\n\nHi Bo.')
    expect(request.contents).toEqual([{ role: 'user', parts: [{ text: 'hello' }] }])
    expect(llm.requests).toHaveLength(0)
    expect(before).toHaveBeenCalledTimes(2)
  })

  it('reports a missing template key as a run would', async () => {
    const agent = new LlmAgent({ name: 'agent', model: new ScriptedLlm([]), instruction: 'Hi {name}.' })
    await expect(previewLlmRequest(agent, { state: {} })).rejects.toThrow('Context variable not found: `name`.')
  })

  it('leaves the given events and state untouched', async () => {
    const events = [
      createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'earlier' }] } }),
      createEvent({
        author: 'agent',
        content: { role: 'model', parts: [{ text: 'reply' }] },
        actions: { stateDelta: { 'temp:t': 1, k: 2 } },
      }),
    ]
    const snapshot = structuredClone(events)
    const state = { a: 1 }
    const agent = new LlmAgent({ name: 'agent', model: new ScriptedLlm([]) })
    const request = await previewLlmRequest(agent, { events, state, userMessage: 'now' })
    expect(request.contents.map((content) => content.parts?.[0]?.text)).toEqual(['earlier', 'reply', 'now'])
    expect(events).toEqual(snapshot)
    expect(Object.isFrozen(events[0])).toBe(false)
    expect(state).toEqual({ a: 1 })
  })

  it('honours temp: state, includeContents and the branch', async () => {
    const agent = new LlmAgent({
      name: 'agent',
      model: new ScriptedLlm([]),
      instruction: 'Scratch: {temp:scratch}',
      includeContents: 'none',
      disallowTransferToParent: true,
      disallowTransferToPeers: true,
    })
    const events = [
      createEvent({ author: 'user', content: { role: 'user', parts: [{ text: 'old' }] } }),
      createEvent({ author: 'agent', content: { role: 'model', parts: [{ text: 'old reply' }] } }),
      createEvent({
        author: 'sibling',
        branch: 'par.sibling',
        content: { role: 'model', parts: [{ text: 'hidden' }] },
      }),
    ]
    const request = await previewLlmRequest(agent, {
      events,
      state: { 'temp:scratch': 'notes' },
      userMessage: 'new',
      branch: 'par.agent',
    })
    expect(request.config.systemInstruction).toBe('Scratch: notes')
    expect(request.contents).toEqual([{ role: 'user', parts: [{ text: 'new' }] }])
    const withHistory = new LlmAgent({ name: 'agent', model: new ScriptedLlm([]) })
    const branched = await previewLlmRequest(withHistory, { events, userMessage: 'new', branch: 'par.agent' })
    expect(branched.contents.map((content) => content.parts?.at(-1)?.text)).toEqual(['old', 'old reply', 'new'])
    const unbranched = await previewLlmRequest(withHistory, { events, userMessage: 'new' })
    expect(unbranched.contents.map((content) => content.parts?.at(-1)?.text)).toEqual([
      'old',
      'old reply',
      '[sibling] said: hidden',
      'new',
    ])
  })
})
