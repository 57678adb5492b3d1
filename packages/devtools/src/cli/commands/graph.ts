import { defineCommand } from '../command-definition.js'
import { fileOnly } from '../argument-values.js'
import { CliUsageError } from '../cli-usage-error.js'
import { didYouMean } from '../did-you-mean.js'
import { loadTarget } from '../load-target.js'
import { print } from '../print.js'

/** `adk-fluent graph`: the topology as ASCII (default) or Mermaid. */
export const graphCommand = defineCommand({
  name: 'graph',
  options: { export: false, format: false },
  help: '  graph <file> [--format ascii|mermaid]    the topology, with data-flow edges labelled by state key',
  parse(args) {
    const format = args.options.get('format') ?? 'ascii'
    if (format !== 'mermaid' && format !== 'ascii')
      throw new CliUsageError(
        `--format must be mermaid or ascii, got "${String(format)}".${didYouMean(String(format), ['mermaid', 'ascii'])}`,
      )
    return { name: 'graph' as const, ...fileOnly('graph', args), format }
  },
  async execute(command, io) {
    const { builder } = await loadTarget(command.file, command.exportName, io, undefined, true)
    print(io, command.format === 'mermaid' ? builder.toMermaid() : builder.toAscii())
    return 0
  },
})
