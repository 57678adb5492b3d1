import type { BaseLlm } from '@adk-fluent/core'
import type { AgentBuilder } from '../builders/agent-builder.js'
import type { BuilderKit } from '../builders/builder-kit.js'
import { defaultBuilderKit } from '../builders/default-builder-kit.js'
import { FlowBuilderBase } from '../builders/flow-builder-base.js'
import type { FlowBuilder } from '../builders/flow-builder.js'
import type { GenerateContentConfig } from '../ir/agent-node.js'
import type { FlowNode } from '../ir/flow-node.js'
import { throwConfigIssue } from '../parse/config-issue.js'
import { parseModel } from '../parse/parse-agent-fields.js'
import { Agent } from '../builders/workflow-factories.js'
import type { ToolsInput } from '../parse/parse-tools.js'
import { AgentFileError, type AgentFileProblem } from './agent-file-error.js'
import { lookupName } from './config-references.js'
import { addTool, builtInTool, type ConfigTool, type ToolStep } from './config-tools.js'
import { readSkillFile, type SkillAgent, type SkillDefinition } from './skill-file.js'
import { composeTopology } from './skill-compose.js'

/** What `.configure(agentName, overrides)` may change on one agent of a skill (each replaces; `tools` adds). */
export interface SkillAgentOverrides {
  readonly model?: string | BaseLlm
  readonly instruct?: string
  readonly description?: string
  readonly reads?: readonly string[]
  readonly writes?: string
  /** Tools added to the agent's named tools (anything `.tools()` accepts). */
  readonly tools?: ToolsInput
  readonly generateContentConfig?: GenerateContentConfig
}

/** `.configure()` also takes a function that gets the agent's builder and returns a changed one. */
export type SkillAgentConfigure = SkillAgentOverrides | ((agent: AgentBuilder) => AgentBuilder)

/**
 * A skill (`SKILL.md`) as a builder: it composes, builds, runs and previews like any builder, and adds the calls
 * that supply what a file cannot hold. Immutable like every builder.
 */
export interface SkillBuilder extends FlowBuilder {
  /** The skill's name (front matter `name`). */
  readonly skillName: string
  /** Its agents' names, in the order the front matter lists them. */
  readonly agentNames: readonly string[]
  /**
   * Supplies tools the agents name (`tools: [search]`) by name (merged with earlier injections). Every injected name
   * must be used by some agent. Names of ADK's built-in tools (`google_search`, `url_context`, `exit_loop`, `load_memory`, `preload_memory`) need no
   * injection; an injected tool of the same name wins.
   * @example Skill('skills/research').inject({ search: T.fn(search), fetch_page: fetchPage })
   */
  inject(tools: Readonly<Record<string, ConfigTool>>): SkillBuilder
  /** The model of every agent of the skill (replaces the front matter's `model`; `.configure()` can still change one). */
  model(model: string | BaseLlm): SkillBuilder
  /**
   * Changes one agent: overrides of its fields, or a function of its builder (applied in call order, after `.model()`).
   * @example Skill('skills/research').configure('writer', { model: 'gemini-2.5-pro' }).configure('critic', (a) => a.generateContentConfig({ temperature: 0 }))
   */
  configure(agentName: string, overrides: SkillAgentConfigure): SkillBuilder
}

interface SkillProps {
  readonly definition: SkillDefinition
  readonly tools: Readonly<Record<string, ConfigTool>>
  readonly model: string | BaseLlm | undefined
  readonly configured: readonly { readonly agent: string; readonly change: SkillAgentConfigure }[]
}

const overrideKeys = ['model', 'instruct', 'description', 'reads', 'writes', 'tools', 'generateContentConfig']

function agentBuilder(agent: SkillAgent, props: SkillProps, problems: AgentFileProblem[]): AgentBuilder {
  const { definition } = props
  const changes = props.configured.filter((entry) => entry.agent === agent.name).map((entry) => entry.change)
  const overrides = Object.assign(
    {},
    ...changes.filter((change) => typeof change !== 'function'),
  ) as SkillAgentOverrides
  const model = overrides.model ?? props.model ?? agent.model
  const description = overrides.description ?? agent.description
  const reads = overrides.reads ?? agent.reads
  const writes = overrides.writes ?? agent.writes
  let builder = Agent(agent.name).instruct(overrides.instruct ?? agent.instruct)
  if (model !== undefined) builder = builder.model(model)
  if (description !== undefined) builder = builder.describe(description)
  for (const tool of agent.tools) {
    const injected = lookupName(props.tools, tool.name)
    const step: ToolStep | undefined = injected !== undefined ? addTool(injected) : builtInTool(tool.name)
    if (step) builder = step(builder)
    else
      problems.push(
        definition.problem(
          tool.path,
          `agent "${agent.name}" uses tool "${tool.name}", which is not injected.`,
          `Supply it: Skill(path).inject({ ${JSON.stringify(tool.name)}: myTool }).`,
        ),
      )
  }
  if (reads.length > 0) builder = builder.reads(...reads)
  if (writes !== undefined) builder = builder.writes(writes)
  for (const change of changes) {
    if (typeof change === 'function') builder = change(builder)
    else {
      if (change.tools !== undefined) builder = builder.tools(change.tools)
      if (change.generateContentConfig !== undefined)
        builder = builder.generateContentConfig(change.generateContentConfig)
    }
  }
  return builder
}

