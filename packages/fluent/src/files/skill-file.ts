import { statSync } from 'node:fs'
import { join } from 'node:path'
import { Agent } from '../builders/workflow-factories.js'
import { AgentFileError, type AgentFileProblem } from './agent-file-error.js'
import { FieldReader, type YamlRecord } from './field-reader.js'
import { parseTopology, topologyAgents, TopologySyntaxError, type TopologyNode } from './skill-topology.js'
import { parseYaml, readAgentFileText, type FieldPath } from './yaml-source.js'

/** One agent of a skill's front matter. */
export interface SkillAgent {
  readonly name: string
  readonly model: string | undefined
  readonly description: string | undefined
  readonly instruct: string
  readonly tools: readonly { readonly name: string; readonly path: FieldPath }[]
  readonly reads: readonly string[]
  readonly writes: string | undefined
  /** Where the agent is written (`['agents', 2]`). */
  readonly path: FieldPath
}

/** A `SKILL.md` read and checked: its front matter, and where each field is written. */
export interface SkillDefinition {
  /** The file as errors name it. */
  readonly file: string
  readonly name: string
  readonly description: string | undefined
  readonly agents: readonly SkillAgent[]
  /** The topology, or `undefined` (the agents run in the order listed). */
  readonly topology: TopologyNode | undefined
  /** A problem at a field of the front matter, for errors found later (a tool never injected). */
  problem(path: FieldPath, message: string, hint?: string): AgentFileProblem
}

const skillFields = [
  'name',
  'description',
  'agents',
  'topology',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
]
const agentFields = ['name', 'model', 'description', 'instruct', 'tools', 'reads', 'writes']

/** The `SKILL.md` of `path`: the file itself, or the one inside the folder. */
export function skillFilePath(path: string): string {
  try {
    return statSync(path).isDirectory() ? join(path, 'SKILL.md') : path
  } catch {
    return path
  }
}

function splitFrontMatter(text: string): { yaml: string; ok: boolean } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  if (lines[0]?.trim() !== '---') return { yaml: '', ok: false }
  const end = lines.findIndex((line, index) => index > 0 && (line.trim() === '---' || line.trim() === '...'))
  if (end < 0) return { yaml: '', ok: false }
  return { yaml: lines.slice(1, end).join('\n'), ok: true }
}

function stringList(reader: FieldReader, record: YamlRecord, path: FieldPath, key: string): string[] {
  const value = record[key]
  if (value === undefined || value === null) return []
  if (typeof value === 'string') return [value]
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    reader.fail([...path, key], 'expected a name or a list of names.')
    return []
  }
  return value as string[]
}

function readAgent(reader: FieldReader, value: unknown, path: FieldPath): SkillAgent | undefined {
  const record = reader.record(value, path, '{ name: writer, instruct: Write the report. }')
  if (!record) return undefined
  reader.onlyKnown(record, path, agentFields, 'a skill agent')
  const name = reader.string(record, path, 'name', true)
  const instruct = reader.string(record, path, 'instruct', true)
  const model = reader.modelName(record, path, 'model')
  const description = reader.string(record, path, 'description')
  const writes = reader.string(record, path, 'writes')
  const reads = stringList(reader, record, path, 'reads')
  const tools = stringList(reader, record, path, 'tools').map((tool, index) => ({
    name: tool,
    path: [...path, 'tools', ...(Array.isArray(record['tools']) ? [index] : [])],
  }))
  if (name === undefined || instruct === undefined) return undefined
  // The builder calls the agent will get, made once here so a bad name, template or key is reported at its line.
  const probe = reader.attempt([...path, 'name'], () => Agent(name))
  if (!probe) return undefined
  reader.attempt([...path, 'instruct'], () => probe.instruct(instruct))
  if (model !== undefined) reader.attempt([...path, 'model'], () => probe.model(model))
  if (reads.length > 0) reader.attempt([...path, 'reads'], () => probe.reads(...reads))
  if (writes !== undefined) reader.attempt([...path, 'writes'], () => probe.writes(writes))
  return { name, model, description, instruct, tools, reads, writes, path }
}

