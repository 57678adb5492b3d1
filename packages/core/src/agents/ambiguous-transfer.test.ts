import { describe, expect, it } from 'vitest'
import { ConfigError } from '../errors/config-error.js'
import { isLlmAgent } from './is-llm-agent.js'
import { isBaseAgent } from './base-agent.js'
import { LlmAgent } from './llm-agent.js'
import { SequentialAgent } from './sequential-agent.js'

function messages(run: () => unknown): string[] {
  try {
    run()
  } catch (error) {
    if (ConfigError.isConfigError(error)) return error.issues.map((issue) => issue.message)
    throw error
  }
  return []
}

const llm = (name: string, subAgents: LlmAgent[] = []) => new LlmAgent({ name, subAgents })

describe('ambiguous transfer targets: a name two agents of one tree share, where a transfer could go', () => {
  it('lists every path of the name, in tree order, with a suggested new name', () => {
    const found = messages(() => llm('root', [llm('a', [llm('helper')]), llm('b', [llm('helper')])]))
    expect(found).toEqual([
      'agent name "helper" is ambiguous: root > a > helper and root > b > helper. A transfer to "helper" would always reach the first one. Give each agent a name unique in the tree, for example "b_helper".',
    ])
  })

  it('counts the root itself when a descendant shares its name', () => {
    const found = messages(() => llm('root', [llm('a', [llm('root')])]))
    expect(found).toHaveLength(1)
    expect(found[0]).toContain('agent name "root" is ambiguous: root and root > a > root.')
  })

  it('ignores names that are no transfer target (leaves under workflow agents) and trees without a repeat', () => {
    const leaf = (name: string) => new LlmAgent({ name })
    const pipeline = (name: string, steps: LlmAgent[]) => new SequentialAgent({ name, subAgents: steps })
    expect(
      messages(
        () => new SequentialAgent({ name: 'p', subAgents: [pipeline('x', [leaf('s')]), pipeline('y', [leaf('s')])] }),
      ),
    ).toEqual([])
    expect(messages(() => llm('root', [llm('a', [llm('c')]), llm('b')]))).toEqual([])
  })

  it('brands every agent (on the prototype) so isLlmAgent and isBaseAgent recognise it', () => {
    const agent = llm('solo')
    const workflow = new SequentialAgent({ name: 'p' })
    expect([isLlmAgent(agent), isBaseAgent(agent)]).toEqual([true, true])
    expect([isLlmAgent(workflow), isBaseAgent(workflow)]).toEqual([false, true])
    expect(agent.subAgents).toEqual([])
    expect(Object.isFrozen(agent.subAgents) && Object.isFrozen(agent.tools)).toBe(true)
  })
})
