import type { AgentCard, AgentSkill } from '@a2a-js/sdk'
import { duplicateInterfacesForLegacy } from '@a2a-js/sdk/compat/v0_3'
import { isLlmAgent, type BaseAgent } from '@adk-fluent/core'
import { agentChildren } from '@adk-fluent/core/internal'
import { isRemoteA2aAgent } from './remote-a2a-agent.js'
import type { A2aAgentSkill, AgentCardOverrides } from './a2a-card-types.js'

function fullSkill(given: A2aAgentSkill): AgentSkill {
  return {
    id: given.id,
    name: given.name,
    description: given.description,
    tags: [...given.tags],
    examples: [...(given.examples ?? [])],
    inputModes: [...(given.inputModes ?? [])],
    outputModes: [...(given.outputModes ?? [])],
    securityRequirements: [],
  }
}

const inputModes = ['text/plain', 'application/json']
const outputModes = ['text/plain', 'application/json']

function skill(agent: BaseAgent, tags: string[], fallback: string): AgentSkill {
  return {
    id: agent.name,
    name: agent.name,
    description: agent.description || fallback,
    tags,
    examples: [],
    inputModes: [],
    outputModes: [],
    securityRequirements: [],
  }
}

function kindTags(agent: BaseAgent): string[] {
  if (isLlmAgent(agent)) return ['llm']
  if (isRemoteA2aAgent(agent)) return ['remote', 'a2a']
  return ['workflow', agent.constructor.name]
}

function walk(agent: BaseAgent, seen: Set<string>, found: AgentSkill[]): void {
  for (const child of agentChildren(agent)) {
    if (!seen.has(child.name) && (isLlmAgent(child) || isRemoteA2aAgent(child))) {
      seen.add(child.name)
      found.push(skill(child, kindTags(child), `Agent "${child.name}" of this workflow.`))
    }
    walk(child, seen, found)
  }
}

/**
 * The skills of an agent tree: the root (what the server does as a whole), then every LLM and remote agent below
 * it, in tree order, each with its description.
 */
export function agentSkills(root: BaseAgent): AgentSkill[] {
  const found = [skill(root, kindTags(root), `Runs the adk-fluent agent "${root.name}".`)]
  walk(root, new Set([root.name]), found)
  return found
}

/**
 * The card `serveA2a` publishes: name, description and skills from the agent tree, streaming, text and JSON in and
 * out, and the JSON-RPC interface at `url` in A2A 1.0 and (for older clients) 0.3.
 */
export function buildAgentCard(root: BaseAgent, url: string, overrides: AgentCardOverrides = {}): AgentCard {
  return {
    name: overrides.name ?? root.name,
    description: overrides.description ?? (root.description || `The adk-fluent agent "${root.name}".`),
    supportedInterfaces: duplicateInterfacesForLegacy(
      [{ url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' }],
      ['JSONRPC'],
    ),
    provider: overrides.provider ? { ...overrides.provider } : undefined,
    version: overrides.version ?? '1.0.0',
    ...(overrides.documentationUrl === undefined ? {} : { documentationUrl: overrides.documentationUrl }),
    ...(overrides.iconUrl === undefined ? {} : { iconUrl: overrides.iconUrl }),
    capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: [...(overrides.defaultInputModes ?? inputModes)],
    defaultOutputModes: [...(overrides.defaultOutputModes ?? outputModes)],
    skills: overrides.skills ? overrides.skills.map(fullSkill) : agentSkills(root),
    signatures: [],
  }
}
