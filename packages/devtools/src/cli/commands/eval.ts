import { defineCommand } from '../command-definition.js'
import { moduleArguments, text } from '../argument-values.js'
import { CliUsageError } from '../cli-usage-error.js'
import { evalCommand as runEval } from '../eval-command.js'
import { loadTarget } from '../load-target.js'

/** `adk-fluent eval`: ADK eval sets through `@adk-fluent/eval`. */
export const evalCommand = defineCommand({
  name: 'eval',
  options: {
    export: false,
    config_file_path: false,
    num_runs: false,
    print_detailed_results: true,
    junit: false,
    replies: false,
  },
  help: `  eval <file> <evalset.json>[:case_id,...] [--config_file_path f] [--num_runs n] [--print_detailed_results]
       [--junit results.xml] [--replies f] ADK eval sets: scores, ADK's report, the result
                                           under .adk/eval_history/; exit code 1 when a case does not pass;
                                           --replies runs the models offline on per-agent replies`,
  parse(args) {
    const { file, exportName, extra: evalSets } = moduleArguments('eval', args)
    if (evalSets.length === 0)
      throw new CliUsageError('"eval" needs an eval set: adk-fluent eval <file> <evalset.json>[:case_id,...].')
    const runs = text(args.options.get('num_runs'))
    const numRuns = runs === undefined ? undefined : Number(runs)
    if (numRuns !== undefined && (!Number.isInteger(numRuns) || numRuns < 1))
      throw new CliUsageError(`--num_runs must be a positive integer, got "${runs}".`)
    return {
      name: 'eval' as const,
      file,
      exportName,
      evalSets,
      configFile: text(args.options.get('config_file_path')),
      numRuns,
      printDetailedResults: args.options.get('print_detailed_results') === true,
      junitFile: text(args.options.get('junit')),
      replies: text(args.options.get('replies')),
    }
  },
  async execute(command, io) {
    const { module, builder } = await loadTarget(command.file, command.exportName, io, command.replies)
    return runEval({ ...command, builder, module }, io)
  },
})