/** The node a skill stands for, with its injections and overrides (`AgentFileError` when a named tool is missing). */
function skillNode(props: SkillProps): FlowNode {
  const problems: AgentFileProblem[] = []
  const agents = new Map(props.definition.agents.map((agent) => [agent.name, agentBuilder(agent, props, problems)]))
  if (problems.length > 0) throw new AgentFileError(problems)
  return composeTopology(props.definition, agents)
}

class SkillBuilderImpl extends FlowBuilderBase implements SkillBuilder {
  readonly #props: SkillProps
  #node: FlowNode | undefined

  constructor(props: SkillProps) {
    super()
    this.#props = Object.freeze(props)
  }

  /** Composed on first use: a skill's tools may be injected after `Skill(path)`. */
  get node(): FlowNode {
    this.#node ??= skillNode(this.#props)
    return this.#node
  }

  protected get kit(): BuilderKit {
    return defaultBuilderKit
  }

  get skillName(): string {
    return this.#props.definition.name
  }

  get agentNames(): readonly string[] {
    return this.#props.definition.agents.map((agent) => agent.name)
  }

  #with(patch: Partial<SkillProps>): SkillBuilder {
    return new SkillBuilderImpl({ ...this.#props, ...patch })
  }

  inject(tools: Readonly<Record<string, ConfigTool>>): SkillBuilder {
    const path = [this.skillName, 'inject']
    if (typeof tools !== 'object' || tools === null || Array.isArray(tools))
      throwConfigIssue(
        'record_invalid',
        path,
        'expected an object of tools by name.',
        'For example .inject({ search: T.fn(search) }).',
      )
    const used = new Set(this.#props.definition.agents.flatMap((agent) => agent.tools.map((tool) => tool.name)))
    const unused = Object.keys(tools).filter((name) => ![...used].some((tool) => lookupName({ [name]: true }, tool)))
    if (unused.length > 0)
      throwConfigIssue(
        'skill_tool_unused',
        path,
        `no agent of skill "${this.skillName}" uses ${unused.map((name) => `"${name}"`).join(', ')}.`,
        `Tools its agents name: ${[...used].join(', ') || 'none'}.`,
      )
    return this.#with({ tools: Object.freeze({ ...this.#props.tools, ...tools }) })
  }

  model(model: string | BaseLlm): SkillBuilder {
    return this.#with({ model: parseModel(model, [this.skillName, 'model']) })
  }

  configure(agentName: string, overrides: SkillAgentConfigure): SkillBuilder {
    const path = [this.skillName, 'configure', agentName]
    if (!this.agentNames.includes(agentName))
      throwConfigIssue(
        'skill_agent_unknown',
        path,
        `skill "${this.skillName}" has no agent "${agentName}".`,
        `Its agents: ${this.agentNames.join(', ')}.`,
      )
    if (typeof overrides !== 'function') {
      if (typeof overrides !== 'object' || overrides === null)
        throwConfigIssue(
          'options_invalid',
          path,
          'expected overrides ({ model, instruct, … }) or a function (agent) => agent.',
        )
      const unknown = Object.keys(overrides).filter((key) => !overrideKeys.includes(key))
      if (unknown.length > 0)
        throwConfigIssue(
          'option_unknown',
          path,
          `unknown override ${unknown.map((key) => `"${key}"`).join(', ')}.`,
          `Overrides: ${overrideKeys.join(', ')}; or pass a function (agent) => agent.`,
        )
    }
    return this.#with({
      configured: Object.freeze([...this.#props.configured, { agent: agentName, change: overrides }]),
    })
  }
}

/**
 * A skill read from a `SKILL.md` (or the folder holding one) into a builder. Its YAML front matter names the skill
 * (`name`, `description`), its `agents` (`name`, `model?`, `description?`, `instruct`, `tools?`, `reads?`, `writes?`,
 * each becoming the `Agent(...)` you would write) and the `topology` (`a >> (b | c) >> d`: `>>` pipeline, `|` fan-out,
 * `* n` loop; without one the agents run in the listed order). The outermost workflow is named after the skill and
 * described by its `description` (a lone agent is the tree itself). The
 * Markdown body is documentation for people: it is not sent to any model. File problems throw an
 * {@link AgentFileError} at once; a named tool that is neither injected nor built in is one when the skill is first
 * composed, built or previewed.
 * @example const research = Skill('skills/research').inject({ search: T.fn(search) }).model('gemini-2.5-flash')
 */
export function Skill(path: string): SkillBuilder {
  return new SkillBuilderImpl({
    definition: readSkillFile(path),
    tools: Object.freeze({}),
    model: undefined,
    configured: Object.freeze([]),
  })
}
