import { describe, expect, it } from 'vitest'
import { FunctionNode, FunctionTool, LlmAgent, SequentialAgent, Workflow } from '@adk-fluent/core'
import { ScriptedLlm } from '@adk-fluent/core/testing'
import { Agent, Pipeline } from '@adk-fluent/fluent'
import { agentTreeVersion, dbosVersionOf, treeVersionOf } from './tree-version.js'

function tree(options: { instruction?: string; toolDescription?: string; model?: string; order?: 'ab' | 'ba' } = {}) {
  const tool = new FunctionTool({
    name: 'lookup',
    description: options.toolDescription ?? 'Looks up.',
    execute: () => 'x',
  })
  const a = new LlmAgent({
    name: 'a',
    model: new ScriptedLlm(['one'], { model: options.model ?? 'scripted' }),
    instruction: options.instruction ?? 'Do a.',
    tools: [tool],
  })
  const b = new LlmAgent({ name: 'b', model: 'gemini-2.5-flash', instruction: 'Do b.' })
  return new SequentialAgent({ name: 'root', subAgents: options.order === 'ba' ? [b, a] : [a, b] })
}

describe('agentTreeVersion', () => {
  it('is the same for two builds of one tree, whatever the models have recorded', async () => {
    const first = tree()
    expect(agentTreeVersion(first)).toBe(agentTreeVersion(tree()))
    expect(agentTreeVersion(first)).toMatch(/^tree-[0-9a-f]{20}$/)
  })

  it('changes with an instruction, a tool, a model or the agent order', () => {
    const base = agentTreeVersion(tree())
    for (const changed of [
      tree({ instruction: 'Do a, differently.' }),
      tree({ toolDescription: 'Finds.' }),
      tree({ model: 'other' }),
      tree({ order: 'ba' }),
    ]) {
      expect(agentTreeVersion(changed)).not.toBe(base)
    }
  })

  it('fingerprints a fluent build()', () => {
    const build = (instruction: string) =>
      Pipeline('p').step(Agent('w', 'gemini-2.5-flash').instruct(instruction).writes('draft')).build()
    expect(agentTreeVersion(build('Write.'))).toBe(agentTreeVersion(build('Write.')))
    expect(agentTreeVersion(build('Write.'))).not.toBe(agentTreeVersion(build('Write twice.')))
  })

  it('a DBOS application version carries the app name and gives the tree version back', () => {
    expect(dbosVersionOf('app', 'tree-1')).toBe('tree-1@app')
    expect(treeVersionOf('tree-1@app')).toBe('tree-1')
    expect(treeVersionOf(undefined)).toBeUndefined()
  })
})

describe('agentTreeVersion of a graph Workflow', () => {
  const build = (extraEdge: boolean) => {
    const a = new FunctionNode('a', (_c, input) => input)
    const b = new FunctionNode('b', (_c, input) => `${String(input)}!`)
    const c = new FunctionNode('c', (_c, input) => input)
    return new Workflow({ name: 'flow', edges: extraEdge ? [['START', a, b, c]] : [['START', a, b]] })
  }

  it('is stable for the same graph and changes with an edge or a node body', () => {
    expect(agentTreeVersion(build(true))).toBe(agentTreeVersion(build(true)))
    expect(agentTreeVersion(build(true))).not.toBe(agentTreeVersion(build(false)))
    const other = new Workflow({
      name: 'flow',
      edges: [['START', new FunctionNode('a', (_c, input) => input), new FunctionNode('b', () => 'changed')]],
    })
    expect(agentTreeVersion(other)).not.toBe(agentTreeVersion(build(false)))
  })
})
