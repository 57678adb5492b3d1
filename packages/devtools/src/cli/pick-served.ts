import { isApp, isRunnableRoot, type App, type RunnableRoot } from '@adk-fluent/core'
import type { FlowBuilder } from '@adk-fluent/fluent'
import { CliUsageError } from './cli-usage-error.js'
import { isBuilder, pickBuilder } from './pick-builder.js'

/** What a serving command serves: a fluent builder, a core `App` (its agent, plugins, resumability) or a core root agent. */
export type ServedTarget =
  | { readonly kind: 'builder'; readonly builder: FlowBuilder }
  | { readonly kind: 'app'; readonly app: App; readonly exportName: string }
  | { readonly kind: 'agent'; readonly agent: RunnableRoot; readonly exportName: string }

/** The one export found by `is` among `preferred` names, then `default`, then every export (several: `--export`). */
function findExport<T>(
  module: Readonly<Record<string, unknown>>,
  file: string,
  is: (value: unknown) => value is T,
  preferred: readonly string[],
  what: string,
): [string, T] | undefined {
  for (const name of [...preferred, 'default']) {
    const value = module[name]
    if (is(value)) return [name, value]
  }
  const found = Object.entries(module).filter((entry): entry is [string, T] => is(entry[1]))
  const distinct = found.filter(([, value], index) => found.findIndex(([, other]) => other === value) === index)
  if (distinct.length > 1)
    throw new CliUsageError(
      `${file} exports several ${what} (${distinct.map(([name]) => name).join(', ')}); pick one with --export <name>.`,
    )
  return distinct[0]
}

/**
 * What `api-server` serves from a loaded module, in the order of ADK's agent loader: a core `App` (the `app` export,
 * then `rootApp`, `default`, or the only one); else a fluent builder (see {@link pickBuilder}); else a core root agent
 * or workflow (the `rootAgent` export, then `default`, or the only one). `--export` names any of them. A module with
 * none of them is a {@link CliUsageError} naming the file.
 */
export function pickServed(
  module: Readonly<Record<string, unknown>>,
  file: string,
  exportName: string | undefined,
): ServedTarget {
  if (exportName !== undefined) {
    const value = module[exportName]
    if (isApp(value)) return { kind: 'app', app: value, exportName }
    if (isRunnableRoot(value)) return { kind: 'agent', agent: value, exportName }
    return { kind: 'builder', builder: pickBuilder(module, file, exportName) }
  }
  const app = findExport(module, file, isApp, ['app', 'rootApp'], 'apps')
  if (app) return { kind: 'app', app: app[1], exportName: app[0] }
  if (Object.values(module).some(isBuilder)) return { kind: 'builder', builder: pickBuilder(module, file, undefined) }
  const agent = findExport(module, file, isRunnableRoot, ['rootAgent'], 'root agents')
  if (agent) return { kind: 'agent', agent: agent[1], exportName: agent[0] }
  throw new CliUsageError(
    `${file} exports no fluent builder, core App or core rootAgent. Export one, for example: export const agent = Agent('helper').instruct('...'), or export const app = new App({ name: 'helper', rootAgent }).`,
  )
}
