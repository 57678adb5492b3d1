import { describe, expect, it, vi } from 'vitest'
import { LlmAgent } from '../agents/llm-agent.js'
import type { Context } from '../agents/context.js'
import type { LlmRequest } from '../models/llm-request.js'
import type { LlmResponse } from '../models/llm-response.js'
import { BasePlugin } from '../plugins/base-plugin.js'
import { ScriptedLlm, text } from '../testing/scripted-llm.js'
import { createHarness, simplify } from '../testing/harness.test-helper.js'

type Step = { kind: 'sync' | 'async'; returns?: string }

function modelChain<P>(steps: readonly Step[]) {
  const counts = steps.map(() => 0)
  const callbacks = steps.map((step, index) => {
    const result = step.returns === undefined ? undefined : text(step.returns)
    return step.kind === 'sync'
      ? (_params: P) => {
          counts[index]!++
          return result
        }
      : async (_params: P) => {
          counts[index]!++
          return result
        }
  })
  return { callbacks, counts }
}

const configurations: Array<{ steps: Step[]; result: string; counts: number[] }> = [
  {
    steps: [
      { kind: 'sync' },
      { kind: 'async', returns: 'callback_2_response' },
      { kind: 'sync', returns: 'callback_3_response' },
      { kind: 'async' },
    ],
    result: 'callback_2_response',
    counts: [1, 1, 0, 0],
  },
  {
    steps: [{ kind: 'sync' }, { kind: 'async' }, { kind: 'sync' }, { kind: 'async' }],
    result: 'model_response',
    counts: [1, 1, 1, 1],
  },
  {
    steps: [
      { kind: 'sync', returns: 'callback_1_response' },
      { kind: 'async', returns: 'callback_2_response' },
    ],
    result: 'callback_1_response',
    counts: [1, 0],
  },
]

