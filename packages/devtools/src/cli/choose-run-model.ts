import { isAgentTool, isLlmAgent, type BaseAgent, type BaseLlm } from '@adk-fluent/core'
import { defaultModelName } from '@adk-fluent/core/internal'
import type { ScriptEntry } from '@adk-fluent/core/testing'
import { CliUsageError } from './cli-usage-error.js'
import { answerEveryModelWith } from './offline-models.js'

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

function isScript(value: unknown): value is readonly ScriptEntry[] | Readonly<Record<string, readonly ScriptEntry[]>> {
  if (Array.isArray(value)) return true
  return typeof value === 'object' && value !== null && Object.values(value).every((entry) => Array.isArray(entry))
}

/** Marks a module whose `mockScript` came from `--replies`: it is used even when Gemini credentials are set. */
export const repliesGiven: unique symbol = Symbol('adk-fluent.replies-given')

/** How `run` gets its models: the agents' own, Gemini with credentials, or the module's `mockScript` offline. */
export type RunModelChoice = { readonly kind: 'own' } | { readonly kind: 'gemini' } | { readonly kind: 'mock-script' }

/** How the serving commands name a {@link RunModelChoice} on their start line. */
export const runModelNames = {
  own: "the agents' own models",
  gemini: 'Gemini (GOOGLE_API_KEY)',
  'mock-script': 'offline, the mockScript replies',
} as const satisfies Record<RunModelChoice['kind'], string>

/**
 * Decides the models of a run. Agents whose model is a `BaseLlm` (`.mock()`, `.model(llm)`) keep it. When some agent's
 * model is a name (or no model at all): replies given with `--replies` run offline (credentials or not); else, with
 * `GOOGLE_API_KEY` / `GEMINI_API_KEY` set, names resolve to Gemini as usual; otherwise a `mockScript` export (replies
 * in call order, or `{ agentName: replies }`) becomes one shared `ScriptedLlm` that every model name resolves to,
 * offline; otherwise the run cannot go on (a {@link CliUsageError}).
 */
export function chooseRunModel(
  agent: BaseAgent,
  module: Readonly<Record<string, unknown>>,
  env: Readonly<Record<string, string | undefined>>,
  file: string,
): RunModelChoice {
  const [first] = namedModels(agent)
  if (!first) return { kind: 'own' }
  const repliesFile = (module as Readonly<Record<symbol, unknown>>)[repliesGiven]
  if (hasGeminiCredentials(env) && repliesFile === undefined) return { kind: 'gemini' }
  const script = module['mockScript']
  if (script === undefined) {
    throw new CliUsageError(
      `agent "${first.agent}" runs on "${first.model}" but GOOGLE_API_KEY is not set. Set GOOGLE_API_KEY (or GEMINI_API_KEY), give the agents a model (.model(llm) or .mock([...])), or export mockScript from ${file} (or pass --replies replies.json) to run offline.`,
    )
  }
  if (!isScript(script))
    throw new CliUsageError(`mockScript in ${file} must be a list of replies or { agentName: [replies] }.`)
  answerEveryModelWith(script)
  return { kind: 'mock-script' }
}
