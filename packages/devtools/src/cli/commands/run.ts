import { defineCommand } from '../command-definition.js'
import { moduleArguments, parseState, text } from '../argument-values.js'
import { CliUsageError } from '../cli-usage-error.js'
import { loadTarget } from '../load-target.js'
import { runCommand as runOnce } from '../run-command.js'

/** `adk-fluent run`: one turn with a prompt, streamed. */
export const runCommand = defineCommand({
  name: 'run',
  options: { export: false, state: false, json: true, sessions: false, session: false, replies: false },
  help: `  run <file> "<prompt>" [--state '{json}'] [--json] [--sessions uri] [--session id] [--replies file.json]
                                           run once: the answer streams, with the agent at work shown;
                                           --json prints every event as a JSON line; --session id
                                           continues a stored conversation (sqlite:./file.db | postgresql://… |
                                           memory:; --session alone uses sqlite:.adk/sessions.db; stored
                                           sessions need @adk-fluent/sessions and its driver); --replies runs
                                           the models offline on per-agent replies ({ "agent": ["…"] })`,
  parse(args) {
    const { file, exportName, extra } = moduleArguments('run', args)
    const [prompt, ...unused] = extra
    if (prompt === undefined) throw new CliUsageError('"run" needs a prompt: adk-fluent run <file> "<prompt>".')
    if (unused.length > 0)
      throw new CliUsageError(`unexpected argument "${unused[0]}". Quote the prompt: adk-fluent run <file> "<prompt>".`)
    return {
      name: 'run' as const,
      file,
      exportName,
      prompt,
      state: parseState(args.options.get('state')),
      json: args.options.get('json') === true,
      /** Session store URI (`--sessions`); with only `--session`, the default SQLite file. */
      sessions: text(args.options.get('sessions')),
      /** Session id to continue (`--session`). */
      session: text(args.options.get('session')),
      replies: text(args.options.get('replies')),
    }
  },
  async execute(command, io) {
    const { module, builder } = await loadTarget(command.file, command.exportName, io, command.replies)
    return runOnce({ ...command, builder, module }, io)
  },
})
