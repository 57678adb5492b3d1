import type { Content, Part } from '../models/genai-types.js'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Context } from '../agents/context.js'
import { LlmAgent } from '../agents/llm-agent.js'
import { SequentialAgent } from '../agents/sequential-agent.js'
import type { Event } from '../events/event.js'
import { InMemoryRunner } from '../runner/in-memory-runner.js'
import { LoggingPlugin } from '../plugins/logging-plugin.js'
import { ScriptedLlm, call } from '../testing/index.js'
import { AgentTool, isAgentTool } from './agent-tool.js'
import { FunctionTool } from './function-tool.js'

const userMessage = (text: string): Content => ({ role: 'user', parts: [{ text }] })

async function run(root: LlmAgent, options: { state?: Record<string, unknown>; plugins?: LoggingPlugin[] } = {}) {
  const runner = new InMemoryRunner({
    agent: root,
    appName: 'test_app',
    ...(options.plugins ? { plugins: options.plugins } : {}),
  })
  const session = await runner.sessionService.createSession({
    appName: 'test_app',
    userId: 'test_user',
    state: options.state ?? {},
  })
  const events: Event[] = []
  for await (const event of runner.runAsync({
    userId: 'test_user',
    sessionId: session.id,
    newMessage: userMessage('test1'),
  })) {
    events.push(event)
  }
  const stored = await runner.sessionService.getSession({
    appName: 'test_app',
    userId: 'test_user',
    sessionId: session.id,
  })
  return { events, runner, session: stored ?? session }
}

/** `(author, simplified part)` pairs, as the ADK tests write them. */
function simplify(events: readonly Event[]): [string, unknown][] {
  return events.map((event) => {
    const part = event.content?.parts?.[0] as Part
    if (part.functionCall) return [event.author, { call: part.functionCall.name, args: part.functionCall.args }]
    if (part.functionResponse)
      return [event.author, { response: part.functionResponse.name, value: part.functionResponse.response }]
    return [event.author, part.text]
  })
}

describe('AgentTool declaration', () => {
  it('takes name and description from the agent and declares a required request string', () => {
    const agent = new LlmAgent({ name: 'tool_agent', description: 'Answers questions.', model: new ScriptedLlm([]) })
    const tool = new AgentTool({ agent })
    expect(isAgentTool(tool)).toBe(true)
    expect(tool.getDeclaration()).toEqual({
      name: 'tool_agent',
      description: 'Answers questions.',
      parameters: { type: 'OBJECT', properties: { request: { type: 'STRING' } }, required: ['request'] },
    })
  })

  it('declares the agent input schema', () => {
    const agent = new LlmAgent({
      name: 'tool_agent',
      model: new ScriptedLlm([]),
      inputSchema: z.object({ custom_input: z.string().describe('What to work on.') }),
    })
    expect(new AgentTool({ agent }).getDeclaration().parameters).toEqual({
      type: 'OBJECT',
      properties: { custom_input: { type: 'STRING', description: 'What to work on.' } },
      required: ['custom_input'],
    })
  })
})

