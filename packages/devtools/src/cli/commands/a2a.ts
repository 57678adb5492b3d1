import { defineCommand } from '../command-definition.js'
import { fileOnly, parsePort, text } from '../argument-values.js'
import { a2aCommand } from '../a2a-command.js'
import { loadTarget } from '../load-target.js'

/** `adk-fluent a2a`: the agent tree as an A2A agent on 127.0.0.1 until stopped. */
export const a2aServeCommand = defineCommand({
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
    const { module, builder } = await loadTarget(command.file, command.exportName, io, command.replies)
    return a2aCommand({ file: command.file, builder, module, port: command.port, sessions: command.sessions }, io)
  },
})
