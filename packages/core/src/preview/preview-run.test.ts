import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import tls from 'node:tls'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { LlmAgent } from '../agents/llm-agent.js'
import { LoopAgent } from '../agents/loop-agent.js'
import { ParallelAgent } from '../agents/parallel-agent.js'
import { SequentialAgent } from '../agents/sequential-agent.js'
import { FunctionTool } from '../tools/function-tool.js'
import { AgentTool } from '../tools/agent-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { createHarness } from '../testing/harness.test-helper.js'
import { previewRun } from './preview-run.js'

const texts = (contents: readonly { parts?: { text?: string }[] }[]) =>
  contents.map((content) => (content.parts ?? []).map((part) => part.text ?? '').join(' '))

afterEach(() => {
  vi.restoreAllMocks()
})

describe('previewRun', () => {
  it('runs every step: a later agent sees the earlier replies and the state they wrote', async () => {
    const a = new LlmAgent({ name: 'a', instruction: 'Say something.', outputKey: 'x' })
    const b = new LlmAgent({ name: 'b', instruction: 'Use {x}.' })
    const { calls, state } = await previewRun(new SequentialAgent({ name: 'flow', subAgents: [a, b] }), {
      userMessage: 'hi',
    })
    expect(calls.map((item) => [item.index, item.agent, item.callNumber, item.branch, item.round])).toEqual([
      [1, 'a', 1, undefined, undefined],
      [2, 'b', 1, undefined, undefined],
    ])
    expect(texts(calls[1]?.request.contents ?? [])).toEqual(['hi', "For context: [a] said: ⟨a's reply⟩"])
    expect(calls[1]?.request.config.systemInstruction).toBe(
      `You are an agent. Your internal name is "b".\n\nUse ⟨a's reply⟩.`,
    )
    expect(calls[0]?.state).toEqual({})
    expect(calls[1]?.state).toEqual({ x: "⟨a's reply⟩" })
    expect(calls[0]?.replySource).toBe('placeholder')
    expect(state).toEqual({ x: "⟨a's reply⟩" })
  })

  it('gives agents with an output schema a value that satisfies it, through set_model_response when they have tools', async () => {
    const Intent = z.object({
      category: z.enum(['billing', 'sales']),
      confidence: z.number().min(0.5).max(1),
      tags: z.array(z.string()).min(2),
    })
    const execute = vi.fn(() => 'x')
    const lookup = new FunctionTool({ name: 'lookup', description: 'Looks up.', parameters: z.object({}), execute })
    const plain = new LlmAgent({ name: 'plain', outputSchema: Intent, outputKey: 'intent' })
    const withTools = new LlmAgent({ name: 'tooled', outputSchema: Intent, outputKey: 'again', tools: [lookup] })
    const { calls, state } = await previewRun(new SequentialAgent({ name: 'flow', subAgents: [plain, withTools] }))
    const expected = { category: 'billing', confidence: 0.5, tags: ["⟨plain's tags⟩", "⟨plain's tags⟩"] }
    expect(state['intent']).toEqual(expected)
    expect(calls[0]?.request.config.responseMimeType).toBe('application/json')
    expect(calls[1]?.reply.content?.parts?.[0]?.functionCall?.name).toBe('set_model_response')
    expect(state['again']).toEqual({ ...expected, tags: ["⟨tooled's tags⟩", "⟨tooled's tags⟩"] })
    expect(execute).not.toHaveBeenCalled()
  })

  it('uses the replies given per agent, tool calls included (the tool then runs for real)', async () => {
    const execute = vi.fn(({ city }: { city: string }) => ({ city, temp: 21 }))
    const weather = new FunctionTool({
      name: 'weather',
      description: 'Weather.',
      parameters: z.object({ city: z.string() }),
      execute,
    })
    const agent = new LlmAgent({ name: 'forecaster', tools: [weather] })
    const { calls } = await previewRun(agent, {
      userMessage: 'Weather in Oslo?',
      replies: { forecaster: [call('weather', { city: 'Oslo' }), 'Sunny, 21°C.'] },
    })
    expect(execute).toHaveBeenCalledTimes(1)
    expect(calls.map((item) => [item.agent, item.callNumber, item.replySource])).toEqual([
      ['forecaster', 1, 'replies'],
      ['forecaster', 2, 'replies'],
    ])
    const second = calls[1]?.request.contents.flatMap((content) => content.parts ?? [])
    expect(second?.[2]?.functionResponse?.response).toEqual({ city: 'Oslo', temp: 21 })
  })

  it('records the loop round and the branch of each call', async () => {
    const left = new LlmAgent({ name: 'left' })
    const right = new LlmAgent({ name: 'right' })
    const fan = new ParallelAgent({ name: 'fan', subAgents: [left, right] })
    const critic = new LlmAgent({ name: 'critic' })
    const loop = new LoopAgent({ name: 'loop', subAgents: [fan, critic], maxIterations: 2 })
    const { calls } = await previewRun(loop)
    const summary = calls.map((item) => `${item.agent}@${item.branch ?? '-'}#${item.round}`)
    expect([...summary].sort()).toEqual([
      'critic@-#1',
      'critic@-#2',
      'left@fan.left#1',
      'left@fan.left#2',
      'right@fan.right#1',
      'right@fan.right#2',
    ])
    expect(summary.at(2)).toBe('critic@-#1')
    expect(summary.at(-1)).toBe('critic@-#2')
  })

  it('passes the stand-in on to agents run by an agent tool', async () => {
    const helper = new LlmAgent({ name: 'helper', description: 'Helps.', model: 'gemini-2.5-flash' })
    const boss = new LlmAgent({ name: 'boss', tools: [new AgentTool({ agent: helper })] })
    const { calls } = await previewRun(boss, { replies: { boss: [call('helper', { request: 'assist' }), 'Done.'] } })
    expect(calls.map((item) => item.agent)).toEqual(['boss', 'helper', 'boss'])
    expect(calls[1]?.request.model).toBe('gemini-2.5-flash')
    expect(texts(calls[1]?.request.contents ?? [])).toEqual(['assist'])
  })

  it('leaves the agents as they were: their own models stay and are never called', async () => {
    const llm = new ScriptedLlm([])
    const agent = new LlmAgent({ name: 'agent', model: llm })
    const { calls } = await previewRun(agent)
    expect(agent.model).toBe(llm)
    expect(agent.canonicalModel).toBe(llm)
    expect(llm.requests).toHaveLength(0)
    expect(calls[0]?.request.model).toBe('scripted')
  })

  it('records the same requests a ScriptedLlm run sends, byte for byte', async () => {
    const llm = new ScriptedLlm(['A draft.', 'Looks good.'])
    const build = () =>
      new SequentialAgent({
        name: 'flow',
        subAgents: [
          new LlmAgent({ name: 'writer', model: llm, instruction: 'Write about {topic}.', outputKey: 'draft' }),
          new LlmAgent({ name: 'critic', model: llm, instruction: 'Critique: {draft}' }),
        ],
      })
    const harness = await createHarness(build(), { state: { topic: 'cats' } })
    await harness.run('Go')
    const { calls } = await previewRun(build(), {
      state: { topic: 'cats' },
      userMessage: 'Go',
      replies: { writer: ['A draft.'], critic: ['Looks good.'] },
    })
    const wire = (request: unknown) =>
      JSON.stringify(request, (key, value) => (key === 'toolsDict' ? Object.keys(value as object) : value))
    expect(calls.map((item) => wire(item.request))).toEqual(llm.requests.map(wire))
  })

  it('never opens a network connection, even for agents that name a Gemini model or none', async () => {
    const refuse = (what: string) => () => {
      throw new Error(`network used: ${what}`)
    }
    const spies = [
      vi.spyOn(globalThis, 'fetch').mockImplementation(refuse('fetch')),
      vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(refuse('net.Socket.connect')),
      vi.spyOn(net, 'connect').mockImplementation(refuse('net.connect')),
      vi.spyOn(tls, 'connect').mockImplementation(refuse('tls.connect')),
      vi.spyOn(http, 'request').mockImplementation(refuse('http.request')),
      vi.spyOn(https, 'request').mockImplementation(refuse('https.request')),
    ]
    const named = new LlmAgent({ name: 'named', model: 'gemini-2.5-flash', instruction: 'Hi.' })
    const unnamed = new LlmAgent({ name: 'unnamed', instruction: 'Hello.' })
    const { calls } = await previewRun(new SequentialAgent({ name: 'flow', subAgents: [named, unnamed] }))
    expect(calls.map((item) => item.request.model)).toEqual(['gemini-2.5-flash', 'gemini-2.5-flash'])
    for (const spy of spies) expect(spy).not.toHaveBeenCalled()
  })
})

