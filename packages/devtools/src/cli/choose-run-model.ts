import { isAgentTool, isLlmAgent, type BaseAgent, type BaseLlm } from '@adk-fluent/core'
import { defaultModelName } from '@adk-fluent/core/internal'
import { CliUsageError } from './cli-usage-error.js'
import { didYouMean } from './did-you-mean.js'
import { buildOnScript, type OfflineScript } from './offline-models.js'

/**
 * The LLM agents of a built tree (agent tools included) whose model is a name — their own, an ancestor's, or the default
 * one — with that name.
 */
export function namedModels(
  agent: BaseAgent,
  inherited: string | BaseLlm | undefined = undefined,
): { agent: string; model: string }[] {
  const own = isLlmAgent(agent) ? agent.model : undefined
  const model = own ?? inherited
  const here =
    isLlmAgent(agent) && typeof model !== 'object' ? [{ agent: agent.name, model: model ?? defaultModelName() }] : []
  const tools = isLlmAgent(agent)
    ? agent.tools.flatMap((tool) => (isAgentTool(tool) ? namedModels(tool.agent, model) : []))
    : []
  return [...here, ...agent.subAgents.flatMap((sub) => namedModels(sub, model)), ...tools]
}

/** True when the environment has Gemini credentials (an API key, or Vertex AI). */
export function hasGeminiCredentials(env: Readonly<Record<string, string | undefined>>): boolean {
  return Boolean(
    env['GOOGLE_API_KEY']?.trim() || env['GEMINI_API_KEY']?.trim() || env['GOOGLE_GENAI_USE_VERTEXAI'] === 'true',
  )
}

function isScript(value: unknown): value is OfflineScript {
  if (Array.isArray(value)) return true
  return typeof value === 'object' && value !== null && Object.values(value).every((entry) => Array.isArray(entry))
}

/**
 * Per-agent replies (`{ agentName: [replies] }`) may only name agents that answer from them (`agents`): any other
 * name is a typo, a {@link CliUsageError} for each with the closest name. A list of replies names no agent.
 */
export function checkScriptAgents(script: unknown, agents: readonly string[], where: string): void {
  if (typeof script !== 'object' || script === null || Array.isArray(script)) return
  const unknown = Object.keys(script).filter((name) => !agents.includes(name))
  if (unknown.length === 0) return
  throw new CliUsageError(
    unknown
      .map(
        (name) =>
          `${where} has replies for "${name}", which is no agent that answers from them (${agents.join(', ') || 'none'}).${didYouMean(name, agents)}`,
      )
      .join('\n'),
  )
}

/** Marks a module whose `mockScript` came from `--replies` (the file's name): used even when Gemini credentials are set. */
export const repliesGiven: unique symbol = Symbol('adk-fluent.replies-given')

/** The `--replies` file a module's `mockScript` came from, or `undefined` for the module's own `mockScript`. */
export function repliesFileOf(module: Readonly<Record<string, unknown>>): string | undefined {
  const file = (module as Readonly<Record<symbol, unknown>>)[repliesGiven]
  return typeof file === 'string' ? file : undefined
}

/**
 * How a command's turns get their models — the agents' own, Gemini with credentials, or offline on the module's
 * `mockScript` (or `--replies`) — and the tree each turn runs on.
 */
export interface RunModelChoice {
  readonly kind: 'own' | 'gemini' | 'mock-script'
  /**
   * True when each turn needs a tree of its own: offline on the script, or on the agents' own models (a `.mock()`
   * script is fresh in each build). Servers then take a function app / target; otherwise one tree serves every turn.
   */
  readonly perTurn: boolean
  /**
   * The tree of one turn (a run, a served message or A2A task, an eval case). Offline, a tree built on a fresh copy
   * of the script (see {@link buildOnScript}), so every turn replays it from its first reply; on the agents' own
   * models, the tree built again (after the first turn); on Gemini, the same tree every time.
   */
  tree(): BaseAgent
}

/**
 * What a serving command's start line says about its models: where offline replies come from (the module's
 * `mockScript` or the `--replies` file) and that every turn replays them.
 */
export function describeModels(kind: RunModelChoice['kind'], module: Readonly<Record<string, unknown>>): string {
  if (kind === 'own') return "the agents' own models"
  if (kind === 'gemini') return 'Gemini (GOOGLE_API_KEY)'
  const replies = repliesFileOf(module)
  return `offline, ${replies === undefined ? 'the mockScript replies' : `the replies of ${replies}`} (every turn replays them from the first)`
}

