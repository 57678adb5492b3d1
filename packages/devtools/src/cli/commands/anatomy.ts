import { anatomyCommand as showAnatomy } from '../anatomy-command.js'
import { defineCommand } from '../command-definition.js'
import { fileOnly, parseState, text } from '../argument-values.js'
import { loadTarget } from '../load-target.js'
import { print } from '../print.js'

/** `adk-fluent anatomy`: what each model receives (symbolic, or every call of a previewed run). */
export const anatomyCommand = defineCommand({
  name: 'anatomy',
  options: { export: false, state: false, message: false, replies: false, at: false, json: true },
  help: `  anatomy <file> [--state '{json}'] [--message text] [--replies file.json] [--at agent] [--json]
                                           what each model receives: without options symbolically; with them,
                                           every model call of a previewed run (a stand-in model, no network),
                                           --at one agent's calls, --json the recorded requests`,
  parse: (args) => ({
    name: 'anatomy' as const,
    ...fileOnly('anatomy', args),
    state: parseState(args.options.get('state')),
    message: text(args.options.get('message')),
    replies: text(args.options.get('replies')),
    at: text(args.options.get('at')),
    json: args.options.get('json') === true,
  }),
  async execute(command, io) {
    const { builder } = await loadTarget(command.file, command.exportName, io)
    print(io, await showAnatomy(builder, command, io))
    return 0
  },
})
