import { defineCommand } from '../command-definition.js'
import { fileOnly } from '../argument-values.js'
import { loadTarget } from '../load-target.js'
import { print } from '../print.js'

/** `adk-fluent explain`: `.explain()` of the module's builder (`--json`: its JSON form). */
export const explainCommand = defineCommand({
  name: 'explain',
  options: { export: false, json: true },
  help: '  explain <file> [--json]                  model, instruction, data flow, tools, children and contract issues',
  parse: (args) => ({
    name: 'explain' as const,
    ...fileOnly('explain', args),
    json: args.options.get('json') === true,
  }),
  async execute(command, io) {
    const { builder } = await loadTarget(command.file, command.exportName, io, undefined, true)
    print(io, command.json ? JSON.stringify(builder.explain({ format: 'json' }), null, 2) : builder.explain())
    return 0
  },
})
