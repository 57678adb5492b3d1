import { describe, expect, it } from 'vitest'
import { LlmAgent } from './llm-agent.js'
import { SequentialAgent } from './sequential-agent.js'
import { ScriptedLlm } from '../testing/scripted-llm.js'
import { LLMRegistry } from '../models/llm-registry.js'
import { createHarness } from '../testing/harness.test-helper.js'

describe('runConfig.model', () => {
  it('is the model of every agent without its own (or an inherited one); agents that name a model keep it', async () => {
    const own = new ScriptedLlm(['own'])
    const shared = new ScriptedLlm({ a: ['from a'], c: ['from c'] })
    const tree = new SequentialAgent({
      name: 'root',
      subAgents: [new LlmAgent({ name: 'a' }), new LlmAgent({ name: 'b', model: own }), new LlmAgent({ name: 'c' })],
    })
    const events = await (await createHarness(tree)).run('go', { runConfig: { model: shared } })
    expect(events.map((event) => `${event.author}: ${event.content?.parts?.[0]?.text}`)).toEqual([
      'a: from a',
      'b: own',
      'c: from c',
    ])
    expect(shared.requests.map((request) => request.model)).toEqual(['scripted', 'scripted'])
  })

  it('resolves a model name through the registry once per run', async () => {
    const made: string[] = []
    LLMRegistry.register(/^run-model-test$/, (name) => {
      made.push(name)
      return new ScriptedLlm(['one', 'two'], { model: name })
    })
    const tree = new SequentialAgent({
      name: 'root',
      subAgents: [new LlmAgent({ name: 'a' }), new LlmAgent({ name: 'b' })],
    })
    const events = await (await createHarness(tree)).run('go', { runConfig: { model: 'run-model-test' } })
    expect([made, events.map((event) => event.content?.parts?.[0]?.text)]).toEqual([['run-model-test'], ['one', 'two']])
  })
})
