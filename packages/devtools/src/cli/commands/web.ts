import type { FlowBuilder } from '@adk-fluent/fluent'
import { defineCommand } from '../command-definition.js'
import { fileOnly, idValue, parsePort, text } from '../argument-values.js'
import { describeModels } from '../choose-run-model.js'
import { CliUsageError } from '../cli-usage-error.js'
import { loadSource } from '../load-source.js'
import { pickBuilder } from '../pick-builder.js'
import { pickServed } from '../pick-served.js'
import { untilStopped } from '../until-stopped.js'
import { openMemory, openSessions } from '../../web/open-sessions.js'
import { PortInUseError } from '../../http/port-in-use-error.js'
import { startWebServer } from '../../web/web-server.js'

/**
 * What to do with a module whose core `App` or root agent (see {@link pickServed}) the page cannot show: it draws and
 * runs builders only (its graph, anatomy and previews are the builder's), so `api-server --adk-web` serves it.
 */
function servedElsewhere(
  module: Readonly<Record<string, unknown>>,
  file: string,
  exportName: string | undefined,
): string {
  let target
  try {
    target = pickServed(module, file, exportName)
  } catch (error) {
    if (error instanceof CliUsageError) return ''
    throw error
  }
  if (target.kind === 'builder') return ''
  const what = target.kind === 'app' ? `the core App "${target.app.name}"` : `the core agent "${target.agent.name}"`
  return ` It exports ${what} (export ${target.exportName}), which this page does not show (it draws and runs fluent builders): serve it with adk-fluent api-server ${file} --adk-web (Google's dev UI, with the App's plugins and resumability).`
}

/**
 * `adk-fluent web <file>`: loads the module (or the agent config or skill, with `--replies`), starts the dev UI on
 * 127.0.0.1, prints its URL and serves until stopped (exit 0). A file that is not a module, or a module that does not
 * load, is a `CliUsageError` from the shared loader (exit 2, its error on stderr); a module without a builder (one with a
 * core `App` or root agent says to serve it with `api-server --adk-web`), or whose tree does not build, is served with
 * chat off and the page (and stderr) saying why; a taken port says so and suggests a free one (exit 1).
 */
export const webCommand = defineCommand({
  name: 'web',
  options: { export: false, port: false, sessions: false, session: false, memory: false, replies: false },
  help: `  web <file> [--port 8000] [--sessions memory:] [--session id] [--memory memory:] [--replies file.json]
                                           the dev UI on 127.0.0.1: graph, anatomy, chat with a live trace,
                                           sessions, memories (see docs/web-api.md); --session opens that
                                           session; --memory stores the memories (the URIs of --sessions);
                                           --replies chats offline on per-agent replies; a core App: use
                                           api-server --adk-web`,
  parse: (args) => ({
    name: 'web' as const,
    ...fileOnly('web', args),
    port: parsePort(args.options.get('port')),
    sessions: text(args.options.get('sessions')),
    /** The session the page opens (created when the store does not have it). */
    session: idValue('session', args.options.get('session')),
    /** `--replies`: per-agent replies the chat runs on offline. */
    replies: text(args.options.get('replies')),
    /** Where the memories are stored (`--memory`, the URIs of `--sessions`); default `memory:`. */
    memory: text(args.options.get('memory')),
  }),
  async execute(input, io) {
    const stopped = untilStopped(io)
    // The same loader as every other command: only modules are run, and a failure shows the module's own error.
    const module = await loadSource(input.file, io.cwd, input.replies)
    // A module that loads but gives no builder still gets its page, which says why (as the terminal does).
    let builder: FlowBuilder | undefined
    let noBuilder: string | undefined
    try {
      builder = pickBuilder(module, input.file, input.exportName)
    } catch (error) {
      if (!(error instanceof CliUsageError)) throw error
      noBuilder = error.message + servedElsewhere(module, input.file, input.exportName)
    }
    const sessions = await openSessions(input.sessions)
    let memory
    try {
      memory = await openMemory(input.memory)
    } catch (error) {
      await sessions.close()
      throw error
    }
    let server
    try {
      server = await startWebServer({
        builder,
        ...(noBuilder === undefined ? {} : { noBuilder }),
        module,
        file: input.file,
        env: io.env,
        port: input.port,
        sessionService: sessions.service,
        sessionsUri: sessions.uri,
        memoryService: memory.service,
        memoryUri: memory.uri,
        ...(input.session === undefined ? {} : { session: input.session }),
      })
    } catch (error) {
      await sessions.close()
      await memory.close()
      if (PortInUseError.isInstance(error)) {
        io.stderr.write(`adk-fluent: ${error.message}\n`)
        return 1
      }
      throw error
    }
    const models = server.app.models === undefined ? 'none (chat is off)' : describeModels(server.app.models, module)
    io.stdout.write(
      `adk-fluent web: ${server.app.appName} at ${server.url}\n  models: ${models}; sessions: ${sessions.uri}; memory: ${memory.uri}\n  Ctrl+C stops it.\n`,
    )
    if (server.app.buildProblem !== undefined)
      io.stderr.write(
        `adk-fluent: ${server.app.chatOff}\n${server.app.buildProblem.message}\nThe page shows what can be shown.\n`,
      )
    await stopped
    await server.close()
    await sessions.close()
    await memory.close()
    return 0
  },
})
