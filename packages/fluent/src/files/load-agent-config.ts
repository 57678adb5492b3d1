import { realpathSync, statSync } from 'node:fs'
import { dirname, isAbsolute, relative, resolve } from 'node:path'
import type { z } from 'zod'
import type {
  SingleAfterModelCallback,
  SingleAfterToolCallback,
  SingleAgentCallback,
  SingleBeforeModelCallback,
  SingleBeforeToolCallback,
} from '@adk-fluent/core'
import type { AgentBuilder } from '../builders/agent-builder.js'
import type { FanOutBuilder } from '../builders/fan-out-builder.js'
import type { LoopBuilder } from '../builders/loop-builder.js'
import type { PipelineBuilder } from '../builders/pipeline-builder.js'
import { Agent, FanOut, Loop, Pipeline } from '../builders/workflow-factories.js'
import { isNodeHolder, type NodeHolder } from '../parse/parse-step.js'
import { AgentFileError, type AgentFileProblem } from './agent-file-error.js'
import { codeName, lookupName, offered } from './config-references.js'
import { readGenerateContentConfig } from './config-generate-content.js'
import { resolveConfigTool, type ConfigTool } from './config-tools.js'
import { FieldReader, type YamlRecord } from './field-reader.js'
import { readLlmFields, type LlmFieldSteps } from './llm-agent-fields.js'
import { parseYaml, readAgentFileText, type FieldPath } from './yaml-source.js'

/** A callback a config names: any of the six callback shapes. */
export type ConfigCallback =
  | SingleAgentCallback
  | SingleBeforeModelCallback
  | SingleAfterModelCallback
  | SingleBeforeToolCallback
  | SingleAfterToolCallback

/** What an agent config's names refer to: the code objects a file cannot contain. */
export interface AgentConfigOptions {
  /** Tools by the name the config's `tools` list uses (a `T` composite, a core tool, or a function). */
  readonly tools?: Readonly<Record<string, ConfigTool>>
  /** Callbacks by the name the `*_callbacks` lists use. */
  readonly callbacks?: Readonly<Record<string, ConfigCallback>>
  /** Builders by the name a `sub_agents` entry gives as `code`. */
  readonly agents?: Readonly<Record<string, NodeHolder>>
  /** Zod schemas by the name `input_schema` / `output_schema` give. */
  readonly schemas?: Readonly<Record<string, z.ZodType>>
  /**
   * Lets an `MCPToolset` with a stdio server (a local command) load. Default: ADK's rule, only when the environment
   * variable `ADK_ALLOW_CONFIG_STDIO_MCP_SERVERS` is `1` or `true`.
   */
  readonly allowStdioMcp?: boolean
}

/** What `loadAgentConfig` returns: the builder of the config's agent class. */
export type AgentConfigBuilder = AgentBuilder | PipelineBuilder | FanOutBuilder | LoopBuilder

type AgentKind = 'LlmAgent' | 'SequentialAgent' | 'ParallelAgent' | 'LoopAgent'

const modules: Readonly<Record<AgentKind, string>> = {
  LlmAgent: 'llm_agent',
  SequentialAgent: 'sequential_agent',
  ParallelAgent: 'parallel_agent',
  LoopAgent: 'loop_agent',
}

/** The spellings of `agent_class` ADK accepts for its four classes (`LoopAgent`, `google.adk.agents.LoopAgent`, …). */
const agentClasses: ReadonlyMap<string, AgentKind> = new Map(
  (Object.keys(modules) as AgentKind[]).flatMap((kind) => [
    [kind, kind],
    [`google.adk.agents.${kind}`, kind],
    [`google.adk.agents.${modules[kind]}.${kind}`, kind],
  ]),
).set('Agent', 'LlmAgent')

const baseFields = [
  'agent_class',
  'name',
  'description',
  'sub_agents',
  'before_agent_callbacks',
  'after_agent_callbacks',
]
const callbackSingulars = ['before_agent_callback', 'after_agent_callback']

interface Loading {
  readonly options: AgentConfigOptions
  readonly problems: AgentFileProblem[]
  /** Real paths of the files being loaded, outermost first (a `config_path` back into one is a cycle). */
  readonly chain: string[]
}

function display(path: string): string {
  const shown = relative(process.cwd(), path)
  return shown.startsWith('..') || isAbsolute(shown) ? path : shown
}

/**
 * Reads one of ADK's Agent Config YAML files (`root_agent.yaml`) into the builder you would write in code:
 * `LlmAgent` (the default `agent_class`) → `Agent(...)`, `SequentialAgent` → `Pipeline`, `ParallelAgent` → `FanOut`,
 * `LoopAgent` → `Loop`. `sub_agents` come from `config_path` (relative, inside the file's folder) or `code` (a name
 * of `options.agents`); tools are ADK's built-ins (`google_search`, `url_context`, `exit_loop`, `MCPToolset`) or
 * names of `options.tools`; callbacks and schemas are names of `options.callbacks` / `options.schemas` (exact, or the
 * last segment of a dotted name). Every file of the tree is read and checked before this returns: any problem —
 * YAML syntax, a field ADK's schema lacks or our runtime does not support, a missing file, a `config_path` cycle, an
 * unknown name — throws one {@link AgentFileError} listing each with its file, line, column and field. Synchronous.
 * @example const root = loadAgentConfig('agents/root_agent.yaml', { tools: { get_weather: getWeather } })
 */
