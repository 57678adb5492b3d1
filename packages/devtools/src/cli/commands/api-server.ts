import { basename, dirname, extname, resolve } from 'node:path'
import { defineCommand } from '../command-definition.js'
import { fileOnly, parsePort, text } from '../argument-values.js'
import { chooseRunModel, describeModels } from '../choose-run-model.js'
import { loadTarget } from '../load-target.js'
import { untilStopped } from '../until-stopped.js'
import { PortInUseError } from '../../http/port-in-use-error.js'
import { openSessions } from '../../web/open-sessions.js'

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

/**
 * `adk-fluent api-server <file>`: serves the module's builder as the app named after the file over ADK's HTTP API on
 * 127.0.0.1 (and Google's dev UI at `/dev-ui/` with `--adk-web`), prints the URL and serves until stopped (exit 0).
 * A port in use or a missing `@google/adk-devtools` says so (exit 1).
 */
export const apiServerCommand = defineCommand({
  name: 'api-server',
  options: { export: false, port: false, sessions: false, 'adk-web': true, replies: false },
  help: `  api-server <file> [--port 8000] [--sessions uri] [--adk-web] [--replies file.json]
                                           ADK's HTTP API (the routes of adk api_server) on 127.0.0.1, the app
                                           named after the file; --adk-web also serves Google's dev UI at /dev-ui/
                                           (needs @google/adk-devtools; see docs/adk-api-server.md); --replies
                                           runs the models offline on per-agent replies`,
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
    const { module, builder } = await loadTarget(input.file, input.exportName, io, input.replies)
    const appName = appNameOf(input.file)
    // The models: the agents' own, Gemini with a key, or the module's mockScript offline (a tree per run).
    const models = chooseRunModel(builder, module, io.env, input.file)
    const sessions = await openSessions(input.sessions)
    let server
    try {
      server = await startAdkApiServer({
        // Offline (or on .mock() scripts), a factory: every run gets a tree of its own, replaying its replies from the first.
        apps: { [appName]: models.perTurn ? () => models.tree() : models.tree() },
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
      `adk-fluent api-server: app "${appName}" at ${server.url}\n  models: ${describeModels(models.kind, module)}; sessions: ${sessions.uri}\n` +
        (input.adkWeb ? `  adk-web: ${server.url}/dev-ui/\n` : '') +
        '  Ctrl+C stops it.\n',
    )
    await stopped
    await server.close()
    await sessions.close()
    return 0
  },
})
