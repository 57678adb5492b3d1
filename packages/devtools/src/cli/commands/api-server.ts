import { basename, dirname, extname, resolve } from 'node:path'
import { defineCommand } from '../command-definition.js'
import { fileOnly, parsePort, text } from '../argument-values.js'
import { chooseBuiltModel, chooseRunModel, describeModels, type RunModelChoice } from '../choose-run-model.js'
import { loadSource } from '../load-source.js'
import { pickServed, type ServedTarget } from '../pick-served.js'
import { untilStopped } from '../until-stopped.js'
import { PortInUseError } from '../../http/port-in-use-error.js'
import { openSessions } from '../../web/open-sessions.js'
import type { AdkApiApp } from '../../api-server/api-apps.js'

/**
 * The app's name: the file's name without its extension (`support.ts` → `support`), as ADK names an app after its
 * folder; for an agent file that ADK finds by its fixed name (`root_agent.yaml`, `SKILL.md`), its folder's name.
 */
export function appNameOf(file: string): string {
  const name = basename(file)
  if (name === 'root_agent.yaml' || name === 'root_agent.yml' || name.toLowerCase() === 'skill.md')
    return basename(dirname(resolve(file)))
  return basename(file, extname(file))
}

/** A core `App` or root agent served by the CLI: the app's name and what the start line calls it. */
function builtTarget(target: Exclude<ServedTarget, { kind: 'builder' }>): { name: string; what: string } {
  if (target.kind === 'app')
    return { name: target.app.name, what: `App "${target.app.name}" (export ${target.exportName})` }
  return { name: target.agent.name, what: `agent "${target.agent.name}" (export ${target.exportName})` }
}

/** The app name, what the app is, the served value and its models, for what {@link pickServed} found. */
function served(
  target: ServedTarget,
  module: Readonly<Record<string, unknown>>,
  env: Readonly<Record<string, string | undefined>>,
  file: string,
): { name: string; app: AdkApiApp; models: RunModelChoice; what: string } {
  if (target.kind === 'builder') {
    // The models: the agents' own, Gemini with a key, or the module's mockScript offline (a tree per run).
    const models = chooseRunModel(target.builder, module, env, file)
    // Offline (or on .mock() scripts), a factory: every run gets a tree of its own, replaying its replies from the first.
    return { name: appNameOf(file), app: models.perTurn ? () => models.tree() : models.tree(), models, what: '' }
  }
  const { name, what } = builtTarget(target)
  const models = chooseBuiltModel(target.kind === 'app' ? target.app.rootAgent : target.agent, module, env, what)
  return { name, app: target.kind === 'app' ? target.app : target.agent, models, what: ` (${what})` }
}

/**
 * `adk-fluent api-server <file>`: serves the module over ADK's HTTP API on 127.0.0.1 (and Google's dev UI at `/dev-ui/`
 * with `--adk-web`), prints the URL and serves until stopped (exit 0). It serves, as ADK's loader finds them, a core
 * `App` under its own name with its plugins and resumability, else a builder as the app named after the file, else a
 * core `rootAgent` under its name. A port in use or a missing `@google/adk-devtools` says so (exit 1).
 */
export const apiServerCommand = defineCommand({
  name: 'api-server',
  options: { export: false, port: false, sessions: false, 'adk-web': true, replies: false },
  help: `  api-server <file> [--port 8000] [--sessions uri] [--adk-web] [--replies file.json]
                                           ADK's HTTP API (the routes of adk api_server) on 127.0.0.1: an exported
                                           core App under its name (its plugins, resumability and models), else
                                           the builder as the app named after the file, else a core rootAgent;
                                           --adk-web also serves Google's dev UI at /dev-ui/ (needs
                                           @google/adk-devtools; see docs/adk-api-server.md); --replies runs a
                                           builder's models offline on per-agent replies (not an App's)`,
  parse: (args) => ({
    name: 'api-server' as const,
    ...fileOnly('api-server', args),
    port: parsePort(args.options.get('port')),
    sessions: text(args.options.get('sessions')),
    adkWeb: args.options.get('adk-web') === true,
    /** `--replies`: per-agent replies the models run on offline. */
    replies: text(args.options.get('replies')),
  }),
  async execute(input, io) {
    const stopped = untilStopped(io)
    // Loaded when used: the other commands start without the API server's modules.
    const { startAdkApiServer } = await import('../../api-server/adk-api-server.js')
    const { AdkWebMissingError } = await import('../../api-server/adk-web-assets.js')
    const module = await loadSource(input.file, io.cwd, input.replies)
    const {
      name: appName,
      app,
      models,
      what,
    } = served(pickServed(module, input.file, input.exportName), module, io.env, input.file)
    const sessions = await openSessions(input.sessions)
    let server
    try {
      server = await startAdkApiServer({
        apps: { [appName]: app },
        port: input.port,
        sessionService: sessions.service,
        adkWeb: input.adkWeb,
      })
    } catch (error) {
      await sessions.close()
      const taken = PortInUseError.isInstance(error)
      if (taken || AdkWebMissingError.isInstance(error)) {
        io.stderr.write(
          `adk-fluent: ${taken ? `port ${input.port} on 127.0.0.1 is already in use. Pick another with --port <n>.` : error.message}\n`,
        )
        return 1
      }
      throw error
    }
    io.stdout.write(
      `adk-fluent api-server: app "${appName}"${what} at ${server.url}\n  models: ${describeModels(models.kind, module)}; sessions: ${sessions.uri}\n` +
        (input.adkWeb ? `  adk-web: ${server.url}/dev-ui/\n` : '') +
        '  Ctrl+C stops it.\n',
    )
    await stopped
    await server.close()
    await sessions.close()
    return 0
  },
})