export function loadAgentConfig(file: string, options: AgentConfigOptions = {}): AgentConfigBuilder {
  const loading: Loading = { options, problems: [], chain: [] }
  const absolute = resolve(file)
  let builder: AgentConfigBuilder | undefined
  if (!isFile(absolute)) {
    loading.problems.push({ file, line: 1, column: 1, field: [], message: 'file not found.' })
  } else {
    const real = realpathSync(absolute)
    loading.chain.push(real)
    builder = loadFile(real, file, loading)
  }
  if (loading.problems.length > 0 || !builder) throw new AgentFileError(loading.problems)
  return builder
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

function loadFile(real: string, shown: string, loading: Loading): AgentConfigBuilder | undefined {
  let source
  try {
    source = parseYaml(readAgentFileText(real, shown), shown)
  } catch (error) {
    if (!AgentFileError.isInstance(error)) throw error
    loading.problems.push(...error.problems)
    return undefined
  }
  return readAgent(new FieldReader(source, loading.problems), source.value, dirname(real), loading)
}

function readAgent(
  reader: FieldReader,
  value: unknown,
  folder: string,
  loading: Loading,
): AgentConfigBuilder | undefined {
  if (value === null || value === undefined)
    return reader.fail([], 'the file is empty: it is not an agent config.', 'Write at least name: and instruction:.')
  const record = reader.record(value, [], '{ name: assistant, instruction: Help the user. }')
  if (!record) return undefined
  const classValue = record['agent_class'] ?? 'LlmAgent'
  const kind = typeof classValue === 'string' ? agentClasses.get(classValue) : undefined
  if (!kind) {
    return reader.fail(
      ['agent_class'],
      `agent class ${JSON.stringify(classValue)} is not supported (LlmAgent, SequentialAgent, ParallelAgent, LoopAgent).`,
      'A custom agent is written in code: build it there and reference it with sub_agents: - code: <name>, passing { agents: { <name>: builder } }.',
    )
  }
  const name = reader.string(record, [], 'name', true)
  const description = reader.string(record, [], 'description')
  const subAgents = readSubAgents(reader, record, folder, loading)
  const agentCallbacks = ['before_agent', 'after_agent'].map((key) => readCallbacks(reader, record, key, loading))
  let llm: LlmFieldSteps | undefined
  if (kind === 'LlmAgent') {
    llm = readLlmFields(
      reader,
      record,
      {
        callbacks: (key) => readCallbacks(reader, record, key, loading),
        tool: (entry, path) => resolveConfigTool(reader, entry, path, loading.options),
        schema: (entry, path) => readSchema(reader, entry, path, loading),
        generateContentConfig: (entry, path) => readGenerateContentConfig(reader, entry, path),
      },
      [...baseFields, ...callbackSingulars],
    )
  } else {
    const own = kind === 'LoopAgent' ? ['max_iterations'] : []
    reader.onlyKnown(record, [], [...baseFields, ...callbackSingulars, ...own], `a ${kind} config`)
  }
  if (name === undefined) return undefined
  const [before = [], after = []] = agentCallbacks
  const withCallbacks = <T extends { beforeAgent(fn: SingleAgentCallback): T; afterAgent(fn: SingleAgentCallback): T }>(
    builder: T,
  ): T =>
    after.reduce(
      (b, fn) => b.afterAgent(fn as SingleAgentCallback),
      before.reduce((b, fn) => b.beforeAgent(fn as SingleAgentCallback), builder),
    )
  const described = <T extends { describe(text: string): T }>(builder: T): T =>
    description ? builder.describe(description) : builder
  return reader.attempt(['name'], () => {
    switch (kind) {
      case 'LlmAgent': {
        let agent = described(Agent(name))
        agent = llm ? llm.apply(agent) : agent
        if (subAgents.length > 0) agent = agent.subAgents(...subAgents)
        return withCallbacks(agent)
      }
      case 'SequentialAgent':
        return withCallbacks(
          subAgents.reduce<PipelineBuilder>((flow, step) => flow.step(step), described(Pipeline(name))),
        )
      case 'ParallelAgent':
        return withCallbacks(
          subAgents.reduce<FanOutBuilder>((flow, branch) => flow.branch(branch), described(FanOut(name))),
        )
      case 'LoopAgent': {
        const loop = subAgents.reduce<LoopBuilder>((flow, step) => flow.step(step), described(Loop(name)))
        const max = reader.integer(record, [], 'max_iterations', 1)
        return withCallbacks(max === undefined ? loop : loop.maxIterations(max))
      }
    }
  })
}

function readSchema(reader: FieldReader, entry: unknown, path: FieldPath, loading: Loading): z.ZodType | undefined {
  const name = codeName(reader, entry, path)
  if (name === undefined) return undefined
  const schema = lookupName(loading.options.schemas, name)
  if (schema !== undefined) return schema
  return reader.fail(
    path,
    `schema "${name}" is not in the schemas map (${offered(loading.options.schemas)}).`,
    `Pass it: loadAgentConfig(file, { schemas: { ${JSON.stringify(name.split('.').pop())}: z.object({…}) } }).`,
  )
}

/** The callbacks of `<key>_callbacks` (ADK's list) and `<key>_callback` (one), in that order. */
function readCallbacks(reader: FieldReader, record: YamlRecord, key: string, loading: Loading): ConfigCallback[] {
  const found: ConfigCallback[] = []
  const entries: [FieldPath, unknown][] = []
  const list = reader.list(record, [], `${key}_callbacks`)
  list?.forEach((entry, index) => entries.push([[`${key}_callbacks`, index], entry]))
  if (record[`${key}_callback`] !== undefined) entries.push([[`${key}_callback`], record[`${key}_callback`]])
  const { callbacks } = loading.options
  for (const [path, entry] of entries) {
    const name = codeName(reader, entry, path)
    if (name === undefined) continue
    const callback = lookupName(callbacks, name)
    if (typeof callback === 'function') found.push(callback)
    else
      reader.fail(
        path,
        `callback "${name}" is not in the callbacks map (${offered(callbacks)}).`,
        `Pass it: loadAgentConfig(file, { callbacks: { ${JSON.stringify(name.split('.').pop())}: myCallback } }).`,
      )
  }
  return found
}

function readSubAgents(reader: FieldReader, record: YamlRecord, folder: string, loading: Loading): NodeHolder[] {
  const children: NodeHolder[] = []
  reader.list(record, [], 'sub_agents')?.forEach((entry, index) => {
    const path: FieldPath = ['sub_agents', index]
    const reference = reader.record(entry, path, '{ config_path: code_writer.yaml }')
    if (!reference) return
    reader.onlyKnown(reference, path, ['config_path', 'code'], 'a sub-agent reference')
    const hasPath = reference['config_path'] !== undefined && reference['config_path'] !== null
    const hasCode = reference['code'] !== undefined && reference['code'] !== null
    if (hasPath === hasCode) {
      reader.fail(path, `exactly one of config_path or code must be given (got ${hasPath ? 'both' : 'neither'}).`)
      return
    }
    const child = hasPath
      ? subAgentFile(reader, reader.string(reference, path, 'config_path'), [...path, 'config_path'], folder, loading)
      : subAgentCode(reader, reader.string(reference, path, 'code'), [...path, 'code'], loading)
    if (child) children.push(child)
  })
  return children
}

function subAgentCode(
  reader: FieldReader,
  code: string | undefined,
  path: FieldPath,
  loading: Loading,
): NodeHolder | undefined {
  if (code === undefined) return undefined
  const agent = lookupName(loading.options.agents, code)
  if (agent === undefined)
    return reader.fail(
      path,
      `agent "${code}" is not in the agents map (${offered(loading.options.agents)}).`,
      `Pass it: loadAgentConfig(file, { agents: { ${JSON.stringify(code.split('.').pop())}: Agent(...) } }).`,
    )
  if (!isNodeHolder(agent))
    return reader.fail(
      path,
      `agents["${code}"] is not a fluent builder.`,
      'Pass the builder (Agent(...), Pipeline(...), …), not a built core agent.',
    )
  return agent
}

function subAgentFile(
  reader: FieldReader,
  configPath: string | undefined,
  path: FieldPath,
  folder: string,
  loading: Loading,
): AgentConfigBuilder | undefined {
  if (configPath === undefined) return undefined
  if (/[\u0000-\u001F\u007F]/.test(configPath))
    return reader.fail(path, `config_path ${JSON.stringify(configPath)} has control characters.`)
  if (isAbsolute(configPath) || /^[a-zA-Z]:[\\/]/.test(configPath))
    return reader.fail(
      path,
      `absolute paths are not allowed in config_path (${JSON.stringify(configPath)}).`,
      'Write the path relative to this file.',
    )
  const target = resolve(folder, configPath)
  const real = isFile(target) ? realpathSync(target) : target
  const inside = relative(realpathSync(folder), real)
  if (inside.startsWith('..') || isAbsolute(inside))
    return reader.fail(
      path,
      `config_path ${JSON.stringify(configPath)} resolves outside this file's folder.`,
      'Keep sub-agent configs in the folder of the file that references them (or below it).',
    )
  if (!isFile(real)) return reader.fail(path, `file not found: ${display(target)}.`)
  const cycleStart = loading.chain.indexOf(real)
  if (cycleStart >= 0) {
    const cycle = [...loading.chain.slice(cycleStart), real].map(display).join(' → ')
    return reader.fail(
      path,
      `config_path cycle: ${cycle}.`,
      'An agent cannot contain itself; remove one of these references.',
    )
  }
  loading.chain.push(real)
  try {
    return loadFile(real, display(real), loading)
  } finally {
    loading.chain.pop()
  }
}
