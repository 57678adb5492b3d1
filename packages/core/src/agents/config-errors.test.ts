import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ConfigError } from '../errors/config-error.js'
import { AgentTool } from '../tools/agent-tool.js'
import { FunctionTool } from '../tools/function-tool.js'
import { LlmAgent } from './llm-agent.js'
import { SequentialAgent } from './sequential-agent.js'

function configError(run: () => unknown): ConfigError {
  try {
    run()
  } catch (error) {
    if (ConfigError.isConfigError(error)) return error
    throw new Error(`expected a ConfigError, got ${String(error)}`)
  }
  throw new Error('expected a ConfigError, nothing was thrown')
}

const loose = (value: unknown) => value as never

describe('core constructors called from plain JavaScript: one ConfigError listing every problem', () => {
  it('new LlmAgent() without options', () => {
    expect(configError(() => new (LlmAgent as unknown as new () => unknown)()).message).toContain(
      'new LlmAgent() needs an options object',
    )
  })

  it('reports all problems at once, each with its path', () => {
    const error = configError(
      () =>
        new LlmAgent({
          name: 'a',
          subAgents: loose({}),
          tools: loose('x'),
          instruction: loose(5),
          beforeModelCallback: loose(3),
          outputSchema: loose({}),
        }),
    )
    expect(error.issues.map((issue) => issue.path.join('.'))).toEqual(
      expect.arrayContaining(['a.subAgents', 'a.tools', 'a.instruction', 'a.beforeModelCallback', 'a.outputSchema']),
    )
    expect(error.issues).toHaveLength(5)
  })

  it("subAgents: 'abc' is one issue, not three", () => {
    expect(configError(() => new LlmAgent({ name: 'a', subAgents: loose('abc') })).issues).toHaveLength(1)
  })

  it('FunctionTool: no options, execute: 5, a bad name', () => {
    expect(configError(() => new (FunctionTool as unknown as new () => unknown)()).message).toContain(
      'needs an options object',
    )
    const error = configError(() => new FunctionTool({ name: 'bad name!', description: 'x', execute: loose(5) }))
    expect(error.issues.map((issue) => issue.path.at(-1))).toEqual(['execute', 'name'])
  })

  it('AgentTool({ agent: {} }) is refused instead of declaring a nameless tool', () => {
    expect(configError(() => new AgentTool({ agent: loose({}) })).message).toContain(
      'AgentTool needs an agent instance',
    )
  })
})

describe('mistakes found at construction rather than at run time', () => {
  it('two tools with one name on one agent', () => {
    const tool = (description: string) => new FunctionTool({ name: 'lookup', description, execute: () => 1 })
    expect(configError(() => new LlmAgent({ name: 'a', tools: [tool('1'), tool('2')] })).message).toContain(
      'both named "lookup"',
    )
  })

  it('an output schema that cannot be sent to a model (z.function())', () => {
    const error = configError(() => new LlmAgent({ name: 'a', outputSchema: z.object({ f: z.function() }) }))
    expect(error.issues[0]?.path).toEqual(['a', 'outputSchema'])
  })

  it('an output schema together with sub-agents (ADK rejects it)', () => {
    const error = configError(
      () =>
        new LlmAgent({
          name: 'a',
          outputSchema: z.object({ x: z.string() }),
          subAgents: [new LlmAgent({ name: 'b' })],
        }),
    )
    expect(error.message).toContain('cannot have subAgents')
  })

  it('two transfer targets with one name in different sub-teams, listing both paths', () => {
    const team = (name: string) => new LlmAgent({ name, subAgents: [new LlmAgent({ name: 'helper' })] })
    const error = configError(() => new SequentialAgent({ name: 'root', subAgents: [team('team_a'), team('team_b')] }))
    expect(error.message).toContain('root > team_a > helper and root > team_b > helper')
  })

  it('a pipeline may repeat a name that is no transfer target', () => {
    const step = (name: string) => new LlmAgent({ name })
    const inner = new SequentialAgent({ name: 'inner', subAgents: [step('writer')] })
    expect(() => new SequentialAgent({ name: 'root', subAgents: [inner, step('writer')] })).not.toThrow()
  })
})