describe('previewRun with bad input', () => {
  it('names the agent, the call and what was expected when replies run out', async () => {
    const agent = new LlmAgent({
      name: 'writer',
      tools: [new FunctionTool({ name: 't', description: 'T.', parameters: z.object({}), execute: () => 1 })],
    })
    await expect(previewRun(agent, { replies: { writer: [call('t')] } })).rejects.toThrow(
      'Preview replies for agent "writer" ran out: call 2 of "writer" was made, and replies["writer"] has 1 entry. Add a reply for call 2: a text reply, or a tool call',
    )
  })

  it('names the agent, the call and the schema when a reply does not satisfy it', async () => {
    const agent = new LlmAgent({ name: 'classifier', outputSchema: z.object({ category: z.enum(['a', 'b']) }) })
    await expect(previewRun(agent, { replies: { classifier: ['{"category": "c"}'] } })).rejects.toThrow(
      /^Preview reply 1 of agent "classifier" does not satisfy its output schema: the JSON does not match the schema \(category: .*\)\. Expected JSON that matches the output schema \(for example \{"category":"a"\}\), or a tool call\.$/,
    )
  })

  it('names the missing state key, the agent and the keys that exist', async () => {
    const agent = new LlmAgent({ name: 'handler', instruction: 'Handle {intent}.' })
    await expect(previewRun(agent, { state: { topic: 'x' } })).rejects.toThrow(
      'Context variable not found: `intent`. Agent "handler" has {intent} in its instruction, but state has no "intent" (keys in state: topic)',
    )
  })

  it('explains a loop that never ends with stand-in replies', async () => {
    const loop = new LoopAgent({ name: 'loop', subAgents: [new LlmAgent({ name: 'worker' })] })
    await expect(previewRun(loop, { maxLlmCalls: 5 })).rejects.toThrow(
      /^The preview made 5 model calls without the run ending/,
    )
  })
})
