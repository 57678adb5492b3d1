import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { LlmAgent } from '../agents/llm-agent.js'
import { ModelError } from '../errors/runtime-errors.js'
import { getFunctionDeclarations } from '../models/llm-request.js'
import { FunctionTool } from '../tools/function-tool.js'
import { ScriptedLlm, call } from '../testing/scripted-llm.js'
import { createHarness, simplify } from '../testing/harness.test-helper.js'

const schema = z.object({ custom_output: z.string() })
const genaiSchema = { type: 'OBJECT', properties: { custom_output: { type: 'STRING' } }, required: ['custom_output'] }

describe('outputSchema (spec 10.9 #90, 10.11 #103)', () => {
  it('#90 forces both disallow flags and asks the model for JSON', async () => {
    const llm = new ScriptedLlm(['{"custom_output": "x"}'])
    const agent = new LlmAgent({ name: 'root_agent', model: llm, outputSchema: schema })
    expect(agent.disallowTransferToParent).toBe(true)
    expect(agent.disallowTransferToPeers).toBe(true)
    await (await createHarness(agent)).run('hi')
    const config = llm.requests[0]?.config
    expect(config?.responseSchema).toEqual(genaiSchema)
    expect(config?.responseMimeType).toBe('application/json')
    expect(config?.labels).toEqual({ adk_agent_name: 'root_agent' })
    expect(config?.tools).toBeUndefined()
  })

  it('stores the validated object (zod defaults applied); fenced JSON is accepted', async () => {
    const withDefault = z.object({ name: z.string(), count: z.number().default(1) })
    const llm = new ScriptedLlm(['```json\n{"name": "a"}\n```'])
    const harness = await createHarness(
      new LlmAgent({ name: 'agent', model: llm, outputSchema: withDefault, outputKey: 'result' }),
    )
    const events = await harness.run('hi')
    expect(events).toHaveLength(1)
    expect((await harness.session()).state['result']).toEqual({ name: 'a', count: 1 })
  })

  it('an invalid reply gets one repair round; the model sees its reply and what was wrong', async () => {
    const llm = new ScriptedLlm(['not json at all', '{"custom_output": "fixed"}'])
    const harness = await createHarness(
      new LlmAgent({ name: 'agent', model: llm, outputSchema: schema, outputKey: 'out' }),
    )
    const events = await harness.run('hi')
    expect(simplify(events)).toEqual([['agent', '{"custom_output": "fixed"}']])
    expect(llm.requests).toHaveLength(2)
    const repair = llm.requests[1]?.contents ?? []
    expect(repair.slice(0, 2)).toEqual([
      { role: 'user', parts: [{ text: 'hi' }] },
      { role: 'model', parts: [{ text: 'not json at all' }] },
    ])
    expect(repair[2]?.role).toBe('user')
    expect(repair[2]?.parts?.[0]?.text).toContain('Your previous reply could not be used: the reply is not valid JSON')
    expect(llm.requests[1]?.config.responseSchema).toEqual(genaiSchema)
    expect((await harness.session()).state['out']).toEqual({ custom_output: 'fixed' })
    const stored = (await harness.session()).events.map((event) => event.content?.parts?.[0]?.text)
    expect(stored).not.toContain('not json at all')
  })

  it('JSON of the wrong shape is repaired too, and the problem names the field', async () => {
    const llm = new ScriptedLlm(['{"other": 1}', '{"custom_output": "ok"}'])
    const harness = await createHarness(
      new LlmAgent({ name: 'agent', model: llm, outputSchema: schema, outputKey: 'out' }),
    )
    await harness.run('hi')
    expect(llm.requests[1]?.contents[2]?.parts?.[0]?.text).toContain('custom_output')
    expect((await harness.session()).state['out']).toEqual({ custom_output: 'ok' })
  })

  it('a second invalid reply is a ModelError naming the agent', async () => {
    const llm = new ScriptedLlm(['nope', 'still nope', 'never'])
    const harness = await createHarness(
      new LlmAgent({ name: 'structured_agent', model: llm, outputSchema: schema, outputKey: 'out' }),
    )
    const error = await harness.run('hi').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ModelError)
    expect((error as ModelError).message).toContain(
      'Agent "structured_agent" did not return valid structured output after one repair round',
    )
    expect((error as ModelError).agentName).toBe('structured_agent')
    expect(llm.requests).toHaveLength(2)
    const session = await harness.session()
    expect(session.events.map((event) => event.author)).toEqual(['user'])
    expect(session.state).not.toHaveProperty('out')
  })

  it('a model error during the repair round becomes an error event', async () => {
    const llm = new ScriptedLlm(['nope', new Error('{"error":{"code":503,"message":"overloaded"}}')])
    const harness = await createHarness(new LlmAgent({ name: 'agent', model: llm, outputSchema: schema }))
    const events = await harness.run('hi')
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ author: 'agent', errorCode: '503', errorMessage: 'overloaded' })
  })
})