/**
 * Decides the models of a command's turns. Agents whose model is a `BaseLlm` (`.mock()`, `.model(llm)`) keep it. When
 * some agent's model is a name (or no model at all): replies given with `--replies` run offline (credentials or not);
 * else, with `GOOGLE_API_KEY` / `GEMINI_API_KEY` set, names resolve to Gemini as usual; otherwise a `mockScript`
 * export (replies in call order, or `{ agentName: replies }`) answers every model name offline, each turn on a fresh
 * copy; otherwise the run cannot go on (a {@link CliUsageError}). `built` is the builder's tree when the caller has
 * built it already.
 */
export function chooseRunModel(
  builder: { build(): BaseAgent },
  module: Readonly<Record<string, unknown>>,
  env: Readonly<Record<string, string | undefined>>,
  file: string,
  built: BaseAgent = builder.build(),
): RunModelChoice {
  const named = namedModels(built)
  const answering = [...new Set(named.map((entry) => entry.agent))]
  const replies = repliesFileOf(module)
  // Replies asked for with --replies must be for agents that answer from them, whatever the models turn out to be.
  if (replies !== undefined) checkScriptAgents(module['mockScript'], answering, `--replies file ${replies}`)
  const [first] = named
  const same = { perTurn: false, tree: () => built }
  if (!first) return ownModels(builder, built)
  if (hasGeminiCredentials(env) && replies === undefined) return { kind: 'gemini', ...same }
  const script = module['mockScript']
  if (script === undefined) {
    throw new CliUsageError(
      `agent "${first.agent}" runs on "${first.model}" but GOOGLE_API_KEY is not set. Set GOOGLE_API_KEY (or GEMINI_API_KEY), give the agents a model (.model(llm) or .mock([...])), or export mockScript from ${file} (or pass --replies replies.json) to run offline.`,
    )
  }
  if (!isScript(script))
    throw new CliUsageError(`mockScript in ${file} must be a list of replies or { agentName: [replies] }.`)
  if (replies === undefined) checkScriptAgents(script, answering, `mockScript in ${file}`)
  return { kind: 'mock-script', perTurn: true, tree: () => buildOnScript(builder, script) }
}

/**
 * Every agent has a model of its own. A `.mock()` script would run out of replies on a second turn of one tree (each
 * build gives it a fresh `ScriptedLlm`; a class check cannot pick those out, as the module may load another copy of
 * core), so every turn after the first builds the tree again; a model given with `.model(llm)` is the same instance.
 */
function ownModels(builder: { build(): BaseAgent }, built: BaseAgent): RunModelChoice {
  let first: BaseAgent | undefined = built
  const tree = (): BaseAgent => {
    const agent = first ?? builder.build()
    first = undefined
    return agent
  }
  return { kind: 'own', perTurn: true, tree }
}

/**
 * The models of a served core `App` or root agent: its agents' own, or Gemini for agents whose model is a name. Offline
 * replies (`--replies`, a `mockScript` export) build a fluent tree on a script, which an already built tree cannot take:
 * `--replies` is a {@link CliUsageError}, and so is a model name without Gemini credentials (saying that `mockScript`
 * does not apply). `what` names the export (`App "desk" (export app)`).
 */
export function chooseBuiltModel(
  root: BaseAgent,
  module: Readonly<Record<string, unknown>>,
  env: Readonly<Record<string, string | undefined>>,
  what: string,
): RunModelChoice {
  const replies = repliesFileOf(module)
  if (replies !== undefined)
    throw new CliUsageError(
      `--replies ${replies} does not apply to ${what}: its agents are built and run on their own models. Give them a model (a ScriptedLlm, or .mock([...]) before build()), or export a fluent builder to run it on --replies.`,
    )
  const same = { perTurn: false, tree: () => root }
  const [first] = namedModels(root)
  if (!first) return { kind: 'own', ...same }
  if (hasGeminiCredentials(env)) return { kind: 'gemini', ...same }
  throw new CliUsageError(
    `agent "${first.agent}" of ${what} runs on "${first.model}" but GOOGLE_API_KEY is not set. Set GOOGLE_API_KEY (or GEMINI_API_KEY), or give the agent a model (a BaseLlm instance)${module['mockScript'] === undefined ? '' : '; mockScript does not apply to an App or a built agent, only to a fluent builder'}.`,
  )
}
