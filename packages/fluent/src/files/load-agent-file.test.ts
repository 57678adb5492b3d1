import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { agentFileKind, loadAgentFile } from './load-agent-file.js'

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures')
const seq = join(fixtures, 'adk-samples', 'multi_agent_seq_config')
const research = join(fixtures, 'skills', 'research')

describe('loadAgentFile: agent files for the command line', () => {
  it('recognises configs (.yaml, .yml, a folder with root_agent.yaml) and skills (SKILL.md, its folder)', () => {
    expect(agentFileKind(join(seq, 'root_agent.yaml'))).toBe('agent-config')
    expect(agentFileKind('agent.YML')).toBe('agent-config')
    expect(agentFileKind(seq)).toBe('agent-config')
    expect(agentFileKind(join(research, 'SKILL.md'))).toBe('skill')
    expect(agentFileKind(research)).toBe('skill')
    expect(agentFileKind(join(fixtures, '..', 'load-agent-file.ts'))).toBeUndefined()
    expect(agentFileKind(fixtures)).toBeUndefined()
    expect(agentFileKind(join(fixtures, 'nowhere'))).toBeUndefined()
  })

  it('gives a module-like record keyed by the root agent, as a module exports its builder', () => {
    const config = loadAgentFile(seq)
    expect(Object.keys(config)).toEqual(['CodePipelineAgent'])
    expect(config['CodePipelineAgent']?.build().subAgents).toHaveLength(3)
    expect(Object.keys(loadAgentFile(join(seq, 'root_agent.yaml')))).toEqual(['CodePipelineAgent'])
    const skill = loadAgentFile(research)
    expect(Object.keys(skill)).toEqual(['research_report'])
    expect(() => loadAgentFile(fixtures)).toThrow('is neither an agent config (.yaml) nor a skill (SKILL.md)')
  })
})