function readTopology(
  reader: FieldReader,
  record: YamlRecord,
  agents: readonly SkillAgent[],
): TopologyNode | undefined {
  const text = reader.string(record, [], 'topology')
  if (text === undefined) return undefined
  let topology: TopologyNode
  try {
    topology = parseTopology(text)
  } catch (error) {
    if (!(error instanceof TopologySyntaxError)) throw error
    return reader.fail(
      ['topology'],
      `${error.message} at character ${error.column} of ${JSON.stringify(text)}.`,
      'Write agents joined by >> (in order), | (at once) and * n (repeat), with parentheses, e.g. a >> (b | c) >> d.',
    )
  }
  const defined = new Set(agents.map((agent) => agent.name))
  const seen = new Set<string>()
  for (const { name, column } of topologyAgents(topology)) {
    if (!defined.has(name))
      reader.fail(
        ['topology'],
        `agent "${name}" (character ${column}) is not one of the skill's agents (${[...defined].join(', ')}).`,
      )
    else if (seen.has(name))
      reader.fail(
        ['topology'],
        `agent "${name}" appears more than once (character ${column}).`,
        'Each agent runs at one place; define another agent for a second role.',
      )
    seen.add(name)
  }
  for (const agent of agents)
    if (!seen.has(agent.name))
      reader.fail(
        [...agent.path, 'name'],
        `agent "${agent.name}" is not used in the topology.`,
        'Add it to the topology or remove it.',
      )
  return topology
}

/** The skill's name when it is one (Agent Skills' rule, underscores and capitals allowed): 1–64 letters, digits, `-`, `_`. */
function skillName(reader: FieldReader, name: string | undefined): string | undefined {
  if (name === undefined || /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(name)) return name
  return reader.fail(
    ['name'],
    `${JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name)} is not a skill name: use 1 to 64 letters, digits, "-" and "_", starting with a letter or digit.`,
    'For example name: research-report.',
  )
}

/**
 * Reads and checks a skill: a `SKILL.md` (or its folder) whose YAML front matter has `name`, `description`,
 * `agents` (`name`, `model`, `description`, `instruct`, `tools`, `reads`, `writes`) and `topology`. The Markdown body
 * below the front matter is for people and is not sent to any model. Throws one {@link AgentFileError} listing every
 * problem with its line. @internal
 */
export function readSkillFile(path: string): SkillDefinition {
  const file = skillFilePath(path)
  let text: string
  try {
    text = readAgentFileText(file, file)
  } catch (error) {
    if (!AgentFileError.isInstance(error) || error.problems[0]?.message !== 'file not found.') throw error
    throw new AgentFileError([{ ...error.problems[0], hint: 'Pass a SKILL.md file or the folder that holds one.' }])
  }
  const { yaml, ok } = splitFrontMatter(text)
  if (!ok) {
    throw new AgentFileError([
      {
        file,
        line: 1,
        column: 1,
        field: [],
        message: 'no YAML front matter.',
        hint: 'A skill starts with a --- line, its fields (name, description, agents, topology), and a closing --- line.',
      },
    ])
  }
  const source = parseYaml(yaml, file, 1)
  const problems: AgentFileProblem[] = []
  const reader = new FieldReader(source, problems)
  const record = source.value === null ? {} : reader.record(source.value, [], '{ name: research, agents: [...] }')
  if (!record) throw new AgentFileError(problems)
  reader.onlyKnown(record, [], skillFields, 'a skill')
  const name = skillName(reader, reader.string(record, [], 'name', true))
  const description = reader.string(record, [], 'description')
  const list = reader.list(record, [], 'agents')
  if (!list || list.length === 0)
    reader.fail(
      ['agents'],
      'the skill has no agents, so there is nothing to run.',
      'Add agents: - name: writer\n    instruct: Write the report.',
    )
  const agents = (list ?? []).flatMap((entry, index) => readAgent(reader, entry, ['agents', index]) ?? [])
  const names = new Set<string>()
  for (const agent of agents) {
    if (names.has(agent.name)) reader.fail([...agent.path, 'name'], `two agents are named "${agent.name}".`)
    names.add(agent.name)
  }
  const topology = readTopology(reader, record, agents)
  if (problems.length > 0 || name === undefined) throw new AgentFileError(problems)
  return Object.freeze({ file, name, description, agents, topology, problem: source.problem })
}
