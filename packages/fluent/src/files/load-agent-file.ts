import { existsSync, statSync } from 'node:fs'
import { basename, extname, join } from 'node:path'
import type { FlowBuilder } from '../builders/flow-builder.js'
import { toIdentifier } from '../parse/to-identifier.js'
import { loadAgentConfig, type AgentConfigOptions } from './load-agent-config.js'
import { Skill } from './skill-builder.js'

/** The kinds of agent files, by what {@link agentFileKind} recognises. */
export type AgentFileKind = 'agent-config' | 'skill'

/**
 * What kind of agent file `path` is, or `undefined` for anything else (a module): a `.yaml` / `.yml` file, or a
 * folder holding `root_agent.yaml` (ADK's layout), is an agent config; a file named `SKILL.md`, or a folder holding
 * one, is a skill.
 */
export function agentFileKind(path: string): AgentFileKind | undefined {
  const extension = extname(path).toLowerCase()
  if (extension === '.yaml' || extension === '.yml') return 'agent-config'
  if (basename(path).toLowerCase() === 'skill.md') return 'skill'
  try {
    if (!statSync(path).isDirectory()) return undefined
  } catch {
    return undefined
  }
  if (existsSync(join(path, 'root_agent.yaml'))) return 'agent-config'
  if (existsSync(join(path, 'SKILL.md'))) return 'skill'
  return undefined
}

/**
 * Loads an agent file as a module-like record `{ <name>: builder }` (what the command line picks a builder from;
 * the name is the config's root agent, or the skill's name as an identifier): an ADK agent config (`.yaml`, or a folder with `root_agent.yaml`) through {@link loadAgentConfig},
 * or a skill (`SKILL.md`, or its folder) through `Skill`. Throws an `AgentFileError` for a bad file, and a plain
 * error for a path that is neither.
 */
export function loadAgentFile(path: string, options: AgentConfigOptions = {}): Readonly<Record<string, FlowBuilder>> {
  const kind = agentFileKind(path)
  if (kind === undefined) throw new Error(`${path} is neither an agent config (.yaml) nor a skill (SKILL.md).`)
  if (kind === 'skill') {
    const skill = Skill(path)
    return Object.freeze({ [toIdentifier(skill.skillName, 'skill')]: skill })
  }
  const builder = loadAgentConfig(/\.ya?ml$/i.test(path) ? path : join(path, 'root_agent.yaml'), options)
  return Object.freeze({ [builder.node.name]: builder })
}
