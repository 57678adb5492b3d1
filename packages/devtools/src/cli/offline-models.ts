import {
  BaseLlm,
  LLMRegistry,
  isAgentTool,
  isLlmAgent,
  type BaseAgent,
  type LlmRequest,
  type LlmResponse,
} from '@adk-fluent/core'
import { ScriptedLlm, type ScriptEntry } from '@adk-fluent/core/testing'

/** A module's `mockScript` (or `--replies`): replies in call order, or `{ agentName: replies }`. */
export type OfflineScript = readonly ScriptEntry[] | Readonly<Record<string, readonly ScriptEntry[]>>

/**
 * A model name answered by a script: the request names the model the agent asked for (`gemini-2.5-flash`), as it
 * would on line, while the replies come from the `ScriptedLlm` copy of the script its tree was built on.
 */
class ScriptedUnderName extends BaseLlm {
  readonly #script: ScriptedLlm

  constructor(model: string, script: ScriptedLlm) {
    super({ model })
    this.#script = script
  }

  generateContentAsync(
    request: LlmRequest,
    stream?: boolean,
    abortSignal?: AbortSignal,
  ): AsyncGenerator<LlmResponse, void, undefined> {
    return this.#script.generateContentAsync(request, stream, abortSignal)
  }
}

/** The copy of the script that names resolved now answer from: the one of the tree built last. */
let current: ScriptedLlm | undefined

/** The registry's factory while an offline command runs: every model name answers from {@link current}. */
function answerFromCurrentCopy(name: string): BaseLlm {
  return new ScriptedUnderName(name, current as ScriptedLlm)
}

/** A name no real model has: only a catch-all registration resolves it. */
const probe = '\u0000adk-fluent-offline'

/** Each LLM agent of a tree (agent tools' agents too) resolves its model now, not at its first call. */
function resolveModels(agent: BaseAgent): void {
  if (isLlmAgent(agent)) {
    void agent.canonicalModel
    for (const tool of agent.tools) if (isAgentTool(tool)) resolveModels(tool.agent)
  }
  for (const sub of agent.subAgents) resolveModels(sub)
}

/**
 * Builds `builder`'s tree on a fresh copy of `script`, offline: every model name of the tree answers from that copy
 * (each request still names the agent's own model), so a turn run on the tree replays the script from its first
 * reply — the second message of a session, a second session, an A2A task, an eval case each start over. Trees built
 * earlier keep their own copies, so turns running at the same time do not take each other's replies. Models resolved
 * by name while a tree runs (an eval judge, say) answer from the copy of the tree built last.
 *
 * The one way every command runs models offline: one catch-all registration in `LLMRegistry`, made again only when
 * another catch-all came before it (building does not add an entry per turn).
 */
export function buildOnScript(builder: { build(): BaseAgent }, script: OfflineScript): BaseAgent {
  current = new ScriptedLlm(script)
  if (LLMRegistry.resolve(probe) !== answerFromCurrentCopy) LLMRegistry.register(/.*/, answerFromCurrentCopy)
  const tree = builder.build()
  // Agents without a model of their own resolve the default one on first use: bind them to this copy now.
  resolveModels(tree)
  return tree
}
