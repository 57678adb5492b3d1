import type { BaseAgent } from '../agents/base-agent.js'
import type { InvocationContext } from '../agents/invocation-context.js'
import { LoopAgent } from '../agents/loop-agent.js'
import type { Context } from '../agents/context.js'
import { BasePlugin } from '../plugins/base-plugin.js'

/**
 * The preview's observer plugin: it counts how often each direct child of a loop started (the loop's round) and how
 * often each agent on a workflow cycle started (its round in that cycle), and puts the first invocation on the
 * requested branch. It never changes what a run does.
 */
export class PreviewRounds extends BasePlugin {
  readonly #starts = new Map<BaseAgent, Map<BaseAgent, number>>()
  readonly #cyclic: ReadonlySet<BaseAgent>
  readonly #cycleStarts = new Map<BaseAgent, number>()
  #branch: string | undefined
  #branchSet = false

  /** @param cyclic agents on a cycle of a workflow graph. */
  constructor(branch: string | undefined, cyclic: ReadonlySet<BaseAgent> = new Set()) {
    super('adk_fluent_preview')
    this.#branch = branch
    this.#cyclic = cyclic
  }

  override beforeRunCallback({ invocationContext }: { invocationContext: InvocationContext }): undefined {
    // Agent tools run their agents in runs of their own (with this plugin): only the previewed run gets the branch.
    if (this.#branchSet) return undefined
    this.#branchSet = true
    if (this.#branch !== undefined) invocationContext.branch = this.#branch
    return undefined
  }

  override beforeAgentCallback({ agent }: { agent: BaseAgent; callbackContext: Context }): undefined {
    if (this.#cyclic.has(agent)) this.#cycleStarts.set(agent, (this.#cycleStarts.get(agent) ?? 0) + 1)
    if (agent instanceof LoopAgent) this.#starts.set(agent, new Map())
    const parent = agent.parentAgent
    if (parent instanceof LoopAgent) {
      const counts = this.#starts.get(parent)
      counts?.set(agent, (counts.get(agent) ?? 0) + 1)
    }
    return undefined
  }

  /** The round (1-based) of the innermost loop `agent` runs in, or `undefined` outside loops. */
  roundOf(agent: BaseAgent): number | undefined {
    if (this.#cyclic.has(agent)) return this.#cycleStarts.get(agent)
    let child = agent
    for (let parent = agent.parentAgent; parent; parent = parent.parentAgent) {
      if (parent instanceof LoopAgent) return this.#starts.get(parent)?.get(child)
      child = parent
    }
    return undefined
  }
}