describe('outputSchema with tools: set_model_response', () => {
  const lookup = () => new FunctionTool({ name: 'lookup', description: 'Looks up.', execute: () => ({ fact: 'f' }) })

  it('declares set_model_response (after the agent’s tools), adds its instruction, and sends no responseSchema', async () => {
    const llm = new ScriptedLlm([call('set_model_response', { custom_output: 'x' })])
    await (
      await createHarness(new LlmAgent({ name: 'agent', model: llm, outputSchema: schema, tools: [lookup()] }))
    ).run('hi')
    const request = llm.requests[0]
    expect(request?.config.responseSchema).toBeUndefined()
    expect(request?.config.responseMimeType).toBeUndefined()
    expect(request?.config.systemInstruction).toBe(
      'To output the final result, you must call the "set_model_response" function with the appropriate values. Do not output anything else.',
    )
    const declarations = request ? getFunctionDeclarations(request) : []
    expect(declarations.map((declaration) => declaration.name)).toEqual(['lookup', 'set_model_response'])
    expect(declarations[1]).toEqual({
      name: 'set_model_response',
      description:
        'Call this tool to submit your final response conforming to the output schema. Use this tool only when you have collected all the information and are ready to return the final answer.',
      parameters: genaiSchema,
    })
  })

  it('the set_model_response call becomes the final answer: JSON text, skipSummarization, parsed object stored', async () => {
    const llm = new ScriptedLlm([
      call('lookup', {}),
      call('set_model_response', { custom_output: 'from tool' }),
      'never',
    ])
    const agent = new LlmAgent({ name: 'agent', model: llm, outputSchema: schema, tools: [lookup()], outputKey: 'out' })
    const harness = await createHarness(agent)
    const events = await harness.run('hi')
    expect(simplify(events)).toEqual([
      ['agent', { functionCall: { name: 'lookup', args: {} } }],
      ['agent', { functionResponse: { name: 'lookup', response: { fact: 'f' } } }],
      ['agent', '{"custom_output":"from tool"}'],
    ])
    expect(events.at(-1)?.actions.skipSummarization).toBe(true)
    expect(events.at(-1)?.content?.role).toBe('model')
    expect(llm.requests).toHaveLength(2)
    expect((await harness.session()).state['out']).toEqual({ custom_output: 'from tool' })
  })

  it('invalid set_model_response arguments go back to the model as an error', async () => {
    const llm = new ScriptedLlm([
      call('set_model_response', { wrong: 1 }),
      call('set_model_response', { custom_output: 'ok' }),
    ])
    const agent = new LlmAgent({ name: 'agent', model: llm, outputSchema: schema, tools: [lookup()], outputKey: 'out' })
    const harness = await createHarness(agent)
    const events = await harness.run('hi')
    const error = events[1]?.content?.parts?.[0]?.functionResponse?.response?.['error']
    expect(error).toContain('Invalid arguments for set_model_response')
    expect(events).toHaveLength(3)
    expect((await harness.session()).state['out']).toEqual({ custom_output: 'ok' })
  })
})

describe('repair round with tools (set_model_response)', () => {
  it('asks for the set_model_response call and accepts it', async () => {
    const { LlmAgent: Agent, InMemoryRunner: Runner, FunctionTool: Tool } = await import('../index.js')
    const { ScriptedLlm: Scripted, call: callStep } = await import('../testing/index.js')
    const { z: zod } = await import('zod')
    const llm = new Scripted(['plain words', callStep('set_model_response', { answer: 'yes' })])
    const agent = new Agent({
      name: 'structured',
      model: llm,
      outputSchema: zod.object({ answer: zod.string() }),
      outputKey: 'result',
      tools: [new Tool({ name: 'noop', description: 'Does nothing.', execute: () => 'done' })],
    })
    const runner = new Runner({ agent, appName: 'app' })
    const session = await runner.sessionService.createSession({ appName: 'app', userId: 'u' })
    for await (const _event of runner.runAsync({
      userId: 'u',
      sessionId: session.id,
      newMessage: { role: 'user', parts: [{ text: 'q' }] },
    })) {
      // drain
    }
    const repairText = llm.requests[1]?.contents.at(-1)?.parts?.[0]?.text ?? ''
    expect(repairText).toContain('calling the "set_model_response" function')
    const stored = await runner.sessionService.getSession({ appName: 'app', userId: 'u', sessionId: session.id })
    expect(stored?.state['result']).toEqual({ answer: 'yes' })
  })
})
