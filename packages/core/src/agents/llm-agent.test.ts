import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ConfigError } from '../errors/config-error.js'
import { LLMRegistry } from '../models/llm-registry.js'
import { ScriptedLlm } from '../testing/scripted-llm.js'
import { createHarness } from '../testing/harness.test-helper.js'
import { LlmAgent, defaultModelName } from './llm-agent.js'
import { isLlmAgent } from './is-llm-agent.js'
import { SequentialAgent } from './sequential-agent.js'

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('LlmAgent configuration (spec 10.9 #90–92)', () => {
  it('#91 generateContentConfig may not carry tools, a system instruction or a response schema', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ tools: [{ functionDeclarations: [] }] }, 'All tools must be set via LlmAgent.tools.'],
      [{ systemInstruction: 'x' }, 'System instruction must be set via LlmAgent.instruction.'],
      [{ responseSchema: { type: 'OBJECT' } }, 'Response schema must be set via LlmAgent.outputSchema.'],
    ]
    for (const [generateContentConfig, message] of cases) {
      expect(() => new LlmAgent({ name: 'agent', generateContentConfig })).toThrow(ConfigError)
      expect(() => new LlmAgent({ name: 'agent', generateContentConfig })).toThrow(message)
    }
  })

  it('lists every problem of one agent in one ConfigError', () => {
    let caught: unknown
    try {
      new LlmAgent({
        name: 'agent',
        generateContentConfig: { systemInstruction: 'x', responseSchema: {} },
        outputKey: 'bad key',
      })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ConfigError)
    expect((caught as ConfigError).issues).toHaveLength(3)
    expect((caught as ConfigError).message).toMatch(/^3 configuration problems:\n1\. agent\.generateContentConfig: /)
  })

  it('#92 an agent without a model uses its nearest LlmAgent ancestor’s model', async () => {
    const llm = new ScriptedLlm([
      {
        content: {
          role: 'model',
          parts: [{ functionCall: { name: 'transfer_to_agent', args: { agent_name: 'child' } } }],
        },
      },
      'from child',
    ])
    const leaf = new LlmAgent({ name: 'leaf' })
    const child = new LlmAgent({ name: 'child', subAgents: [new SequentialAgent({ name: 'seq', subAgents: [leaf] })] })
    const root = new LlmAgent({ name: 'root', model: llm, subAgents: [child] })
    expect(child.canonicalModel).toBe(llm)
    expect(leaf.canonicalModel).toBe(llm)
    await (await createHarness(root)).run('hi')
    expect(llm.requests.map((request) => request.config.labels?.['adk_agent_name'])).toEqual(['root', 'child'])
  })

  it('#92 a root without a model falls back to ADK_FLUENT_MODEL, else gemini-2.5-flash', () => {
    vi.stubEnv('ADK_FLUENT_MODEL', '')
    expect(defaultModelName()).toBe('gemini-2.5-flash')
    expect(new LlmAgent({ name: 'root' }).canonicalModel.model).toBe('gemini-2.5-flash')
    vi.stubEnv('ADK_FLUENT_MODEL', 'gemini-2.0-flash-lite')
    const root = new LlmAgent({ name: 'root' })
    expect(root.canonicalModel.model).toBe('gemini-2.0-flash-lite')
    expect(root.canonicalModel).toBe(root.canonicalModel)
    const underSequence = new LlmAgent({ name: 'step' })
    new SequentialAgent({ name: 'seq', subAgents: [underSequence] })
    expect(underSequence.canonicalModel.model).toBe('gemini-2.0-flash-lite')
  })

  it('an agent looked at before it got a parent still inherits the parent’s model', () => {
    vi.stubEnv('ADK_FLUENT_MODEL', '')
    const child = new LlmAgent({ name: 'child' })
    expect(child.canonicalModel.model).toBe('gemini-2.5-flash')
    const llm = new ScriptedLlm([])
    new LlmAgent({ name: 'root', model: llm, subAgents: [child] })
    expect(child.canonicalModel).toBe(llm)
  })

  it('resolves model names through the registry; an unknown name is a ConfigError at construction', () => {
    const made: string[] = []
    LLMRegistry.register('llm-agent-test-', (model) => {
      made.push(model)
      return new ScriptedLlm([], { model })
    })
    const agent = new LlmAgent({ name: 'agent', model: 'llm-agent-test-1' })
    expect(agent.canonicalModel.model).toBe('llm-agent-test-1')
    expect(made).toEqual(['llm-agent-test-1'])
    expect(() => new LlmAgent({ name: 'agent', model: 'no-such-model' })).toThrow(ConfigError)
    expect(() => new LlmAgent({ name: 'agent', model: 'no-such-model' })).toThrow('Unknown model "no-such-model"')
  })

  it('a failed construction leaves the sub-agents free to be used again', () => {
    const child = new LlmAgent({ name: 'child' })
    expect(() => new LlmAgent({ name: 'root', model: 'no-such-model', subAgents: [child] })).toThrow(ConfigError)
    expect(child.parentAgent).toBeUndefined()
    const root = new LlmAgent({ name: 'root', model: new ScriptedLlm([]), subAgents: [child] })
    expect(child.parentAgent).toBe(root)
  })

  it('rejects tools that are not tools and models that are not models', () => {
    expect(() => new LlmAgent({ name: 'agent', tools: [(() => 1) as never] })).toThrow('not a tool')
    expect(() => new LlmAgent({ name: 'agent', model: {} as never })).toThrow(
      'model must be a model name or a BaseLlm instance, got an object.',
    )
    expect(() => new LlmAgent({ name: 'agent', includeContents: 'all' as never })).toThrow(
      "includeContents must be 'default', 'none' or 'isolated'",
    )
  })

  it('keeps its configuration; outputSchema forces both disallow flags', () => {
    const schema = z.object({ a: z.string() })
    const agent = new LlmAgent({ name: 'agent', outputSchema: schema, disallowTransferToParent: false })
    expect(agent.disallowTransferToParent).toBe(true)
    expect(agent.disallowTransferToPeers).toBe(true)
    const plain = new LlmAgent({ name: 'plain', instruction: 'i', includeContents: 'none' })
    expect(plain).toMatchObject({
      instruction: 'i',
      includeContents: 'none',
      disallowTransferToParent: false,
      tools: [],
    })
    expect(isLlmAgent(plain)).toBe(true)
    expect(isLlmAgent(new SequentialAgent({ name: 's' }))).toBe(false)
  })
})
