import { defineCommand } from '../command-definition.js'
import { fileOnly, parsePort, text } from '../argument-values.js'
import { webCommand as serveWeb } from '../../web/web-command.js'

/** `adk-fluent web`: the dev UI on 127.0.0.1 until stopped. */
export const webCommand = defineCommand({
  name: 'web',
  options: { export: false, port: false, sessions: false, session: false, memory: false, replies: false },
  help: `  web <file> [--port 8000] [--sessions memory:] [--session id] [--memory memory:] [--replies file.json]
                                           the dev UI on 127.0.0.1: graph, anatomy, chat with a live trace,
                                           sessions, memories (see docs/web-api.md); --session opens that
                                           session; --memory stores the memories (the URIs of --sessions);
                                           --replies chats offline on per-agent replies`,
  parse: (args) => ({
    name: 'web' as const,
    ...fileOnly('web', args),
    port: parsePort(args.options.get('port')),
    sessions: text(args.options.get('sessions')),
    session: text(args.options.get('session')),
    replies: text(args.options.get('replies')),
    memory: text(args.options.get('memory')),
  }),
  execute: (command, io) => serveWeb(command, io),
})
