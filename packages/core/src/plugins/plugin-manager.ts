import type { BasePlugin, PluginHook } from './base-plugin.js'
import type { InvocationContext } from '../agents/invocation-context.js'
import { ConfigError } from '../errors/config-error.js'
import { endsTheRun } from '../errors/adk-fluent-error.js'
import { PluginError } from '../errors/runtime-errors.js'
import { untilAborted } from '../flows/until-aborted.js'

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

  /**
   * Runs `hook` on every plugin until one returns something other than `undefined`; with `ctx`, a hook still pending
   * when the run is aborted (or times out) stops being waited for.
   */
  run<K extends PluginHook>(
    hook: K,
    params: HookParams<K>,
    ctx?: InvocationContext,
  ): Promise<HookResult<K> | undefined> {
    return runPluginHook(this.plugins, hook, params, ctx)
  }
}

/**
 * Runs `hook` on each of `plugins` in order until one returns something other than `undefined`. A plugin's error is a
 * {@link PluginError} naming it and the hook, except an error that ends the run (a guard violation, an open circuit,
 * an abort), which passes unchanged so its code survives; so is an answer that is not an object. With `ctx`, a hook
 * that has not settled when the run's abort signal fires (`abortSignal`, `timeoutMs`) is no longer waited for: the
 * run ends with the abort.
 */
export async function runPluginHook<K extends PluginHook>(
  plugins: readonly BasePlugin[],
  hook: K,
  params: HookParams<K>,
  ctx?: InvocationContext,
): Promise<HookResult<K> | undefined> {
  for (const plugin of plugins) {
    let result: unknown
    try {
      const returned = (plugin[hook] as (p: HookParams<K>) => unknown).call(plugin, params)
      result =
        ctx?.abortSignal && isThenable(returned) ? await untilAborted(ctx, Promise.resolve(returned)) : await returned
    } catch (error) {
      if (endsTheRun(error)) throw error
      const message = error instanceof Error ? error.message : String(error)
      throw new PluginError(`Error in plugin '${plugin.name}' during '${hook}' callback: ${message}`, {
        pluginName: plugin.name,
        hook,
        cause: error,
      })
    }
    if (result === undefined) continue
    if (typeof result !== 'object' || result === null)
      throw new PluginError(
        `Error in plugin '${plugin.name}' during '${hook}' callback: it returned ${result === null ? 'null' : typeof result}; a hook returns an object to replace the value, or undefined to leave it.`,
        { pluginName: plugin.name, hook },
      )
    return result as HookResult<K>
  }
  return undefined
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function'
}
