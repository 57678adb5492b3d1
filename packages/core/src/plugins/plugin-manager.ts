import type { BasePlugin, PluginHook } from './base-plugin.js'
import { ConfigError } from '../errors/config-error.js'
import { endsTheRun } from '../errors/adk-fluent-error.js'

type HookParams<K extends PluginHook> = Parameters<BasePlugin[K]>[0]
type HookResult<K extends PluginHook> = Awaited<ReturnType<BasePlugin[K]>>

/** Runs plugin hooks in registration order, stopping at the first plugin that returns a value. */
export class PluginManager {
  readonly plugins: BasePlugin[] = []

  constructor(plugins: readonly BasePlugin[] = []) {
    for (const plugin of plugins) this.registerPlugin(plugin)
  }

  registerPlugin(plugin: BasePlugin): void {
    const twice = this.plugins.includes(plugin)
    if (twice || this.plugins.some((existing) => existing.name === plugin.name)) {
      throw new ConfigError([
        {
          code: 'plugin_name_duplicate',
          path: ['plugins', plugin.name],
          message: twice
            ? `Plugin '${plugin.name}' already registered.`
            : `Plugin with name '${plugin.name}' already registered.`,
          hint: twice ? 'Pass each plugin once.' : 'Give each plugin of a run its own name.',
        },
      ])
    }
    this.plugins.push(plugin)
  }

  getPlugin(name: string): BasePlugin | undefined {
    return this.plugins.find((plugin) => plugin.name === name)
  }

  /** Runs `hook` on every plugin until one returns something other than `undefined`. */
  run<K extends PluginHook>(hook: K, params: HookParams<K>): Promise<HookResult<K> | undefined> {
    return runPluginHook(this.plugins, hook, params)
  }
}

/**
 * Runs `hook` on each of `plugins` in order until one returns something other than `undefined`. A plugin's error is
 * wrapped with its name, except an error that ends the run (a guard violation, an open circuit, an abort), which
 * passes unchanged so its code survives.
 */
export async function runPluginHook<K extends PluginHook>(
  plugins: readonly BasePlugin[],
  hook: K,
  params: HookParams<K>,
): Promise<HookResult<K> | undefined> {
  for (const plugin of plugins) {
    let result: unknown
    try {
      result = await (plugin[hook] as (p: HookParams<K>) => unknown).call(plugin, params)
    } catch (error) {
      if (endsTheRun(error)) throw error
      const message = error instanceof Error ? error.message : String(error)
      throw new Error(`Error in plugin '${plugin.name}' during '${hook}' callback: ${message}`, { cause: error })
    }
    if (result !== undefined) return result as HookResult<K>
  }
  return undefined
}
