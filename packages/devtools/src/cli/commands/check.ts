import { formatIssues } from '@adk-fluent/fluent/internal'
import { defineCommand } from '../command-definition.js'
import { fileOnly, parseState } from '../argument-values.js'
import { loadTarget } from '../load-target.js'
import { print } from '../print.js'

/** `adk-fluent check`: the contract checker; exit code 1 when it finds errors. */
export const checkCommand = defineCommand({
  name: 'check',
  options: { export: false, state: false },
  help: "  check <file> [--state '{json}']          the contract checker (exit code 1 when it finds errors)",
  parse: (args) => ({
    name: 'check' as const,
    ...fileOnly('check', args),
    state: parseState(args.options.get('state')),
  }),
  async execute(command, io) {
    const { builder } = await loadTarget(command.file, command.exportName, io, undefined, true)
    const issues = builder.check(command.state ? { initialState: Object.keys(command.state) } : {})
    print(io, issues.length > 0 ? formatIssues(issues).join('\n') : 'No contract issues.')
    return issues.some((issue) => issue.level === 'error') ? 1 : 0
  },
})