describe('model callbacks (spec 10.7)', () => {
  it('#56 a before-model response replaces the model call', async () => {
    const llm = new ScriptedLlm(['model_response'])
    const after = vi.fn(() => undefined)
    const agent = new LlmAgent({
      name: 'root_agent',
      model: llm,
      beforeModelCallback: () => text('before_model_callback'),
      afterModelCallback: after,
    })
    const events = await (await createHarness(agent)).run('hi')
    expect(simplify(events)).toEqual([['root_agent', 'before_model_callback']])
    expect(llm.requests).toHaveLength(0)
    expect(after).not.toHaveBeenCalled()
  })

  it('#57 a before-model callback returning undefined lets the model answer', async () => {
    const llm = new ScriptedLlm(['model_response'])
    const before = vi.fn((_params: { request: LlmRequest }) => undefined)
    const agent = new LlmAgent({ name: 'root_agent', model: llm, beforeModelCallback: before })
    const events = await (await createHarness(agent)).run('hi')
    expect(simplify(events)).toEqual([['root_agent', 'model_response']])
    expect(before).toHaveBeenCalledTimes(1)
    expect(before.mock.calls[0]?.[0]).toHaveProperty('request')
  })

  it('#58 an after-model response replaces the model’s', async () => {
    const llm = new ScriptedLlm(['model_response'])
    const seen: LlmResponse[] = []
    const agent = new LlmAgent({
      name: 'root_agent',
      model: llm,
      afterModelCallback: ({ response }) => {
        seen.push(response)
        return text('after_model_callback')
      },
    })
    const events = await (await createHarness(agent)).run('hi')
    expect(simplify(events)).toEqual([['root_agent', 'after_model_callback']])
    expect(seen.map((response) => response.content?.parts?.[0]?.text)).toEqual(['model_response'])
  })

  it.each(configurations)('#59 before-model chain → $result, counts $counts', async ({ steps, result, counts }) => {
    const llm = new ScriptedLlm(['model_response'])
    const { callbacks, counts: seen } = modelChain<{ context: Context; request: LlmRequest }>(steps)
    const agent = new LlmAgent({ name: 'root_agent', model: llm, beforeModelCallback: callbacks })
    const events = await (await createHarness(agent)).run('hi')
    expect(simplify(events)).toEqual([['root_agent', result]])
    expect(seen).toEqual(counts)
    expect(llm.requests).toHaveLength(result === 'model_response' ? 1 : 0)
  })

  it.each(configurations)('#59 after-model chain → $result, counts $counts', async ({ steps, result, counts }) => {
    const llm = new ScriptedLlm(['model_response'])
    const { callbacks, counts: seen } = modelChain<{ context: Context; response: LlmResponse }>(steps)
    const agent = new LlmAgent({ name: 'root_agent', model: llm, afterModelCallback: callbacks })
    const events = await (await createHarness(agent)).run('hi')
    expect(simplify(events)).toEqual([['root_agent', result]])
    expect(seen).toEqual(counts)
    expect(llm.requests).toHaveLength(1)
  })

  it('#60 a before-model callback that mutates the request changes what the model receives', async () => {
    const llm = new ScriptedLlm(['ok'])
    const agent = new LlmAgent({
      name: 'root_agent',
      model: llm,
      instruction: 'Base.',
      disallowTransferToParent: true,
      disallowTransferToPeers: true,
      beforeModelCallback: ({ request }) => {
        request.config.systemInstruction = `${request.config.systemInstruction ?? ''}\n\nAdded by callback.`
        request.contents.push({ role: 'user', parts: [{ text: 'extra turn' }] })
      },
    })
    await (await createHarness(agent)).run('hi')
    expect(llm.requests[0]?.config.systemInstruction).toBe('Base.\n\nAdded by callback.')
    expect(llm.requests[0]?.contents.map((content) => content.parts?.[0]?.text)).toEqual(['hi', 'extra turn'])
  })

  it('editing request contents in place does not rewrite the session history', async () => {
    const llm = new ScriptedLlm(['first', 'second'])
    const agent = new LlmAgent({
      name: 'root_agent',
      model: llm,
      beforeModelCallback: ({ request }) => {
        for (const content of request.contents) {
          for (const part of content.parts ?? []) if (part.text) part.text = '[redacted]'
        }
      },
    })
    const harness = await createHarness(agent)
    await harness.run('my secret')
    await harness.run('again')
    const session = await harness.session()
    expect(session.events.map((event) => event.content?.parts?.[0]?.text)).toEqual([
      'my secret',
      'first',
      'again',
      'second',
    ])
    expect(llm.requests[1]?.contents.map((content) => content.parts?.[0]?.text)).toEqual([
      '[redacted]',
      '[redacted]',
      '[redacted]',
    ])
  })

  it('#61 state written in a before-model callback lands on the model response event', async () => {
    const llm = new ScriptedLlm(['model_response'])
    const agent = new LlmAgent({
      name: 'root_agent',
      model: llm,
      beforeModelCallback: ({ context }) => {
        context.state.set('before', 1)
      },
      afterModelCallback: ({ context }) => {
        context.state.set('after', 2)
      },
    })
    const harness = await createHarness(agent)
    const events = await harness.run('hi')
    expect(events).toHaveLength(1)
    expect(events[0]?.actions.stateDelta).toEqual({ before: 1, after: 2 })
    expect((await harness.session()).state).toMatchObject({ before: 1, after: 2 })
  })

  it('#62 a plugin before-model response wins over the agent’s; a plugin returning undefined lets the agent’s win', async () => {
    class Answering extends BasePlugin {
      override beforeModelCallback() {
        return text('from_plugin')
      }
    }
    class Silent extends BasePlugin {
      calls = 0
      override beforeModelCallback() {
        this.calls++
        return undefined
      }
    }
    const agentCallback = vi.fn(() => text('from_agent'))
    const build = () =>
      new LlmAgent({ name: 'root_agent', model: new ScriptedLlm(['model']), beforeModelCallback: agentCallback })
    const first = await (await createHarness(build(), { plugins: [new Answering('p')] })).run('hi')
    expect(simplify(first)).toEqual([['root_agent', 'from_plugin']])
    expect(agentCallback).not.toHaveBeenCalled()
    const silent = new Silent('s')
    const second = await (await createHarness(build(), { plugins: [silent] })).run('hi')
    expect(simplify(second)).toEqual([['root_agent', 'from_agent']])
    expect(silent.calls).toBe(1)
  })

  it('#62 the same for after-model', async () => {
    class Replacing extends BasePlugin {
      override afterModelCallback() {
        return text('from_plugin')
      }
    }
    class Silent extends BasePlugin {}
    const agentCallback = vi.fn(() => text('from_agent'))
    const build = () =>
      new LlmAgent({ name: 'root_agent', model: new ScriptedLlm(['model']), afterModelCallback: agentCallback })
    expect(simplify(await (await createHarness(build(), { plugins: [new Replacing('p')] })).run('hi'))).toEqual([
      ['root_agent', 'from_plugin'],
    ])
    expect(agentCallback).not.toHaveBeenCalled()
    expect(simplify(await (await createHarness(build(), { plugins: [new Silent('s')] })).run('hi'))).toEqual([
      ['root_agent', 'from_agent'],
    ])
  })

  it('#63 a model error becomes an error event of the agent, with {"error":{code,message}} unpacked', async () => {
    const llm = new ScriptedLlm([new Error('{"error":{"message":"LLM error","code":500}}')])
    const harness = await createHarness(new LlmAgent({ name: 'root_agent', model: llm }))
    const events = await harness.run('hi')
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ author: 'root_agent', errorCode: '500', errorMessage: 'LLM error' })
    expect(events[0]?.content).toBeUndefined()
    const session = await harness.session()
    expect(session.events.map((event) => event.author)).toEqual(['user', 'root_agent'])
  })

  it('#63 a plain model error has code UNKNOWN_ERROR', async () => {
    const llm = new ScriptedLlm([new Error('socket hang up')])
    const events = await (await createHarness(new LlmAgent({ name: 'root_agent', model: llm }))).run('hi')
    expect(events[0]).toMatchObject({ errorCode: 'UNKNOWN_ERROR', errorMessage: 'socket hang up' })
  })

  it('#63 a plugin onModelErrorCallback response is used instead', async () => {
    const errors: Error[] = []
    class Recovering extends BasePlugin {
      override onModelErrorCallback({ error }: { error: Error }) {
        errors.push(error)
        return text('recovered')
      }
    }
    const llm = new ScriptedLlm([new Error('boom')])
    const events = await (
      await createHarness(new LlmAgent({ name: 'root_agent', model: llm }), { plugins: [new Recovering('r')] })
    ).run('hi')
    expect(simplify(events)).toEqual([['root_agent', 'recovered']])
    expect(events[0]?.errorCode).toBeUndefined()
    expect(errors.map((error) => error.message)).toEqual(['boom'])
  })

  it('#64 every request carries the adk_agent_name label', async () => {
    const llm = new ScriptedLlm(['a', 'b'])
    const harness = await createHarness(new LlmAgent({ name: 'root_agent', model: llm }))
    await harness.run('one')
    await harness.run('two')
    expect(llm.requests.map((request) => request.config.labels)).toEqual([
      { adk_agent_name: 'root_agent' },
      { adk_agent_name: 'root_agent' },
    ])
  })
})
