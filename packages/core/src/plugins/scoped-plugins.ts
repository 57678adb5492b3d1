import type { BaseAgent } from '../agents/base-agent.js'
import type { BasePlugin } from './base-plugin.js'

/**
 * The plugins around `agent`'s model calls: `runnerPlugins`, then those scoped to its ancestors (outermost first)
 * and to the agent itself (`BaseAgentConfig.plugins`). An instance reached twice runs once; a scoped plugin named
 * like one already in the list is left out (plugin names are unique within a run).
 * @internal
 */
export function scopedPlugins(agent: BaseAgent, runnerPlugins: readonly BasePlugin[]): readonly BasePlugin[] {
  let scoped: BasePlugin[] | undefined
  for (let node: BaseAgent | undefined = agent; node; node = node.parentAgent) {
    if (node.plugins.length > 0) (scoped ??= []).unshift(...node.plugins)
  }
  if (!scoped) return runnerPlugins
  const names = new Set(runnerPlugins.map((plugin) => plugin.name))
  const result = [...runnerPlugins]
  for (const plugin of scoped) {
    if (result.includes(plugin) || names.has(plugin.name)) continue
    names.add(plugin.name)
    result.push(plugin)
  }
  return result
}
