import { defineCommand } from '../command-definition.js'
import { fileOnly, parsePort, text } from '../argument-values.js'
import { chooseRunModel, describeModels } from '../choose-run-model.js'
import { loadA2aPackage } from '../load-a2a-package.js'
import { loadTarget } from '../load-target.js'
import { untilStopped } from '../until-stopped.js'
import { openSessions } from '../../web/open-sessions.js'

/**
 * `adk-fluent a2a <file>`: serves the module's agent tree as an A2A agent on 127.0.0.1 (card, JSON-RPC in A2A 1.0 and
 * the 0.3 method names) until stopped; `--sessions` keeps the conversations (a `contextId` is a session there).
 * Models as for `run`: the agents' own, Gemini with `GOOGLE_API_KEY`, else the module's `mockScript` (or `--replies`)
 * offline, each task replaying it from its first reply.
 */
export const a2aCommand = defineCommand({
  name: 'a2a',
  options: { export: false, port: false, sessions: false, replies: false },
  help: `  a2a <file> [--port 8000] [--sessions uri] [--replies file.json]
                                           serve it as an A2A agent on 127.0.0.1: the card at
                                           /.well-known/agent-card.json, JSON-RPC (A2A 1.0 and 0.3); an A2A
                                           contextId is a session (needs @adk-fluent/a2a); --replies runs the
                                           models offline on per-agent replies`,
  parse: (args) => ({
    name: 'a2a' as const,
    ...fileOnly('a2a', args),
    port: parsePort(args.options.get('port')),
    sessions: text(args.options.get('sessions')),
    replies: text(args.options.get('replies')),
  }),
  async execute(command, io) {
    const stopped = untilStopped(io)
    const { module, builder } = await loadTarget(command.file, command.exportName, io, command.replies)
    const { serveA2a } = await loadA2aPackage()
    const models = chooseRunModel(builder, module, io.env, command.file)
    const sessions = await openSessions(command.sessions)
    let server
    try {
      // Offline (or on .mock() scripts), a factory: every task gets a tree of its own, replaying its replies from the first.
      const target = models.perTurn ? () => models.tree() : models.tree()
      server = await serveA2a(target, { port: command.port, sessionService: sessions.service })
    } catch (error) {
      await sessions.close()
      if ((error as { code?: unknown }).code === 'EADDRINUSE') {
        io.stderr.write(
          `adk-fluent: port ${command.port} is in use on 127.0.0.1. Pass another with --port, or --port 0 for a free one.\n`,
        )
        return 1
      }
      throw error
    }
    io.stdout.write(
      `adk-fluent a2a: ${server.card.name} at ${server.url}\n  card: ${server.cardUrl}\n  models: ${describeModels(models.kind, module)}; sessions: ${sessions.uri}\n  Ctrl+C stops it.\n`,
    )
    await stopped
    await server.close()
    await sessions.close()
    return 0
  },
})
