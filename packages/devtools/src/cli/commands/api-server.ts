import { defineCommand } from '../command-definition.js'
import { fileOnly, parsePort, text } from '../argument-values.js'

/** `adk-fluent api-server`: ADK's HTTP API (and optionally Google's dev UI) on 127.0.0.1 until stopped. */
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
    replies: text(args.options.get('replies')),
  }),
  // Loaded when used: the other commands start without the API server's modules.
  execute: async (command, io) =>
    (await import('../../api-server/api-server-command.js')).apiServerCommand(command, io),
})