describe('AgentTool runs', () => {
  it('returns the child answer as the function response (spec 10.12 #106)', async () => {
    const llm = new ScriptedLlm([call('tool_agent', { request: 'test1' }), 'response1', 'response2'])
    const toolAgent = new LlmAgent({ name: 'tool_agent', model: llm })
    const root = new LlmAgent({ name: 'root_agent', model: llm, tools: [new AgentTool({ agent: toolAgent })] })
    const { events } = await run(root)
    expect(simplify(events)).toEqual([
      ['root_agent', { call: 'tool_agent', args: { request: 'test1' } }],
      ['root_agent', { response: 'tool_agent', value: { result: 'response1' } }],
      ['root_agent', 'response2'],
    ])
    expect(llm.requests[1]?.contents).toEqual([userMessage('test1')])
  })

  it('seeds the child with the parent state and brings its changes back (spec 10.12 #107)', async () => {
    const llm = new ScriptedLlm([call('tool_agent', { request: 'test1' }), 'response1', 'response2'])
    const toolAgent = new LlmAgent({
      name: 'tool_agent',
      model: llm,
      instruction: 'input: {state_1}',
      beforeAgentCallback: (context: Context) => {
        context.state.set('state_1', 'changed_value')
        context.state.set('temp:scratch', 'child only')
      },
    })
    const root = new LlmAgent({ name: 'root_agent', model: llm, tools: [new AgentTool({ agent: toolAgent })] })
    const { events, session } = await run(root, { state: { state_1: 'state1_value' } })
    expect(llm.requests[1]?.config.systemInstruction).toContain('input: changed_value')
    expect(session.state['state_1']).toBe('changed_value')
    expect(events[1]?.actions.stateDelta).toEqual({ state_1: 'changed_value' })
    expect(session.state['temp:scratch']).toBeUndefined()
  })

  it("gives the child the caller's temp: values for its run (they are never stored)", async () => {
    const llm = new ScriptedLlm([call('tool_agent', { request: 'go' }), 'child answer', 'done'])
    const toolAgent = new LlmAgent({ name: 'tool_agent', model: llm, instruction: 'Scratch: {temp:scratch}' })
    const root = new LlmAgent({
      name: 'root_agent',
      model: llm,
      tools: [new AgentTool({ agent: toolAgent })],
      beforeAgentCallback: (context: Context) => {
        context.state.set('temp:scratch', 'from the caller')
      },
    })
    const { session } = await run(root)
    expect(llm.requests[1]?.config.systemInstruction).toContain('Scratch: from the caller')
    expect(session.state['temp:scratch']).toBeUndefined()
  })

  it('uses a fresh child session on every call', async () => {
    const llm = new ScriptedLlm([
      call('tool_agent', { request: 'first' }),
      'answer one',
      call('tool_agent', { request: 'second' }),
      'answer two',
      'done',
    ])
    const toolAgent = new LlmAgent({ name: 'tool_agent', model: llm })
    const root = new LlmAgent({ name: 'root_agent', model: llm, tools: [new AgentTool({ agent: toolAgent })] })
    await run(root)
    expect(llm.requests[3]?.contents).toEqual([userMessage('second')])
  })

  it('saves and loads artifacts in the parent session (spec 10.12 #108)', async () => {
    const llm = new ScriptedLlm([call('tool_agent', { request: 'test1' }), 'response1', 'response2'])
    const toolAgent = new SequentialAgent({
      name: 'tool_agent',
      subAgents: [new LlmAgent({ name: 'inner', model: llm })],
      beforeAgentCallback: async (context: Context) => {
        const first = await context.loadArtifact('artifact_1')
        await context.saveArtifact('artifact_2', { text: `${first?.text ?? ''} 2` })
      },
    })
    const root = new LlmAgent({
      name: 'root_agent',
      model: llm,
      tools: [new AgentTool({ agent: toolAgent })],
      beforeAgentCallback: async (context: Context) => {
        await context.saveArtifact('artifact_1', { text: 'test' })
      },
      afterAgentCallback: async (context: Context) => {
        const second = await context.loadArtifact('artifact_2')
        await context.saveArtifact('artifact_3', { text: `${second?.text ?? ''} 3` })
      },
    })
    const { events, runner, session } = await run(root)
    const artifacts = runner.artifactService
    const key = { appName: 'test_app', userId: 'test_user', sessionId: session.id }
    expect(await artifacts?.listArtifactKeys(key)).toEqual(['artifact_1', 'artifact_2', 'artifact_3'])
    expect(await artifacts?.loadArtifact({ ...key, filename: 'artifact_3' })).toEqual({ text: 'test 2 3' })
    for (const filename of ['artifact_1', 'artifact_2', 'artifact_3']) {
      expect(await artifacts?.listVersions({ ...key, filename })).toEqual([0])
    }
    const responseEvent = events.find((event) => event.content?.parts?.[0]?.functionResponse)
    expect(responseEvent?.actions.artifactDelta).toEqual({ artifact_2: 0 })
  })

  it('passes JSON input and returns the parsed output object (spec 10.12 #109)', async () => {
    const llm = new ScriptedLlm([
      call('tool_agent', { custom_input: 'test1' }),
      '{"custom_output": "response1"}',
      'response2',
    ])
    const toolAgent = new LlmAgent({
      name: 'tool_agent',
      model: llm,
      inputSchema: z.object({ custom_input: z.string() }),
      outputSchema: z.object({ custom_output: z.string() }),
      outputKey: 'tool_output',
    })
    const root = new LlmAgent({ name: 'root_agent', model: llm, tools: [new AgentTool({ agent: toolAgent })] })
    const { events, session } = await run(root)
    expect(llm.requests[1]?.contents).toEqual([userMessage('{"custom_input":"test1"}')])
    expect(llm.requests[1]?.config.responseSchema).toEqual({
      type: 'OBJECT',
      properties: { custom_output: { type: 'STRING' } },
      required: ['custom_output'],
    })
    expect(simplify(events)[1]).toEqual([
      'root_agent',
      { response: 'tool_agent', value: { custom_output: 'response1' } },
    ])
    expect(session.state['tool_output']).toEqual({ custom_output: 'response1' })
  })

  it('answers invalid input with an error the model can fix, without running the child', async () => {
    const llm = new ScriptedLlm([call('tool_agent', { custom_input: 3 }), 'fixed it'])
    const toolAgent = new LlmAgent({
      name: 'tool_agent',
      model: llm,
      inputSchema: z.object({ custom_input: z.string() }),
    })
    const root = new LlmAgent({ name: 'root_agent', model: llm, tools: [new AgentTool({ agent: toolAgent })] })
    const { events } = await run(root)
    expect(simplify(events)[1]).toEqual([
      'root_agent',
      {
        response: 'tool_agent',
        value: {
          error:
            "Invalid arguments for tool 'tool_agent': custom_input: Invalid input: expected string, received number. Call the tool again with arguments that match its parameter schema.",
        },
      },
    ])
    expect(llm.requests).toHaveLength(2)
  })

  it('ends the caller turn with the child answer when skipSummarization is set', async () => {
    const llm = new ScriptedLlm([call('tool_agent', { request: 'test1' }), 'response1'])
    const toolAgent = new LlmAgent({ name: 'tool_agent', model: llm })
    const root = new LlmAgent({
      name: 'root_agent',
      model: llm,
      tools: [new AgentTool({ agent: toolAgent, skipSummarization: true })],
    })
    const { events } = await run(root)
    expect(events).toHaveLength(2)
    expect(events[1]?.actions.skipSummarization).toBe(true)
    expect(llm.remaining).toBe(0)
  })

  it('lets the model retry an invalid call even with skipSummarization', async () => {
    const llm = new ScriptedLlm([call('tool_agent', {}), call('tool_agent', { request: 'test1' }), 'response1'])
    const toolAgent = new LlmAgent({ name: 'tool_agent', model: llm })
    const root = new LlmAgent({
      name: 'root_agent',
      model: llm,
      tools: [new AgentTool({ agent: toolAgent, skipSummarization: true })],
    })
    const { events } = await run(root)
    expect(events).toHaveLength(4)
    expect(events[1]?.actions.skipSummarization).toBeUndefined()
    expect(simplify(events)[3]).toEqual(['root_agent', { response: 'tool_agent', value: { result: 'response1' } }])
  })

  it('joins the visible text parts of the child last event and skips thoughts', async () => {
    const llm = new ScriptedLlm([
      call('tool_agent', { request: 'test1' }),
      {
        content: { role: 'model', parts: [{ text: 'hidden', thought: true }, { text: 'line 1' }, { text: 'line 2' }] },
      },
      'done',
    ])
    const toolAgent = new LlmAgent({ name: 'tool_agent', model: llm })
    const root = new LlmAgent({ name: 'root_agent', model: llm, tools: [new AgentTool({ agent: toolAgent })] })
    const { events } = await run(root)
    expect(simplify(events)[1]).toEqual(['root_agent', { response: 'tool_agent', value: { result: 'line 1\nline 2' } }])
  })

  it('runs the caller plugins on the child run too', async () => {
    const lines: string[] = []
    const llm = new ScriptedLlm([call('tool_agent', { request: 'test1' }), 'response1', 'response2'])
    const toolAgent = new LlmAgent({ name: 'tool_agent', model: llm })
    const root = new LlmAgent({ name: 'root_agent', model: llm, tools: [new AgentTool({ agent: toolAgent })] })
    await run(root, { plugins: [new LoggingPlugin('log', { log: (line) => lines.push(line) })] })
    expect(
      lines.filter((line) => line.startsWith('[log] before_model')).map((line) => /agent=(\w+)/.exec(line)?.[1]),
    ).toEqual(['root_agent', 'tool_agent', 'root_agent'])
  })

  it('reports a failing child run to the caller model as an error response', async () => {
    const childModel = new ScriptedLlm([new Error('quota exhausted')])
    const llm = new ScriptedLlm([call('tool_agent', { request: 'test1' }), 'sorry'])
    const toolAgent = new LlmAgent({ name: 'tool_agent', model: childModel })
    const root = new LlmAgent({ name: 'root_agent', model: llm, tools: [new AgentTool({ agent: toolAgent })] })
    const { events } = await run(root)
    const response = simplify(events)[1]?.[1] as { value: { error: string } }
    expect(response.value.error).toBe(
      "Error in tool 'tool_agent': agent 'tool_agent' ended with a model error: UNKNOWN_ERROR: quota exhausted",
    )
    expect(simplify(events).at(-1)).toEqual(['root_agent', 'sorry'])
  })

  it('reports an exception in the child run as an error response', async () => {
    const llm = new ScriptedLlm([call('tool_agent', { request: 'test1' }), 'sorry'])
    const toolAgent = new LlmAgent({
      name: 'tool_agent',
      model: llm,
      beforeAgentCallback: () => {
        throw new Error('callback broke')
      },
    })
    const root = new LlmAgent({ name: 'root_agent', model: llm, tools: [new AgentTool({ agent: toolAgent })] })
    const { events } = await run(root)
    expect(simplify(events)[1]).toEqual([
      'root_agent',
      { response: 'tool_agent', value: { error: "Error in tool 'tool_agent': callback broke" } },
    ])
  })

  it('stops the child run when the caller run is aborted', async () => {
    const controller = new AbortController()
    const llm = new ScriptedLlm([
      call('tool_agent', { request: 'test1' }),
      () => {
        controller.abort()
        return call('noop')
      },
      'child answer',
      'root answer',
    ])
    const noop = new FunctionTool({ name: 'noop', description: 'Does nothing.', execute: () => 'ok' })
    const toolAgent = new LlmAgent({ name: 'tool_agent', model: llm, tools: [noop] })
    const root = new LlmAgent({ name: 'root_agent', model: llm, tools: [new AgentTool({ agent: toolAgent })] })
    const runner = new InMemoryRunner({ agent: root, appName: 'test_app' })
    const session = await runner.sessionService.createSession({ appName: 'test_app', userId: 'u' })
    const consume = async () => {
      const run = runner.runAsync({
        userId: 'u',
        sessionId: session.id,
        newMessage: userMessage('go'),
        abortSignal: controller.signal,
      })
      for await (const _event of run);
    }
    await expect(consume()).rejects.toMatchObject({ code: 'ABORTED' })
    // The child stopped before running `noop` and calling its model again.
    expect(llm.remaining).toBe(2)
  })
})
